/**
 * Issue 42, "Against the computer, EWR and EotS are not a game … the page brings the decision
 * into view (board region and panel) on desktop and phone; on a phone the decision comes first
 * and the board is one tap away", at a phone's size (390×844, touch), for East Wind Rain and
 * Empire of the Sun. A person creates a match against the plausible computer on the home page
 * by taps (the game's options keep to the screen's width), and:
 * - the page says it is against the computer: the card names the computer's side and sends no
 *   link to an opponent, the match page names the computer as the other player and asks no one
 *   to send a link;
 * - the person's first decision is in view without scrolling (the decision panel's box inside
 *   the screen), also when the game's own script arrives late (a slow network), and the board
 *   is one tap away ("See it on the board", itself in the first screen);
 * - decisions made by taps are answered by the computer: after the person's taps, the server
 *   holds the computer's rows, and each line of them the person may read is on the page's log
 *   when the person is asked again (three such answers, or two and the match's end);
 * - no page error and no console error (the server has Web Push, as by default).
 * The server is the real app on the in-memory store (read back for who acted), a fixed seed. */
import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import { REFEREE } from '../../src/engine/types';
import { canSee } from '../../src/engine/visibility';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { e2eSession, keepScreenshot, PHONE } from '../support/e2e';
import { memoryApp } from '../support/memory-app';
import { PASS_WORDS } from '../support/play';

jest.setTimeout(180_000);

const e2e = e2eSession({ server: false, lastScreenshots: 'vs-computer-phone-last' });
const store = new MemoryMatchStore();
const app = memoryApp({
  store,
  webPush: true,
  botThinkMs: 200,
  service: { newSeed: () => 'vs-computer-phone-000000000000000000000000000000000000000000000000', seatValues: false },
});

const ME = 'allied';
const COMPUTER = 'japanese';
const HEIGHT = PHONE.viewport.height;
const WIDTH = PHONE.viewport.width;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const insideScreen = (b: Box) => b.x >= -0.5 && b.y >= -0.5 && b.x + b.width <= WIDTH + 0.5 && b.y + b.height <= HEIGHT + 0.5;
const meetsScreen = (b: Box) => b.y < HEIGHT && b.y + b.height > 0;

const yourMove = (p: Page) => p.getByTestId('banner').filter({ hasText: /^Your move/ });
const gameOver = (p: Page) => p.getByTestId('banner').filter({ hasText: /^Game over/ });

/** How much wider than the phone's screen the page is (0: it does not scroll sideways; a mobile browser would zoom out to fit it). */
const sideways = (p: Page) =>
  p.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth).then((w) => w - WIDTH);

/** The match's stored rows after `after` (every side's, with who acted). */
async function rowsAfter(id: string, after: number) {
  return (await store.readSince(id, after))?.rows ?? [];
}

/**
 * The lines of the computer's rows after `after` that the person may read, as the page shows them:
 * in the person's own words while the match runs, in the words of the log opened to all once it is over.
 */
async function computerLines(id: string, after: number, over: boolean): Promise<{ lines: string[] }> {
  const rows = (await rowsAfter(id, after)).filter((r) => r.side === COMPUTER && r.kind === 'action');
  const reader = over ? REFEREE : ME;
  const lines = rows.filter((r) => !r.private).flatMap((r) => r.log.filter((e) => canSee(e, ME)).map((e) => e.texts?.[reader] ?? e.text));
  return { lines };
}

async function lastSeq(id: string): Promise<number> {
  return (await rowsAfter(id, 0)).at(-1)?.seq ?? 0;
}

/** The server's own body for the page's seat (GET /api/matches/:id with the seat's token): whether it asks the person, and its log's length. */
const serverSays = (p: Page) =>
  p.evaluate(async () => {
    const g = globalThis as unknown as { location: { pathname: string }; sessionStorage: { getItem(k: string): string | null }; fetch: typeof fetch };
    const id = g.location.pathname.split('/').pop()!;
    const token = JSON.parse(g.sessionStorage.getItem(`ib.seat.${id}`)!) as string;
    const body = (await (await g.fetch(`/api/matches/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { prompt: unknown; status: string; log: unknown[] };
    return { asks: body.prompt !== null, over: body.status === 'finished' || body.status === 'abandoned', log: body.log.length };
  });

/** Waits (up to `ms`) until `ok()` holds; fails the test with `what` otherwise. */
async function until(ok: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the server asks the person again (or the match is over) and the page shows it all: its banner, every log line. */
async function askedAgain(p: Page): Promise<void> {
  const log = p.getByTestId('log').locator('li');
  await until(async () => {
    const s = await serverSays(p);
    if (!s.asks && !s.over) return false;
    return (await yourMove(p).or(gameOver(p)).first().isVisible()) && (await log.count()) === s.log;
  }, 'the person asked again, the page showing it and every log line');
}

/** Taps the first of `candidates` the page shows; returns its words, or null when none shows or the tap did not go through (the page moved on under it). */
async function tapFirst(candidates: readonly Locator[]): Promise<string | null> {
  for (const candidate of candidates) {
    const c = candidate.filter({ visible: true });
    if ((await c.count()) === 0) continue;
    const first = c.first();
    const words = ((await first.textContent().catch(() => '')) || (await first.getAttribute('aria-label').catch(() => '')) || '?').trim();
    return first
      .scrollIntoViewIfNeeded({ timeout: 2000 })
      .then(() => first.tap({ timeout: 2000 }))
      .then(
        () => words,
        () => null,
      );
  }
  return null;
}

/** A person who plays rather than passes: the first choice that is not a pass, a place on the board, the panel's main button; a pass last. */
function decisionTaps(p: Page): Locator[] {
  const panel = p.locator('section.decision');
  return [
    panel.locator('section.selected ul.choices button:enabled'),
    panel.locator('ul.choices button:enabled').filter({ hasNotText: PASS_WORDS }),
    p.locator('g.hex.target, g.ehex.target'),
    panel.locator('button.primary:enabled'),
    panel.getByRole('button', { name: PASS_WORDS }).and(p.locator(':enabled')),
  ];
}

async function createAgainstComputer(p: Page, game: string): Promise<string> {
  // Whether the page ever showed "send the other player their link" (even for a moment, while the person's own seat was being taken).
  await p.addInitScript(() => {
    const g = globalThis as unknown as {
      sawWaitingSeat?: boolean;
      document: { querySelector(s: string): unknown };
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
    };
    new g.MutationObserver(() => {
      if (g.document.querySelector('[data-testid="waiting-seat"]')) g.sawWaitingSeat = true;
    }).observe(g.document, { childList: true, subtree: true });
  });
  await p.goto(app.url + '/');
  await p.getByTestId('game').selectOption(game);
  // The game's options (a scenario's long name) keep to the screen's width: the page does not scroll sideways.
  await p.getByTestId('scenario').locator('option').nth(1).waitFor({ state: 'attached' });
  expect(await sideways(p)).toBeLessThanOrEqual(1);
  await p.getByLabel('Allied', { exact: true }).tap();
  await p.getByLabel('Play against the computer').selectOption(`${COMPUTER}:plausible`);
  await p.getByRole('button', { name: 'Create the match' }).tap();
  const card = p.getByTestId('created');
  await card.waitFor();
  // (a) The card says the computer plays the other side: no link to send to an opponent.
  expect(await card.textContent()).not.toMatch(/opponent/i);
  expect(await card.getByTestId('vs-computer').textContent()).toMatch(
    /^Against the computer — Japanese: Computer \(plausible bot\)\. It moves by itself, so there is no link to send/,
  );
  expect(await card.getByTestId(`link-${COMPUTER}`).count()).toBe(0);
  await card.getByTestId('open-own-seat').tap();
  await p.getByTestId('banner').waitFor();
  const id = new URL(p.url()).pathname.split('/').pop()!;
  // (a) The match page names the computer as the other player, and asks no one to send a link.
  await p.getByTestId(`player-${COMPUTER}`).filter({ hasText: 'Computer (plausible bot)' }).waitFor();
  await p.getByTestId('seat').filter({ hasText: 'Allied' }).waitFor();
  expect(await p.evaluate(() => (globalThis as unknown as { sawWaitingSeat?: boolean }).sawWaitingSeat ?? false)).toBe(false);
  expect(await p.getByTestId('waiting-seat').count()).toBe(0);
  expect(await p.locator('body').innerText()).not.toMatch(/opponent|send the other player/i);
  return id;
}

describe.each([
  ['East Wind Rain', 'ewr'],
  ['Empire of the Sun', 'eots-subwar'],
])('%s against the computer on a phone (390×844)', (_name, game) => {
  test('the page says it is against the computer; the first decision is in view and the board one tap away; tapped decisions are answered by the computer; no console error', async () => {
    const p = await e2e.newPage(PHONE);
    const consoleErrors: string[] = [];
    p.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
    });
    // A phone's slow network: the game's board and choices (their own script) arrive well after the match's state.
    await p.route(new RegExp(`/assets/${game}-[^/]*\\.js$`), async (r) => {
      await new Promise((done) => setTimeout(done, 1500));
      await r.continue();
    });
    const id = await createAgainstComputer(p, game);

    // (b) The person's first decision (after whatever the computer did first), in view without scrolling.
    await yourMove(p).waitFor();
    await p.getByTestId('prompt-text').waitFor();
    // The game's board and choices drawn (one render), then the page's own scrolling done.
    await p.locator('.board-scroll [data-testid="board"]').first().waitFor();
    await p.waitForTimeout(300);
    const panel = p.locator('section.decision');
    expect(insideScreen((await panel.boundingBox())!)).toBe(true);
    await keepScreenshot(p, `vs-computer-phone-${game}`);
    // The board is one tap away: the button to it is in the first screen, and the board comes into the screen with the first
    // place the decision is made on, if any.
    const toBoard = p.getByTestId('see-on-board');
    expect(insideScreen((await toBoard.boundingBox())!)).toBe(true);
    await toBoard.tap();
    await p.waitForTimeout(300);
    expect(meetsScreen((await p.locator('section.board-wrap').boundingBox())!)).toBe(true);
    const onBoard = p.locator('.board-scroll').locator('.target, .counter.selectable');
    if ((await onBoard.count()) > 0) expect(meetsScreen((await onBoard.first().boundingBox())!)).toBe(true);

    // (c) Decisions made by taps, each run of them until the computer has answered and the person is asked again.
    const log = p.getByTestId('log').locator('li span.text');
    let answered = 0;
    const candidates = decisionTaps(p);
    for (let taps = 0; answered < 3 && taps < 60 && !(await gameOver(p).isVisible()); taps++) {
      const before = await lastSeq(id);
      await yourMove(p).waitFor();
      expect(await tapFirst(candidates)).not.toBeNull();
      // The person's step stored, then either the person is asked again at once, or the computer moves first.
      await until(async () => (await lastSeq(id)) > before, "the person's step stored", 10_000);
      await askedAgain(p);
      const over = await gameOver(p).isVisible();
      const theirs = await computerLines(id, before, over);
      // Its moves appear on the person's page: every line of them the person may read is in the log.
      const shown = await log.allTextContents();
      for (const line of theirs.lines) expect(shown).toContain(line);
      if (theirs.lines.length > 0) answered++;
    }
    // Three answers seen, or the match's end (the computer achieving its mission, say) after two.
    expect(answered).toBeGreaterThanOrEqual((await gameOver(p).isVisible()) ? 2 : 3);
    expect(e2e.pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
