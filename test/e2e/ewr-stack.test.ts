/**
 * East Wind Rain, TFA and TFZ in one hex (issue #42 item 8: "TFA and TFZ hide each other in
 * one hex on a phone"): the Coral Sea opening played through the API until TF 17 has entered
 * the MO Striking Force's hex at A3 and sighted it (A4), then the Japanese page (TFA, which
 * sees TFZ in its own hex) at 390×844 and on the desktop. Both counters are drawn, one above
 * the other, neither covering the other (the point at each counter's centre belongs to that
 * counter), and a badge says the hex holds two task forces. The sighter's page (TF 17, deciding
 * at A4) shows, before the choice, the odds of the rolls it would make (issue #42 item 2).
 */
import type { Page } from 'playwright-core';
import { createMatch, matchPath, play, seedWhere } from '../support/e2e-matches';
import { DESKTOP, e2eSession, keepScreenshot, PHONE } from '../support/e2e';

jest.setTimeout(120_000);

/* The browser's names the page function below uses (this project's TypeScript lib has no DOM; it runs in the page). */
declare const document: { elementFromPoint(x: number, y: number): { closest(sel: string): unknown } | null };

const SCRIPT: (readonly [string, unknown])[] = [
  ['japanese', { type: 'begin-initiative' }],
  ...[
    { col: 1, row: 2 },
    { col: 2, row: 2 },
    { col: 3, row: 2 },
    { col: 4, row: 2 },
  ].map((to) => ['japanese', { type: 'move', to }] as const),
  ['allied', { type: 'decide', step: '1', choice: 'intercept' }],
  ['allied', { type: 'approach', to: { col: 4, row: 3 } }],
  ['allied', { type: 'decide', step: '3', choice: 'enter' }],
  ['japanese', { type: 'decide', step: 'A2', choice: 'pass' }],
];
/** A seed under which TF 17 enters TFA's hex and sights it: the match waits at A4 with both TFs in hex 4,2. */
const SEED = seedWhere(
  'ewr',
  { scenario: 'coral-sea-1942' },
  'ewr-stack-',
  SCRIPT,
  (g) => g.phase === 'A4' && g.tf.tfa.hex.col === g.tf.tfz.hex.col && g.tf.tfa.hex.row === g.tf.tfz.hex.row,
  200,
);
const e2e = e2eSession({ newSeed: () => SEED, lastScreenshots: 'ewr-stack-last' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Each TF's counter frame: on screen, not overlapping the other, and on top at its own centre. */
async function expectBothDrawn(page: Page): Promise<void> {
  const frames = ['tfa', 'tfz'].map((r) => page.locator(`[data-testid="board"] [data-testid="tf-${r}"] rect.frame`));
  await frames[1]!.waitFor();
  await frames[0]!.scrollIntoViewIfNeeded();
  const boxes = await Promise.all(frames.map((f) => f.boundingBox()));
  for (const b of boxes) {
    expect(b).not.toBeNull();
    expect(b!.width).toBeGreaterThan(10);
  }
  expect(overlap(boxes[0]!, boxes[1]!)).toBe(0);
  for (const [i, r] of ['tfa', 'tfz'].entries()) {
    const b = boxes[i]!;
    const hit = await page.evaluate(
      ([x, y, sel]) => !!document.elementFromPoint(x as number, y as number)?.closest(sel as string),
      [b.x + b.width / 2, b.y + b.height / 2, `[data-testid="tf-${r}"]`],
    );
    expect(hit).toBe(true);
  }
  await expect(page.getByTestId('tf-stack').getAttribute('aria-label')).resolves.toBe('2 task forces in hex 4,2: TFA and TFZ');
}

let m: Awaited<ReturnType<typeof createMatch>>;
beforeAll(async () => {
  m = await createMatch(e2e.url, 'ewr', { scenario: 'coral-sea-1942' });
  for (const [side, action] of SCRIPT) await play(e2e.url, m.id, m.seats[side]!.token, action);
});

test.each([
  ['at 390×844', PHONE],
  ['on the desktop', DESKTOP],
] as const)('TFA and TFZ in one hex are both drawn, one above the other with a badge, %s', async (what, opts) => {
  const page = await e2e.open(matchPath(m, 'japanese'), opts);
  await page.getByTestId('tf-stack').waitFor();
  await expectBothDrawn(page);
  if (what === 'at 390×844') await keepScreenshot(page, 'phone-ewr-stack');
  await page.close();
});

test.each([
  ['at 390×844', PHONE],
  ['on the desktop', DESKTOP],
] as const)(
  'A4 on the sighter’s page: before choosing, the prompt shows the airstrike’s countersight need and table column and the surface table’s row for its own factors, %s',
  async (what, opts) => {
    const page = await e2e.open(matchPath(m, 'allied'), opts);
    const text = page.getByTestId('prompt-text');
    await text.getByText(/^A4: you have sighted the enemy in the same hex/).waitFor();
    const shown = await text.innerText();
    expect(shown).toMatch(
      /Airstrike \(XI\.H\): you allocate your 13 air factors in secret \(XI\.H\.1\.c\), then the target rolls to countersight \(countersight table: needs 4 with aircraft/,
    );
    expect(shown).toMatch(/13 strike factors on the airstrike table, 13\+ column: hits on a d6 of 1–6: 2, 3, 4, 5, 6, 8/);
    expect(shown).toMatch(/10 surface factors on the surface table, 7–10 column: hits on a d6 of 1–6: 1, 1, 2, 3, 3, 4/);
    await text.scrollIntoViewIfNeeded();
    expect(await text.isVisible()).toBe(true);
    // The choices it explains are there to take.
    await page
      .locator('section.decision')
      .getByRole('button', { name: /Set up an airstrike/ })
      .waitFor();
    if (what === 'at 390×844') await keepScreenshot(page, 'phone-ewr-odds');
    await page.close();
  },
);

afterAll(() => {
  expect(e2e.pageErrors).toEqual([]);
});
