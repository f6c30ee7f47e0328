/**
 * The admin page: the admin token entered once, the list of matches, and a replay with a
 * scrubber over the actions and a choice of eyes (referee, allied, japanese, spectator).
 */
import type { Browser, Page } from 'playwright-core';
import { api } from '../support/server';
import { ADMIN_TOKEN, launchBrowser, screenshot, startE2eServer, type E2eServer } from '../support/e2e';

{
  jest.setTimeout(180_000);
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pos = (p: Page) => p.getByTestId('replay-pos');

  test('admin replay: list matches, scrub through the actions, switch perspective', async () => {
    // A match with a few actions: no early activation, the Allied reinforcements closed, two private Japanese steps, then "done".
    const created = (await api(server.url, 'POST', '/api/matches', { game: 'ssj', options: {} })).body as { id: string; seats: Record<string, { token: string }> };
    const jt = created.seats.japanese!.token;
    const at = created.seats.allied!.token;
    let state = (await api(server.url, 'GET', `/api/matches/${created.id}`, undefined, jt)).body as {
      seq: number;
      prompt: { actions: { type: string; ship?: string; area?: string; box?: string; group?: string }[] };
    };
    await api(server.url, 'POST', `/api/matches/${created.id}/actions`, { seq: state.seq, action: { type: 'early-activation', roll: false } }, jt);
    const allied = (await api(server.url, 'GET', `/api/matches/${created.id}`, undefined, at)).body as { seq: number };
    expect((await api(server.url, 'POST', `/api/matches/${created.id}/actions`, { seq: allied.seq, action: { type: 'done' } }, at)).status).toBe(200);
    state = (await api(server.url, 'GET', `/api/matches/${created.id}`, undefined, jt)).body;
    for (const ship of ['ijn-chokai', 'ijn-aoba']) {
      const a = state.prompt.actions.find((x) => x.type === 'deploy' && x.ship === ship && x.area === 'SL' && x.box === 'night' && x.group === 'new')!;
      state = (await api(server.url, 'POST', `/api/matches/${created.id}/actions`, { seq: state.seq, action: a }, jt)).body;
    }
    await api(server.url, 'POST', `/api/matches/${created.id}/actions`, { seq: state.seq, action: { type: 'done' } }, jt);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin');
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
    await ctx.close();
  });
}
