/**
 * The admin replay of the two hex-map games: the same scrubber and perspectives as for
 * SSJ, with each game's own board. For East Wind Rain the Allied perspective shows TFA
 * only once TFZ may know where it is, and never its ships.
 */
import type { Page } from 'playwright-core';
import { CORAL_SEA_1942 } from '../../src/games/ewr/data/scenarios';
import { createMatch, play as playAt } from '../support/e2e-matches';
import { ADMIN_TOKEN, e2eSession, screenshot } from '../support/e2e';

jest.setTimeout(180_000);
const e2e = e2eSession();

const pos = (p: Page) => p.getByTestId('replay-pos');

const play = (id: string, token: string, action: unknown) => playAt(e2e.url, id, token, action);

test('admin replay of an East Wind Rain match and an Empire of the Sun match', async () => {
  const created = await createMatch(e2e.url, 'ewr', { scenario: 'coral-sea-1942' });
  const jt = created.seats.japanese!.token;
  const at = created.seats.allied!.token;
  await play(created.id, jt, { type: 'begin-initiative' });
  for (const to of [
    { col: 1, row: 2 },
    { col: 2, row: 2 },
    { col: 3, row: 2 },
    { col: 4, row: 2 },
  ])
    await play(created.id, jt, { type: 'move', to });
  await play(created.id, at, { type: 'decide', step: '1', choice: 'intercept' });
  const eots = await createMatch(e2e.url, 'eots-subwar', { scenario: '1944' });

  const page = await e2e.open('/admin');
  const errors = e2e.pageErrors;
  await page.getByTestId('admin-token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('admin-matches').locator('tr', { hasText: created.id });
  await row.waitFor();
  await row.getByRole('button', { name: 'Replay' }).click();
  await pos(page).getByText('action 0 of 6').waitFor();
  // The referee sees both task forces, whole, and the flowchart at its start.
  await page.locator('svg.ewr-map g.tf[data-tf="tfa"]').waitFor();
  await page.locator('svg.ewr-map g.tf[data-tf="tfz"]').waitFor();
  await page.getByTestId('tf-card-tfa').getByText('Shokaku').waitFor();
  await page.locator('g.fc-step.current[data-step="start"]').waitFor();
  await page.getByTestId('scrubber').fill('6');
  await pos(page).getByText('action 6 of 6').waitFor();
  await page.locator('g.fc-step.current[data-step="2"]').waitFor();
  await screenshot(page, 'replay-ewr-referee');
  // The Allies at the same point know TFA's hex (two hexes off), not its ships.
  await page.getByTestId('perspective').selectOption('allied');
  await page.getByTestId('tf-card-tfa').getByText('Known at hex 4,2').waitFor();
  await page.locator('svg.ewr-map g.tf[data-tf="tfa"]').waitFor();
  const japanese = [...CORAL_SEA_1942.tfa.main!, ...CORAL_SEA_1942.tfa.screen!].map((s) => s.name);
  const html = await page.content();
  for (const n of japanese) expect(html).not.toContain(n);
  // Three moves earlier TFA was out of the Allies' sight: not drawn.
  await page.getByTestId('scrubber').fill('3');
  await pos(page).getByText('action 3 of 6').waitFor();
  await page.getByTestId('tf-card-tfa').getByText('Position unknown').waitFor();
  expect(await page.locator('svg.ewr-map g.tf[data-tf="tfa"]').count()).toBe(0);
  await screenshot(page, 'replay-ewr-allied');

  // Empire of the Sun: the 1944 start's Sub Bases on the map.
  await page.getByRole('button', { name: '← All matches' }).click();
  const erow = page.getByTestId('admin-matches').locator('tr', { hasText: eots.id });
  await erow.waitFor();
  await erow.getByRole('button', { name: 'Replay' }).click();
  await pos(page)
    .getByText(/action 0 of/)
    .waitFor();
  await page.locator('g.subbase[data-subbase="fife"]').waitFor();
  await page.locator('g.subbase[data-subbase="lockwood-6"]').waitFor();
  await page.locator('svg.eots-track g.turn.current[data-turn="8"]').waitFor();
  await screenshot(page, 'replay-eots');
  expect(errors).toEqual([]);
});
