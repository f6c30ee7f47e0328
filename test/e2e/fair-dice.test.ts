/**
 * Dice nobody can choose (docs/fairness.md), in a real browser. The Allied player's page
 * takes its seat with a value of its own, committing only its hash; it reveals the value
 * only once the other seat (a script, through the API) has committed, and keeps the
 * commitment it saw. After the match the page checks the reveal and re-runs the whole
 * match file in the browser, and shows "Dice verified: server and both players' values
 * match their commitments." The downloaded file verifies on the /verify page; a tampered
 * copy does not.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { randomBot } from '../../src/bots';
import { api } from '../support/server';
import { e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ lastScreenshots: 'fair-dice-last' });
const pageErrors = e2e.pageErrors;
let page: Page;

beforeAll(async () => {
  page = await e2e.newPage({ acceptDownloads: true });
});

/** What the page keeps in its localStorage under `key`. */
const stored = (key: string) => page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const get = (id: string, token: string) => api(e2e.url, 'GET', `/api/matches/${id}`, undefined, token);
async function until<T>(what: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the page commits its value, reveals it only once the other seat has committed, and after the end shows the dice verified in the browser; the downloaded file verifies on /verify and a tampered one does not', async () => {
  const m = (await api(e2e.url, 'POST', '/api/matches', { game: 'eots-subwar' })).body;
  const allied = m.seats.allied.token as string;
  const japanese = m.seats.japanese.token as string;

  await page.goto(`${e2e.url}/m/${m.id}#t=${allied}`);
  // The page took the seat with a commitment and nothing else: the value stays in the browser.
  const committed = await until(async () => {
    const p = (await get(m.id, japanese)).body.players.allied;
    return p.commitment ? p : null;
  });
  expect(committed).toMatchObject({ claimed: true, by: 'seat', revealed: false });
  const kept = await stored(`ib.dice.${m.id}.allied`);
  expect(kept).toMatch(/^[0-9a-f]{64}$/);
  expect(sha256(kept!)).toBe(committed.commitment);
  await new Promise((r) => setTimeout(r, 1000));
  expect((await get(m.id, japanese)).body.players.allied.revealed).toBe(false);

  // The other seat commits: only now does the page reveal.
  const value = randomBytes(32).toString('hex');
  expect((await api(e2e.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Script', commitment: sha256(value) }, japanese)).status).toBe(200);
  await until(async () => (await get(m.id, japanese)).body.players.allied.revealed === true);
  expect(JSON.parse((await stored(`ib.dice.${m.id}.allied.saw`))!)).toEqual({ japanese: sha256(value) });
  expect((await api(e2e.url, 'POST', `/api/matches/${m.id}/reveal`, { value }, japanese)).body).toMatchObject({ revealed: true });

  // Both sides play (random choices, through the match service: the HTTP rate limit would only slow the test) until dice have been rolled.
  const bots: Record<string, ReturnType<typeof randomBot>> = { allied: randomBot('e2e/allied'), japanese: randomBot('e2e/japanese') };
  let after = 0;
  for (let i = 0; i < 2000 && after < 5; i++) {
    let moved = false;
    for (const side of ['allied', 'japanese']) {
      const b = await e2e.server.service.state(m.id, side);
      if (!b.prompt) continue;
      const next = await e2e.server.service.submit(m.id, side, b.seq, bots[side]!.choose({ side, view: b.view, prompt: b.prompt }));
      if (next.dice?.sealed) after++;
      moved = true;
      break;
    }
    if (!moved) break;
  }
  const rolled = (await e2e.server.prisma.action.findMany({ where: { matchId: m.id }, select: { rolls: true } })).reduce((n, a) => n + (a.rolls as unknown[]).length, 0);
  expect(rolled).toBeGreaterThan(0);
  expect((await api(e2e.url, 'POST', `/api/matches/${m.id}/resign`, {}, japanese)).status).toBe(200);

  const verified = page.locator('[data-testid="dice-verified"]');
  await verified.waitFor({ timeout: 30_000 });
  await expect(verified.textContent()).resolves.toBe("Dice verified: server and both players' values match their commitments.");
  const rerun = page.locator('[data-testid="dice-rerun"]', { hasText: /^Re-run in this browser/ });
  await rerun.waitFor({ timeout: 60_000 });
  expect(await rerun.textContent()).toMatch(new RegExp(`and ${rolled} rolls? give the same log and final state\\.$`));

  // The file the page offers verifies on /verify; a copy with a changed roll does not.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the match file' }).click()]);
  const dir = mkdtempSync(join(tmpdir(), 'ib-fair-'));
  const path = join(dir, 'match.json');
  await download.saveAs(path);
  // With SCREENSHOTS=1: the match page after the download, its dice verified (docs/screenshots/dice-verified.png).
  await verified.scrollIntoViewIfNeeded().then(() => keepScreenshot(page, 'dice-verified'));
  const file = JSON.parse(readFileSync(path, 'utf8'));
  expect(file.seats.find((s: { side: string }) => s.side === 'allied')).toMatchObject({ commitment: committed.commitment, value: kept, committedBy: 'seat' });

  await page.goto(`${e2e.url}/verify`);
  await page.locator('[data-testid="verify-seed-hash"]').fill(m.seedHash);
  await page.locator('[data-testid="verify-file"]').setInputFiles(path);
  const result = page.locator('[data-testid="verify-result"]');
  await result.waitFor({ timeout: 60_000 });
  expect(await result.textContent()).toMatch(/^VERIFIED: match /);
  expect(await result.textContent()).toContain('allied: its own value matches its commitment');

  const tampered = structuredClone(file);
  const withRoll = tampered.actions.find((a: { rolls: { value: number; sides: number }[] }) => a.rolls.length > 0);
  withRoll.rolls[0].value = (withRoll.rolls[0].value % withRoll.rolls[0].sides) + 1;
  const bad = join(dir, 'tampered.json');
  writeFileSync(bad, JSON.stringify(tampered));
  await page.locator('[data-testid="verify-file"]').setInputFiles(bad);
  await page.locator('[data-testid="verify-result"]', { hasText: /^NOT VERIFIED/ }).waitFor({ timeout: 60_000 });
  expect(pageErrors).toEqual([]);
});
