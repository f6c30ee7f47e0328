/**
 * Issue 42 item 5 ("grouped decisions: withdraw none/all/these in one step") in a real browser, on desktop and at
 * 390×844: at a VI.F.1 withdrawal step ("you may withdraw to base, one by one, any undamaged or damaged ship … then
 * close") the page lists the ships it may send home with a box each; checking two and pressing one button withdraws
 * those two (each by its own legal withdraw-ship action, in order) and closes the step, the third staying at sea.
 */
import type { Page } from 'playwright-core';
import { closeUntil, matchPath, seatBody, ssjDeploying, ssjSailIntoSlotByDay, type CreatedMatch } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ newSeed: () => 'ssj-withdraw', lastScreenshots: 'withdraw-last' });

/**
 * AugI: three Japanese ships from Rabaul sail, each as its own group, into the Slot's Day Only box; everything else closes
 * at once (the first choice where there is no Done) until the Japanese player is asked, after the morning air, to withdraw.
 */
async function atWithdrawal(): Promise<{ m: CreatedMatch; ships: string[] }> {
  const m = await ssjDeploying(e2e.url);
  await ssjSailIntoSlotByDay(e2e.url, m, 3);
  const { found } = await closeUntil(e2e.url, m, ['japanese', 'allied'], (side, actions) => {
    const withdraw = actions.filter((a) => a.type === 'withdraw-ship');
    return side === 'japanese' && withdraw.length ? [...new Set(withdraw.map((a) => String(a.ship)))] : undefined;
  });
  return { m, ships: found };
}

const placeOf = async (m: CreatedMatch, id: string) =>
  ((await seatBody(e2e.url, m, 'japanese')).view.sides.japanese.units as { id: string; place: { at: string } }[]).find((u) => u.id === id)!.place.at;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('issue 42 item 5 on %s: withdraw these, then close — one step', (name, size) => {
  test(`VI.F.1: two of three ships checked go home and the step closes with one button; the third stays at sea (${name})`, async () => {
    const { m, ships } = await atWithdrawal();
    expect(ships.length).toBeGreaterThanOrEqual(3);
    const page: Page = await e2e.open(matchPath(m, 'japanese'), size);
    const pick = page.getByTestId('multi-pick');
    await pick.waitFor();
    // One row a ship the step may send home, each with its box.
    expect(await pick.locator('input[type="checkbox"]').count()).toBe(ships.length);
    const button = pick.getByRole('button', { name: /^Withdraw/ });
    expect(await button.textContent()).toBe('Withdraw none — close');
    const boxes = pick.locator('input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    expect(await button.textContent()).toBe('Withdraw these 2 ships, then close');
    await pick.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `ssj-withdraw-these-${name}`);
    const step = (await seatBody(e2e.url, m, 'japanese')).prompt!.text;
    expect(step).toMatch(/after the morning land-based air attacks/);
    await button.click();
    // The two withdraw-ship actions and the Done: the step is closed (a later withdrawal step may ask of the third ship).
    const closed = async () => !((await seatBody(e2e.url, m, 'japanese')).prompt?.text ?? '').includes('after the morning land-based air attacks');
    for (let i = 0; i < 300 && !(await closed()); i++) await page.waitForTimeout(100);
    expect(await closed()).toBe(true);
    const rows = await Promise.all(ships.map((id) => placeOf(m, id)));
    expect(rows.filter((at) => at === 'base' || at === 'returning')).toHaveLength(2);
    expect(rows.filter((at) => at === 'group')).toHaveLength(ships.length - 2);
    expect(e2e.pageErrors).toEqual([]);
  });
});
