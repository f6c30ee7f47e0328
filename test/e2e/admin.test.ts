/**
 * The admin page: the admin token entered once, the list of matches, and a replay with a
 * scrubber over the actions and a choice of eyes (referee, allied, japanese, spectator).
 */
import type { Page } from 'playwright-core';
import { ssjTwoDeployed } from '../support/e2e-matches';
import { ADMIN_TOKEN, e2eSession, screenshot } from '../support/e2e';

{
  jest.setTimeout(180_000);
  const e2e = e2eSession();

  const pos = (p: Page) => p.getByTestId('replay-pos');

  test('admin replay: list matches, scrub through the actions, switch perspective', async () => {
    // A match with a few actions: no early activation, the Allied reinforcements closed, two private Japanese steps, then "done".
    const created = await ssjTwoDeployed(e2e.url);
    const page = await e2e.open('/admin');
    await page.getByTestId('admin-token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByTestId('admin-matches').locator('tr', { hasText: created.id });
    await row.waitFor();
    await screenshot(page, 'admin-01-matches');
    await row.getByRole('button', { name: 'Replay' }).click();
    await pos(page).getByText('action 0 of 5').waitFor();
    // At seq 0 the referee sees both maps face up, the Japanese ships all at their bases.
    await page.locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-chokai"]').waitFor();
    expect(await page.getByTestId('fog-japanese').count()).toBe(0);
    await page.getByTestId('scrubber').fill('2');
    await pos(page).getByText('action 2 of 5').waitFor();
    await page.getByTestId('step-forward').click();
    await pos(page).getByText('action 3 of 5').waitFor();
    await page.locator('g.group g.counter[data-ship="ijn-chokai"]').waitFor();
    await page.getByTestId('scrubber').fill('5');
    await pos(page).getByText('action 5 of 5').waitFor();
    await page.getByTestId('log').getByText('The Japanese player has completed his deployment.').waitFor();
    await screenshot(page, 'admin-02-replay-referee');
    // The Allies at the same point: the Japanese map is behind the screen.
    await page.getByTestId('perspective').selectOption('allied');
    await page.getByTestId('fog-japanese').waitFor();
    expect(await page.locator('g.counter[data-ship^="ijn-"]').count()).toBe(0);
    await screenshot(page, 'admin-03-replay-allied');
    await page.getByTestId('step-back').click();
    await pos(page).getByText('action 4 of 5').waitFor();
    // Back, step by step, to the first action.
    for (let k = 3; k >= 0; k--) {
      await page.getByTestId('step-back').click();
      await pos(page).getByText(`action ${k} of 5`).waitFor();
    }
    await page.getByTestId('perspective').selectOption('referee');
    await page.locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-chokai"]').waitFor();
    await screenshot(page, 'admin-04-replay-first-action');
  });
}
