/**
 * Issue 42 (odds before the roll; "the prompt's ground odds text is long at 390×844") in a real browser: the plausible
 * bots play to a ground-combat attack decision (VI.F.2.g); on desktop the prompt gives the Ground Combat/Exchange sentence
 * in full; at 390×844 the same odds are a table (a row per number risked: its column and what each die does) in place of
 * the sentence, inside the screen's width with no horizontal scroll.
 */
import type { Page } from 'playwright-core';
import { plausibleBot } from '../../src/games/ssj/bot';
import { createMatch, matchPath, playUntil, type CreatedMatch, type SeatBot } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(300_000);

const e2e = e2eSession({ newSeed: () => 'ssj-ground-combat', lastScreenshots: 'ground-odds-last' });

let at: { m: CreatedMatch; side: string; risks: number } | null = null;

/**
 * The first ground-combat attack decision (the same match for both sizes): the plausible bots play, except that the first
 * side offered an advance over the Kokoda Trail (VI.G) advances with every unit it may (the bots decline), so that the base
 * it marches on is contested and an attack is asked for (as test/e2e/ssj-ground.test.ts plays it).
 */
async function attackDecision(): Promise<{ m: CreatedMatch; side: string; risks: number }> {
  if (at) return at;
  const m = await createMatch(e2e.url, 'ssj');
  const bots = { japanese: plausibleBot('ground/j'), allied: plausibleBot('ground/a') } as unknown as Record<string, SeatBot>;
  const service = e2e.server.service;
  let advanced = false;
  for (let i = 0; i < 40; i++) {
    const { side, body } = await playUntil(
      service,
      m,
      bots,
      (_s, b) => !!b.prompt?.actions.some((a) => a.type === 'ground-attack' || (!advanced && a.type === 'ground-advance')),
      3000,
    );
    const attacks = body.prompt!.actions.filter((a) => a.type === 'ground-attack');
    if (attacks.length) return (at = { m, side, risks: attacks.length });
    const advances = body.prompt!.actions.filter((a) => a.type === 'ground-advance' && Number(a.units) > 0);
    const most = advances.sort((a, b) => Number(b.units) - Number(a.units))[0] ?? body.prompt!.actions[0]!;
    await service.submit(m.id, side, body.seq, most as never);
    advanced = true;
  }
  throw new Error('no ground-combat attack decision reached');
}

test('VI.F.2.g.1 on desktop: the ground-combat prompt gives the Ground Combat/Exchange odds in full, the compact table hidden', async () => {
  const { m, side, risks } = await attackDecision();
  const page: Page = await e2e.open(matchPath(m, side), DESKTOP);
  const text = page.getByTestId('prompt-text');
  await text.getByText(/Ground Combat\/Exchange table/).waitFor();
  for (let n = 1; n <= risks; n++) expect(await text.textContent()).toContain(`risk ${n} (`);
  expect(await page.getByTestId('ground-odds').isVisible()).toBe(false);
  expect(e2e.pageErrors).toEqual([]);
});

test('VI.F.2.g.1 at 390×844: the same odds as a table in place of the sentence, a row per number risked, with no horizontal scroll', async () => {
  const { m, side, risks } = await attackDecision();
  const page: Page = await e2e.open(matchPath(m, side), PHONE);
  const table = page.getByTestId('ground-odds');
  await table.waitFor({ state: 'visible' });
  expect(await page.getByTestId('prompt-text').isVisible()).toBe(false);
  // The question stays, and every number the prompt lets him risk has its row with all six dice read.
  expect(await table.locator('.ground-odds-question').textContent()).toMatch(/Attack \(risking how many\?\) or not\?$/);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBe(risks);
  for (let i = 0; i < risks; i++) expect(await rows.nth(i).locator('td').first().textContent()).toMatch(/^\d:\d$/);
  const box = (await table.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const overflow = await page.locator('section.decision').evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await table.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'ssj-ground-odds-phone');
  expect(e2e.pageErrors).toEqual([]);
});
