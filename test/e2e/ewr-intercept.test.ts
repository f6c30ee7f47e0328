/**
 * East Wind Rain's sighting and intercept procedure played in real browsers through the
 * page's own controls: the Japanese player (TFA, the MO Striking Force of the Coral Sea
 * scenario) creates the match on the home page and moves by clicking hexes; the Allied
 * player (TFZ, TF 17) intercepts at two hexes (1 → 2 → 3 → 4 → 5 → 6), sights, and both
 * sides allocate their air factors in secret; a spectator on a phone watches. The flowchart
 * shows each step as it is reached. Neither side's page ever holds the other TF's ships,
 * and the Japanese page never holds the Allied allocation before it is revealed.
 *
 * The match's seed is chosen so that TFZ's sighting roll succeeds (simulated here with the
 * engine before the browsers start): the test walks 1>2, 2>3, 3>4, 4>5, 5>6 every time.
 */
import type { Page } from 'playwright-core';
import { CORAL_SEA_1942 } from '../../src/games/ewr/data/scenarios';
import { bannerSays, choice, createOnHome, DESKTOP, e2eSession, recordTraffic, screenshot } from '../support/e2e';
import { seedWhere } from '../support/e2e-matches';

jest.setTimeout(240_000);

const PATH = [
  { col: 1, row: 2 },
  { col: 2, row: 2 },
  { col: 3, row: 2 },
  { col: 4, row: 2 },
];
const APPROACH = { col: 4, row: 3 };

/** A seed under which the scripted opening reaches step 5 (TFZ has sighted TFA). */
const SEED = seedWhere(
  'ewr',
  { scenario: 'coral-sea-1942' },
  'ewr-e2e-',
  [
    ['japanese', { type: 'begin-initiative' }],
    ...PATH.map((to) => ['japanese', { type: 'move', to }] as const),
    ['allied', { type: 'decide', step: '1', choice: 'intercept' }],
    ['allied', { type: 'approach', to: APPROACH }],
    ['allied', { type: 'decide', step: '3', choice: 'sight' }],
  ],
  (g) => g.phase === '5',
  200,
);
const e2e = e2eSession({ newSeed: () => SEED, lastScreenshots: 'ewr-last' });
const pageErrors = e2e.pageErrors;
const newPage = (viewport: { width: number; height: number } = DESKTOP.viewport) => e2e.newPage({ viewport });

const current = (p: Page, stepId: string) => p.locator(`g.fc-step.current[data-step="${stepId}"]`);
const target = (p: Page, h: { col: number; row: number }) => p.locator(`g.hex.target[data-hex="${h.col},${h.row}"]`);

/** Every ship of a TF, by id and by name: what the other side must never receive. */
function shipsOf(role: 'tfa' | 'tfz'): string[] {
  const tf = CORAL_SEA_1942[role] as unknown as Record<string, { id: string; name: string }[] | undefined>;
  return ['main', 'screen', 'reserve', 'submarines'].flatMap((p) => (tf[p] ?? []).flatMap((s) => [s.id, s.name]));
}
const word = (s: string) => new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i');
function findLeaks(texts: string[], secrets: string[]): string[] {
  const found = new Set<string>();
  for (const t of texts) for (const s of secrets) if (word(s).test(t)) found.add(s);
  return [...found];
}

test('an intercept at two hexes through the pages: move, intercept, approach, sight, sealed allocations', async () => {
  const japaneseShips = shipsOf('tfa');
  const alliedShips = shipsOf('tfz');
  expect(japaneseShips).toContain('Shokaku');
  expect(alliedShips).toContain('Lexington');

  // ── The Japanese player creates the match on the home page. ──
  const jp = await newPage();
  const jpTraffic = recordTraffic(jp);
  await jp.goto(e2e.url + '/');
  await jp.getByRole('heading', { name: 'Ironbottom' }).waitFor();
  await jp.getByTestId('game').selectOption('ewr');
  const scenario = jp.getByTestId('scenario');
  await scenario.locator('option[value="coral-sea-1942"]', { hasText: 'Coral Sea' }).waitFor({ state: 'attached' });
  expect(await scenario.locator('option').count()).toBe(4); // three built-in scenarios and "paste"
  // A pasted scenario that is not JSON is refused before anything is sent.
  await scenario.selectOption('(custom)');
  await jp.getByTestId('scenario-json').fill('{ not json');
  await jp.getByText(/^Not a valid scenario/).waitFor();
  expect(await jp.getByRole('button', { name: 'Create the match' }).isDisabled()).toBe(true);
  await scenario.selectOption('coral-sea-1942');
  await jp.getByText('The Japanese carriers move on their initiative').waitFor();
  const { allied: alliedLink, spectator: spectatorLink } = await createOnHome(jp, 'japanese');
  await screenshot(jp, 'ewr-01-home-created');
  await jp.getByTestId('open-own-seat').click();
  await jp.waitForURL(/\/m\/[A-Za-z0-9_-]+$/);
  await bannerSays(jp, 'Your move');
  await jp.getByText('East Wind Rain: sighting and intercept').first().waitFor();
  // The map (its code is loaded with the first hex-game page): 8 × 6 hexes, the bases and markers, and only the Japanese TF.
  await jp.locator('svg.ewr-map g.hex[data-hex="7,5"]').waitFor();
  expect(await jp.locator('svg.ewr-map g.hex').count()).toBe(48);
  await jp.locator('g.ewr-base[data-base="tulagi"]').waitFor();
  await jp.locator('g.ewr-base[data-base="port-moresby"]').waitFor();
  expect(await jp.locator('g.marker').count()).toBe(3);
  await jp.locator('g.tf[data-tf="tfa"]').waitFor();
  expect(await jp.locator('g.tf[data-tf="tfz"]').count()).toBe(0);
  await jp.getByTestId('tf-card-tfa').getByText('Shokaku').waitFor();
  await current(jp, 'start').waitFor();

  // ── The Allied player opens his link; everything it receives is recorded. ──
  const al = await newPage();
  const alTraffic = recordTraffic(al);
  await al.goto(alliedLink);
  await bannerSays(al, 'Waiting for the Japanese player');
  await al.getByTestId('tf-card-tfz').getByText('Lexington').waitFor();
  await al.getByTestId('tf-card-tfa').getByText('Position unknown').waitFor();
  expect(await al.locator('g.tf[data-tf="tfa"]').count()).toBe(0);
  await al.getByTestId('flowchart').waitFor();

  // ── A spectator on a phone. ──
  const sp = await newPage({ width: 390, height: 844 });
  await sp.goto(spectatorLink);
  await bannerSays(sp, 'Spectating — waiting for the Japanese player');
  await sp.getByTestId('flowchart').waitFor();
  expect(await sp.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);
  expect(await sp.locator('g.tf').count()).toBe(0);
  await screenshot(sp, 'ewr-02-spectator-phone');

  // ── TFA begins an initiative and moves hex by hex by clicking the map (the last move by keyboard). ──
  await choice(jp, 'Begin the next initiative').click();
  await jp
    .getByTestId('ewr-initiative')
    .getByText(/Initiative 1 .*6 moves left/)
    .waitFor();
  expect(await jp.locator('g.hex.target').count()).toBe(5); // the neighbours of 0,1 on the map
  await screenshot(jp, 'ewr-03-japanese-move');
  for (const [i, to] of PATH.entries()) {
    if (i === PATH.length - 1) {
      await target(jp, to).focus();
      await jp.keyboard.press('Enter');
    } else {
      await target(jp, to).click();
    }
    await jp
      .getByTestId('ewr-initiative')
      .getByText(new RegExp(`${5 - i} moves left`))
      .waitFor();
  }
  // TFA is within two hexes: step 1, the Allied player's decision; he now sees TFA.
  await bannerSays(al, 'Your move');
  await al.getByTestId('prompt-text').getByText('1: TFA is within two hexes').waitFor();
  await current(al, '1').waitFor();
  await current(jp, '1').waitFor();
  await current(sp, '1').waitFor();
  await al.locator('g.tf[data-tf="tfa"]').waitFor();
  await bannerSays(jp, 'Waiting for the Allied player');
  await screenshot(al, 'ewr-04-allied-step-1');
  // TFA's moves out of TFZ's sight (1,2 → 2,2 → 3,2) never reached the Allied page; its arrival at 4,2 did.
  await alTraffic.settle();
  const hidden = PATH.slice(0, 3).flatMap((h) => [`"col":${h.col},"row":${h.row}`, `moves to ${h.col},${h.row}`]);
  // (The game's public data lists every hex of every built-in map: it is left out of this search.)
  const matchTraffic = alTraffic.texts.filter((t) => !/^https?:\/\/[^/\n]+\/api\/games\//.test(t));
  expect(matchTraffic.filter((t) => hidden.some((h) => t.includes(h)))).toEqual([]);
  expect(matchTraffic.some((t) => t.includes('"col":4,"row":2'))).toBe(true);

  // ── 1 → 2 → 3 → 4 → 5: intercept, the one-hex approach (on the map), sight. ──
  await choice(al, '1: Intercept').click();
  await current(al, '2').waitFor();
  expect(await al.locator('g.hex.target').count()).toBe(2);
  await target(al, APPROACH).click();
  await current(al, '3').waitFor();
  await choice(al, '3: Try to sight').click();
  await al
    .getByTestId('log')
    .getByText(/4: TFZ \(Allied\) sights TFA \(Japanese\).*sighted/)
    .waitFor();
  await al.getByTestId('log').getByTestId('roll').first().waitFor();
  await current(al, '5').waitFor();
  // XI.H.1.c: the sighted TF declares its components.
  await al.getByTestId('tf-card-tfa').getByText('Components: main, screen').waitFor();
  await al.locator('path.fc-arrow.walked[data-arrow="4>5"]').waitFor({ state: 'attached' });
  await screenshot(al, 'ewr-05-allied-sighted');

  // ── 5 → 6: the airstrike; each side allocates in secret. ──
  await choice(al, '5: Set up an airstrike').click();
  await current(al, '6').waitFor();
  await al.getByTestId('allocate').waitFor();
  for (let i = 0; i < 5; i++) await al.getByRole('button', { name: 'One more to Strike' }).click();
  for (let i = 0; i < 3; i++) await al.getByRole('button', { name: 'One more to Escort' }).click();
  await expect(al.getByTestId('alloc-cap').textContent()).resolves.toBe('4');
  await expect(al.getByTestId('alloc-escort').textContent()).resolves.toBe('3');
  await expect(al.getByTestId('alloc-strike').textContent()).resolves.toBe('6');
  await screenshot(al, 'ewr-06-allied-allocating');
  await al.getByRole('button', { name: 'Seal the allocation' }).click();
  await al.getByTestId('your-allocation').getByText('CAP 4, escort 3, strike 6').waitFor();
  // The Japanese player allocates now, not knowing the Allied split.
  await jp.getByTestId('allocate').waitFor();
  await bannerSays(jp, 'Your move');
  await jpTraffic.settle();
  const allied = [/CAP 4, escort 3, strike 6/, /"cap":4,"escort":3,"strike":6/];
  const sealedLeaks = (texts: string[]) => texts.filter((t) => allied.some((r) => r.test(t)));
  expect(sealedLeaks(jpTraffic.texts)).toEqual([]);
  expect(sealedLeaks([await jp.content()])).toEqual([]);
  expect(sealedLeaks([await sp.content()])).toEqual([]);
  await screenshot(jp, 'ewr-07-japanese-allocating');
  await jp.getByRole('button', { name: 'Seal the allocation' }).click();
  // Both are in: the allocations are revealed to everyone, then the strikes fly.
  await jp
    .getByTestId('log')
    .getByText(/allocations are revealed.*TFZ \(Allied\): CAP 4, escort 3, strike 6/)
    .waitFor();
  await sp
    .getByTestId('log')
    .getByText(/allocations are revealed/)
    .waitFor();
  await al
    .getByTestId('log')
    .getByText(/strikes TFA \(Japanese\) with/)
    .waitFor();
  await jpTraffic.settle();
  expect(sealedLeaks(jpTraffic.texts).length).toBeGreaterThan(0); // the check finds it once it is public
  await al.locator('path.fc-arrow.walked[data-arrow="5>6"]').waitFor({ state: 'attached' });

  // ── After the strikes: if the procedure asks TFZ, it stays; the intercept ends. ──
  // With no morale broken, the striker is first asked about an immediate second strike (V.B.2.c): it declines.
  await al
    .getByTestId('log')
    .getByText(/The static intercept ends|6: the strikes are over/)
    .or(al.getByTestId('prompt-text').getByText(/^6: (the strikes are over|no morale broke)/))
    .first()
    .waitFor();
  if (await choice(al, '6: No second strike').isVisible()) {
    await choice(al, '6: No second strike').click();
    await al
      .getByTestId('log')
      .getByText(/The static intercept ends|6: the strikes are over/)
      .or(al.getByTestId('prompt-text').getByText(/^6: the strikes are over/))
      .first()
      .waitFor();
  }
  if (await choice(al, '6: Stay where you are').isVisible()) await choice(al, '6: Stay where you are').click();
  await sp.getByTestId('log').getByText('The static intercept ends').first().waitFor();
  await screenshot(al, 'ewr-08-allied-after-strike');
  await screenshot(jp, 'ewr-09-japanese-after-strike');
  await screenshot(sp, 'ewr-10-spectator-after-strike');
  expect(await sp.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);
  for (const a of ['start>1', '1>2', '2>3', '3>4', '4>5', '5>6']) await sp.locator(`path.fc-arrow.walked[data-arrow="${a}"]`).waitFor({ state: 'attached' });

  // ── Neither side ever received the other TF's ships; the spectator neither. ──
  await alTraffic.settle();
  await jpTraffic.settle();
  expect(alTraffic.texts.some((t) => t.includes('"you":"allied"'))).toBe(true);
  expect(alTraffic.texts.some((t) => t.includes('/api/games/ewr'))).toBe(true); // the flowchart's public data
  expect(findLeaks(alTraffic.texts, japaneseShips)).toEqual([]);
  expect(findLeaks([await al.content()], japaneseShips)).toEqual([]);
  expect(findLeaks(jpTraffic.texts, alliedShips)).toEqual([]);
  expect(findLeaks([await jp.content()], alliedShips)).toEqual([]);
  expect(findLeaks([await sp.content()], [...japaneseShips, ...alliedShips])).toEqual([]);
  // The check finds them where they belong.
  expect(findLeaks([await jp.content()], japaneseShips)).toEqual(expect.arrayContaining(['Shokaku']));
  expect(pageErrors).toEqual([]);
});
