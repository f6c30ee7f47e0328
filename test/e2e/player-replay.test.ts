/**
 * A player's replay (issue #14) in Debian's Chromium: on the match page, step back and
 * forward through the match as you saw it (buttons and ← → keys), the step counter and the
 * board following; the Allies never step through the Japanese private deployment; once the
 * match is over, every step with everything revealed.
 */
import type { Page } from 'playwright-core';
import { api } from '../support/server';
import { matchPath, ssjTwoDeployed } from '../support/e2e-matches';
import { e2eSession, screenshot } from '../support/e2e';

jest.setTimeout(90_000);

const e2e = e2eSession();

const dialog = (p: Page) => p.getByTestId('replay-dialog');
const counter = (p: Page) => p.getByTestId('replay-step');
const chokaiAtRabaul = (p: Page) => dialog(p).locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-chokai"]');
const chokaiAtSea = (p: Page) => dialog(p).locator('g.group g.counter[data-ship="ijn-chokai"]');
const aobaAtSea = (p: Page) => dialog(p).locator('g.group g.counter[data-ship="ijn-aoba"]');
const DEPLOYED = 'The Japanese player has completed his deployment.';

test("a player's replay steps back and forward through its own view, and through everything once the match is over", async () => {
  const m = await ssjTwoDeployed(e2e.url);
  const page = await e2e.open(matchPath(m, 'japanese'));
  const ctx = page.context();
  await page.getByTestId('replay-open').click();
  await counter(page).getByText('Your view at step 5 of 5').waitFor();
  await dialog(page).getByTestId('log').getByText(DEPLOYED).waitFor();
  await chokaiAtSea(page).waitFor();
  await screenshot(page, 'player-replay-01-japanese-latest');

  // Back one step (the button): AOBA placed, the deployment not yet complete.
  await page.getByTestId('replay-back').click();
  await counter(page).getByText('Your view at step 4 of 5').waitFor();
  await aobaAtSea(page).waitFor();
  expect(await dialog(page).getByTestId('log').getByText(DEPLOYED).count()).toBe(0);
  // Back with the ← key: CHOKAI placed (a private step of its own), AOBA not yet; then neither.
  await page.keyboard.press('ArrowLeft');
  await counter(page).getByText('Your view at step 3 of 5').waitFor();
  await aobaAtSea(page).waitFor({ state: 'detached' });
  await chokaiAtSea(page).waitFor();
  await page.keyboard.press('ArrowLeft');
  await counter(page).getByText('Your view at step 2 of 5').waitFor();
  await chokaiAtSea(page).waitFor({ state: 'detached' });
  // Forward with →, to the start and back to the latest.
  await page.keyboard.press('ArrowRight');
  await counter(page).getByText('Your view at step 3 of 5').waitFor();
  await chokaiAtSea(page).waitFor();
  await page.getByTestId('replay-start').click();
  await counter(page).getByText('Your view at step 0 of 5').waitFor();
  expect(await page.getByTestId('replay-back').isDisabled()).toBe(true);
  await page.keyboard.press('End');
  await counter(page).getByText('Your view at step 5 of 5').waitFor();
  // Back to live: the dialog closes and the live match is there again.
  await page.getByTestId('replay-live').click();
  expect(await dialog(page).count()).toBe(0);
  await page.getByTestId('banner').waitFor();

  // The Allies: 3 steps of their own, never the Japanese private ones, the Japanese map behind its screen.
  const allied = await ctx.newPage();
  await allied.goto(e2e.url + matchPath(m, 'allied'));
  await allied.getByTestId('replay-open').click();
  await counter(allied).getByText('Your view at step 3 of 3').waitFor();
  await dialog(allied).getByTestId('log').getByText(DEPLOYED).waitFor();
  await allied.keyboard.press('ArrowLeft');
  await counter(allied).getByText('Your view at step 2 of 3').waitFor();
  expect(await dialog(allied).getByTestId('log').getByText(DEPLOYED).count()).toBe(0);
  expect(await dialog(allied).locator('g.counter[data-ship^="ijn-"]').count()).toBe(0);
  await screenshot(allied, 'player-replay-02-allied-step-2');
  await allied.keyboard.press('Escape');
  expect(await dialog(allied).count()).toBe(0);

  // The Allies resign: now every step of the real match, everything revealed, for them too.
  expect((await api(e2e.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.allied!.token)).status).toBe(200);
  await allied
    .getByTestId('banner')
    .getByText(/Game over/)
    .waitFor();
  await allied.getByTestId('replay-open').click();
  await counter(allied).getByText('Step 6 of 6, everything revealed').waitFor();
  await allied.getByTestId('replay-back').click();
  await allied.getByTestId('replay-back').click();
  await counter(allied).getByText('Step 4 of 6, everything revealed').waitFor();
  await aobaAtSea(allied).waitFor();
  await allied.keyboard.press('ArrowLeft');
  await counter(allied).getByText('Step 3 of 6, everything revealed').waitFor();
  await aobaAtSea(allied).waitFor({ state: 'detached' });
  await chokaiAtSea(allied).waitFor();
  await screenshot(allied, 'player-replay-03-revealed-step-3');
  await allied.getByTestId('replay-start').click();
  await counter(allied).getByText('Step 0 of 6, everything revealed').waitFor();
  await chokaiAtRabaul(allied).waitFor();
  await ctx.close();
});
