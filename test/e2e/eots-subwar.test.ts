/**
 * Empire of the Sun's submarine warfare variant played in real browsers through the page's
 * own controls. The Allied player creates the match on the home page from a pasted
 * scenario (the 1943 start with Lockwood on the Turn Record Track), places his Sub Bases by
 * clicking hexes on the map, and rolls a Strategic Warfare Segment; the Japanese player
 * plays his card-play and political decisions; a spectator on a phone watches the public
 * board (turn track, SWM, ASP, hand, the Sub Bases and their SLOC PV).
 *
 * The seed is chosen (by simulating the same script with the engine first) so that Fife's
 * roll on Turn 6 succeeds: (die + SWM +1) − SLOC PV 1 ≤ 0 needs a 0 on the ten-sided die.
 */
import type { Page } from 'playwright-core';
import { BUILT_IN_SCENARIOS } from '../../src/games/eots-subwar/data/scenarios';
import { bannerSays, choice, DESKTOP, e2eSession, screenshot, SCREENSHOTS } from '../support/e2e';
import { seedWhere } from '../support/e2e-matches';

jest.setTimeout(240_000);

const SCENARIO = {
  ...BUILT_IN_SCENARIOS['1943'],
  id: 'e2e-1943-trt',
  name: '1943 start, Lockwood on the track (e2e)',
  subBases: { ...BUILT_IN_SCENARIOS['1943'].subBases, 'lockwood-4': 'trt' },
};

/** The script the pages play, as the engine sees it. */
const SCRIPT: [string, unknown][] = [
  ['allied', { type: 'place-sub-base', base: 'lockwood-4', hex: '3727' }],
  ['japanese', { type: 'pass' }],
  ['allied', { type: 'pass' }],
  ['japanese', { type: 'end-political' }],
  ['allied', { type: 'place-sub-base', base: 'lockwood-6', hex: '4528' }],
  ['allied', { type: 'submarine-warfare', base: 'fife' }],
];

/** A seed under which the script's Strategic Warfare at Fife succeeds. */
const SEED = seedWhere('eots-subwar', { scenario: SCENARIO }, 'eots-e2e-', SCRIPT, (g) => g.phase.effectFor === 'fife');
const e2e = e2eSession({ newSeed: () => SEED, lastScreenshots: 'eots-last' });
const pageErrors = e2e.pageErrors;
const newPage = (viewport: { width: number; height: number } = DESKTOP.viewport) => e2e.newPage({ viewport });

const target = (p: Page, hex: string) => p.locator(`g.ehex.target[data-hex="${hex}"]`);
const status = (p: Page, id: string) => p.getByTestId(id);

test('a placement and a Strategic Warfare Segment through the pages, from a pasted scenario', async () => {
  // ── The Allied player creates the match from a pasted scenario. ──
  const al = await newPage();
  await al.goto(e2e.url + '/');
  await al.getByTestId('game').selectOption('eots-subwar');
  const scenario = al.getByTestId('scenario');
  await scenario.locator('option[value="1944"]', { hasText: '1944 campaign start' }).waitFor({ state: 'attached' });
  expect(await scenario.locator('option').allTextContents()).toEqual([
    expect.stringContaining('1941'),
    expect.stringContaining('1942'),
    expect.stringContaining('1943'),
    expect.stringContaining('1944'),
    'Paste a scenario (JSON)…',
  ]);
  await scenario.selectOption('(custom)');
  // An invalid scenario is refused by the server, with the field named.
  await al.getByTestId('scenario-json').fill(JSON.stringify({ ...SCENARIO, japaneseAsp: -1 }));
  await al.getByLabel('Allied').check();
  await al.getByRole('button', { name: 'Create the match' }).click();
  await al
    .getByRole('alert')
    .filter({ hasText: /japaneseAsp/ })
    .waitFor();
  await screenshot(al, 'eots-01-home-invalid-scenario');
  await al.getByTestId('scenario-json').fill(JSON.stringify(SCENARIO));
  await al.getByRole('button', { name: 'Create the match' }).click();
  await al.getByTestId('created').waitFor();
  const japaneseLink = await al.getByTestId('created').getByTestId('link-japanese').inputValue();
  const spectatorLink = await al.getByTestId('created').getByTestId('link-spectator').inputValue();
  await al.getByTestId('open-own-seat').click();
  await al.waitForURL(/\/m\/[A-Za-z0-9_-]+$/);
  await bannerSays(al, 'Your move');
  await al.getByText('Empire of the Sun: submarine warfare').first().waitFor();

  // The board: the turn track at Turn 5, the SWM, ASP and hand, the map extract with its HQs.
  await al.locator('svg.eots-track g.turn.current[data-turn="5"]').waitFor();
  await expect(status(al, 'eots-swm').textContent()).resolves.toContain('SWM +1');
  await expect(status(al, 'eots-asp').textContent()).resolves.toContain('ASP 3');
  await expect(status(al, 'eots-hand').textContent()).resolves.toContain('6 on the track');
  expect(await al.locator('svg.eots-map g.ehex').count()).toBe(SCENARIO.hexes.length);
  await al.locator('g.ehex[data-hex="3306"]').getByText('Pusan', { exact: true }).waitFor();
  await al.locator('g.hq[data-hq="swpa"]').waitFor();
  await al.locator('polygon.hq-range[data-range="swpa"]').waitFor({ state: 'attached' });
  expect(await al.locator('g.ehex.japanese').count()).toBeGreaterThan(10);
  expect(await al.locator('g.ehex.zoi').count()).toBe(2);
  expect(await al.locator('g.subbase').count()).toBe(0);
  await al.locator('svg.eots-track').getByText('Lockwood (4)').waitFor(); // on the Turn Record Track

  const jp = await newPage();
  await jp.goto(japaneseLink);
  await bannerSays(jp, 'Waiting for the Allied player');
  const sp = await newPage({ width: 390, height: 844 });
  await sp.goto(spectatorLink);
  await bannerSays(sp, 'Spectating — waiting for the Allied player');
  expect(await sp.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);

  // ── Turn 5, Reinforcement: Lockwood (4) placed by clicking a legal hex on the map. ──
  await al.getByTestId('prompt-text').getByText('Reinforcement Segment: place Lockwood (4)').waitFor();
  const legal = await al.locator('g.ehex.target').count();
  expect(legal).toBeGreaterThan(1);
  expect(await target(al, '2813').count()).toBe(0); // Japanese-held in 1943: never offered
  await screenshot(al, 'eots-02-allied-placing');
  await target(al, '3727').click();
  await al.locator('g.subbase[data-subbase="lockwood-4"]').waitFor();
  await al.getByTestId('log').getByText('Lockwood (4) is placed in hex 3727').waitFor();
  await sp.locator('g.subbase[data-subbase="lockwood-4"]').waitFor();
  // Its SLOC range and count show at once; it may not roll this turn (11.22.A.4).
  await al.locator('polygon.sloc-range[data-sloc="lockwood-4"]').waitFor({ state: 'attached' });
  await al
    .getByTestId('subbases')
    .locator('tr[data-subbase-row="lockwood-4"]')
    .getByText(/counted → PV/)
    .waitFor();
  await al
    .getByTestId('log')
    .getByText(/Lockwood \(4\) \(3727\) may not: 11\.22\.A\.4/)
    .waitFor();

  // ── Turn 5, the Offensives Phase and the Political Phase: both pass. ──
  await bannerSays(jp, 'Your move');
  await choice(jp, 'Pass: no more card plays this turn').click();
  await bannerSays(al, 'Your move');
  await choice(al, 'Pass: no more card plays this turn').click();
  await bannerSays(jp, 'Your move');
  await choice(jp, 'End the Political Phase').click();

  // ── Turn 6: Fife replaces Lockwood (4) in situ; the new Lockwood is placed (by keyboard). ──
  await al.locator('svg.eots-track g.turn.current[data-turn="6"]').waitFor();
  await al.getByTestId('prompt-text').getByText('place Lockwood (6)').waitFor();
  await al.locator('g.subbase[data-subbase="fife"]').waitFor();
  await al.getByTestId('log').getByText('Fife replaces Lockwood (4) in situ in hex 3727').waitFor();
  await target(al, '4528').focus();
  await al.keyboard.press('Enter');
  await al.locator('g.subbase[data-subbase="lockwood-6"]').waitFor();

  // ── The Strategic Warfare Segment: Fife rolls (a ten-sided die, 0–9) and succeeds. ──
  await al
    .getByTestId('prompt-text')
    .getByText(/Strategic Warfare Segment: roll for a Sub Base \(SWM \+1\)/)
    .waitFor();
  await expect(status(al, 'eots-turn').textContent()).resolves.toContain('Strategic Warfare Segment');
  expect(await choice(al, /^Roll for/).count()).toBe(1); // Lockwood (6) is new: it may not roll yet
  await choice(al, 'Roll for Fife').click();
  const roll = al.getByTestId('log').getByTestId('roll').filter({ hasText: /Fife/ }).first();
  await roll.waitFor();
  expect(await roll.textContent()).toMatch(/rolled 0 — success/);
  await al
    .getByTestId('log')
    .getByText(/Submarine warfare, Fife in 3727: die 0, SWM \+1, SLOC PV 1/)
    .waitFor();
  await al.locator('g.subbase.success[data-subbase="fife"]').waitFor();
  await screenshot(al, 'eots-03-allied-success');

  // ── 11.23: the Allied choice; then the Japanese hand is drawn one card short. ──
  await al.getByTestId('prompt-text').getByText('Fife succeeded').waitFor();
  expect(await choice(al, /^(Reduce|Take)/).allTextContents()).toEqual(['Reduce the Japanese ASP by one', 'Reduce the SWM by one', 'Take neither']);
  await choice(al, 'Reduce the Japanese ASP by one').click();
  for (const p of [al, jp, sp]) {
    await p
      .getByTestId('log')
      .getByText(/Strategy Card Draw: the Japanese hand is 5 card/)
      .waitFor();
    await expect(status(p, 'eots-asp').textContent()).resolves.toContain('ASP 2');
    await expect(status(p, 'eots-hand').textContent()).resolves.toContain('hand 5');
    await expect(status(p, 'eots-swm').textContent()).resolves.toContain('SWM +1');
  }
  await sp.locator('svg.eots-track g.turn.current[data-turn="6"]').getByText('hand 5').waitFor();
  await bannerSays(jp, 'Your move');
  await screenshot(al, 'eots-04-allied-after-segment');
  await screenshot(jp, 'eots-05-japanese');
  await screenshot(sp, 'eots-06-spectator-phone');
  expect(await sp.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);

  // The range display can be switched (every HQ's activation range, or none).
  await al.getByLabel('HQ ranges').selectOption('full');
  await al.locator('polygon.hq-range[data-range="combined-fleet"]').waitFor({ state: 'attached' });
  await al.getByLabel('HQ ranges').selectOption('none');
  expect(await al.locator('polygon.hq-range').count()).toBe(0);
  await al.getByLabel('HQ ranges').selectOption('half');
  // Zoomed in, around the Sub Bases.
  const before = (await al.getByTestId('board').boundingBox())!.width;
  await al.getByRole('button', { name: 'Zoom in' }).click();
  await al.getByRole('button', { name: 'Zoom in' }).click();
  expect((await al.getByTestId('board').boundingBox())!.width).toBeGreaterThan(before * 1.9);
  await al.locator('g.subbase[data-subbase="fife"]').scrollIntoViewIfNeeded();
  await al.locator('.board-scroll').screenshot({ path: `${SCREENSHOTS}/eots-07-zoomed.png` });
  expect(pageErrors).toEqual([]);
});
