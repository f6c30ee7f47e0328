/**
 * The match page at a phone's width (Chromium's mobile emulation: 390×844, touch): an SSJ
 * turn in the middle of the Japanese deployment and an East Wind Rain match. The page never
 * scrolls sideways, the decision's buttons fit the screen's width and are big enough to tap,
 * and the board keeps to its own box (scaled to fit, or scrolled inside it when zoomed).
 */
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { createMatch, matchPath, seatToMove, ssjDeploying } from '../support/e2e-matches';
import { e2eSession, keepScreenshot, PHONE } from '../support/e2e';

jest.setTimeout(90_000);

/* The browser's names the page functions below use (this project's TypeScript lib has no DOM; the functions run in the page). */
declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };
declare function getComputedStyle(e: unknown): { overflowX: string };

const e2e = e2eSession({ lastScreenshots: 'phone-last' });

async function open(path: string): Promise<Page> {
  const page = await e2e.open(path, PHONE);
  await page.getByTestId('banner').getByText('Your move').waitFor();
  await page.getByTestId('board').first().waitFor();
  await page.locator('section.decision button:enabled:visible').first().waitFor();
  return page;
}

/** The heights (CSS px) of the counters drawn on the board (their frames, without the selection halo). */
const counterHeights = (page: Page) =>
  page
    .locator('[data-testid="board"] g.counter rect.frame')
    .evaluateAll((els) => els.map((e) => (e as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height));

/** How much wider than the screen the page is (0: it does not scroll sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Every visible button (and folding list's title) of the decision: where it lies across the screen and how tall it is. */
async function decisionButtons(page: Page): Promise<{ name: string; left: number; right: number; height: number }[]> {
  const buttons = page.locator('section.decision button:visible, section.decision summary:visible');
  const out: { name: string; left: number; right: number; height: number }[] = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const b = buttons.nth(i);
    await b.scrollIntoViewIfNeeded();
    const box = (await b.boundingBox())!;
    out.push({ name: (await b.innerText()).trim(), left: box.x, right: box.x + box.width, height: box.height });
  }
  return out;
}

async function expectTappableChoices(page: Page): Promise<void> {
  const buttons = await decisionButtons(page);
  expect(buttons.length).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  const bad = buttons.filter((b) => b.left < 0 || b.right > width + 0.5 || b.height < 32);
  expect(bad).toEqual([]);
}

/** The board's box: inside the screen's width; the board drawn in it either fits it or scrolls inside it. */
async function boardBox(page: Page): Promise<{ left: number; right: number; clientWidth: number; scrollWidth: number; overflowX: string; boardWidth: number }> {
  return page.locator('.board-scroll').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const board = el.querySelector('[data-testid="board"]')!.getBoundingClientRect();
    return { left: r.left, right: r.right, clientWidth: el.clientWidth, scrollWidth: el.scrollWidth, overflowX: getComputedStyle(el).overflowX, boardWidth: board.width };
  });
}

/** Waits (up to 5 s) until `ok` holds of what `get` returns; returns the last value. */
async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 5000;
  let v = await get();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await get();
  }
  return v;
}

async function expectBoardInItsBox(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  const fit = await boardBox(page);
  expect(fit.left).toBeGreaterThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(width + 0.5);
  expect(fit.boardWidth).toBeLessThanOrEqual(fit.clientWidth + 1);
  // Zoomed in, the board is wider than its box and scrolls inside it; the page still does not.
  await page.getByRole('button', { name: 'Zoom in' }).first().click();
  const zoomed = await until(
    () => boardBox(page),
    (b) => b.boardWidth > fit.clientWidth * 1.2,
  );
  expect(zoomed.boardWidth).toBeGreaterThan(fit.clientWidth * 1.2);
  expect(['auto', 'scroll']).toContain(zoomed.overflowX);
  expect(zoomed.scrollWidth).toBeGreaterThan(zoomed.clientWidth);
  expect(await overflow(page)).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Fit the board to the width' }).first().click();
  const back = await until(
    () => boardBox(page),
    (b) => b.boardWidth <= fit.clientWidth + 1,
  );
  expect(back.boardWidth).toBeLessThanOrEqual(fit.clientWidth + 1);
}

test('an SSJ deployment at a phone width: no sideways scrolling, tappable choices, the board in its own box, a ship deployed by taps', async () => {
  const m = await ssjDeploying(e2e.url);
  const page = await open(matchPath(m, 'japanese'));
  expect(await overflow(page)).toBeLessThanOrEqual(1);
  await keepScreenshot(page, 'phone-ssj-turn');
  // The map is laid out for the phone: every counter at least 32 px tall, to read and to tap.
  const heights = await counterHeights(page);
  expect(heights.length).toBeGreaterThan(30);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(32);
  await expectTappableChoices(page);
  await expectBoardInItsBox(page);

  // A ship deployed by tapping it on the board, then its new group's box.
  const ship = page.locator('g.counter.selectable[data-ship="ijn-chokai"]');
  await ship.scrollIntoViewIfNeeded();
  await ship.tap();
  await page.locator('section.selected').waitFor();
  await keepScreenshot(page, 'phone-ssj-ship-picked');
  expect(await overflow(page)).toBeLessThanOrEqual(1);
  await expectTappableChoices(page);
  const target = page.locator('g.seabox[data-side="japanese"][data-area="SL"][data-box="night"] g.new-group');
  await target.scrollIntoViewIfNeeded();
  await target.tap();
  await page.locator('g.group:has(g.counter[data-ship="ijn-chokai"])').waitFor();
  expect(await overflow(page)).toBeLessThanOrEqual(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

test('an East Wind Rain match at a phone width: no sideways scrolling, tappable choices, the map in its own box', async () => {
  const m = await createMatch(e2e.url, 'ewr', { scenario: 'coral-sea-1942' });
  const page = await open(matchPath(m, await seatToMove(e2e.url, m)));
  expect(await overflow(page)).toBeLessThanOrEqual(1);
  await keepScreenshot(page, 'phone-ewr');
  await expectTappableChoices(page);
  await expectBoardInItsBox(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

afterAll(() => {
  expect(e2e.pageErrors).toEqual([]);
});
