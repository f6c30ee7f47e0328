/**
 * npm run bench:clicks — how many clicks one Sky, Sea, and JUNGLE turn takes a person in the
 * browser (issue 42 item 5). The real app (buildApp on the in-memory store, a fixed seed, the
 * dice from the seed alone) serves the production build; Debian's Chromium creates a match on
 * the home page as Allied against the plausible computer, and plays AugI by clicks, from the
 * first "Your move" until AugII is the current turn (or the match ends). The person plays as
 * the e2e "play through" does (test/support/play.ts): passing, confirming, ending and "Done"
 * first, else the first choice or target offered. Prints the clicks, and the clicks per
 * prompt (the decision's first words), most first.
 * Builds dist/web when it is stale; needs /usr/bin/chromium.
 * Usage: npm run bench:clicks -- [desktop|phone] [pass] [augii]   (pass: the pass-first person, else the active one;
 * augii: go on through AugII, to AugIII or the match's end, and print the clicks of each turn;
 * BENCH_WEB_DIR=<dir>: serve another build, e.g. the one before a change)
 */
import { DESKTOP, ensureWebBuild, launchBrowser, PHONE, WEB_DIR } from '../test/support/e2e';
import { activePlayer, playThrough } from '../test/support/play';
import { startMemoryApp } from '../test/support/memory-app';

const VIEWPORT = process.argv.includes('phone') ? PHONE : DESKTOP;
/** The turns played: AugI, and AugII too with `augii` (each until the next turn is current or the match ends). */
const TURNS = process.argv.includes('augii') ? ['AugI', 'AugII'] : ['AugI'];

async function main(): Promise<void> {
  // BENCH_WEB_DIR: another build of the client (the one before a change, to compare).
  const webDir = process.env.BENCH_WEB_DIR ?? WEB_DIR;
  if (!process.env.BENCH_WEB_DIR) ensureWebBuild();
  const built = await startMemoryApp({
    webDir,
    service: { newSeed: () => 'bench-clicks-0000000000000000000000000000000000000000000000000000', seatValues: false },
  });
  const url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const browser = await launchBrowser(0);
  try {
    const p = await (await browser.newContext(VIEWPORT)).newPage();
    await p.goto(url + '/');
    await p.getByTestId('game').selectOption('ssj');
    await p.getByLabel('Allied', { exact: true }).check();
    await p.getByLabel('Play against the computer').selectOption('japanese:plausible');
    await p.getByRole('button', { name: 'Create the match' }).click();
    await p.getByTestId('created').waitFor();
    await p.getByTestId('open-own-seat').click();
    await p.getByTestId('banner').waitFor();
    const over = p.getByTestId('banner').filter({ hasText: /^Game over/ });
    const current = p.locator('g.track g.turn.current');
    const person = process.argv.includes('pass') ? undefined : activePlayer(p);
    const where = VIEWPORT === PHONE ? 'phone 390×844' : 'desktop 1280×800';
    // A turn a time: from the first "Your move" (AugI) until the next turn is current or the match ends.
    let total = 0;
    for (const turn of TURNS) {
      if (await over.isVisible()) break;
      const played = TURNS.slice(0, TURNS.indexOf(turn) + 1);
      const done = p.locator(`g.track g.turn.current${played.map((t) => `:not([data-turn="${t}"])`).join('')}`).or(over);
      const started = Date.now();
      const { clicks, byPrompt } = await playThrough(p, done.first(), 900_000, person);
      const seconds = (Date.now() - started) / 1000;
      total += clicks;
      console.log(`SSJ ${turn} as Allied against the plausible computer (${where}): ${clicks} clicks in ${seconds.toFixed(0)} s`);
      for (const [prompt, n] of [...byPrompt].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${prompt}`);
    }
    if (process.env.BENCH_SHOT) await p.screenshot({ path: process.env.BENCH_SHOT });
    console.log('turn now:', await current.getAttribute('data-turn'), await p.getByTestId('banner').textContent());
    if (TURNS.length > 1) console.log(`clicks per turn (${where}): ${(total / TURNS.length).toFixed(1)} over ${TURNS.join(', ')}; ${total} in all`);
  } finally {
    await browser.close();
    await built.app.close();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
