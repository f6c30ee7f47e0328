/**
 * Issue 42 item 5 ("AugII reinforcements as 42 buttons in a 338 px box") in a real browser, on desktop and at 390×844:
 * the plausible bots play AugI; at AugII's VI.A step the Allied page lists the arriving units grouped by where they may
 * enter, each with its own legal places; hovering a row picks that unit on the board, whose places are highlighted there
 * (and only those); one button places every unit where its row says, in order, then closes the step — each unit at the
 * base its row chose, and the page never sends a step the server refuses (the match moves on to the Japanese deployment).
 */
import type { Page } from 'playwright-core';
import { plausibleBot } from '../../src/games/ssj/bot';
import { createMatch, matchPath, playUntil, seatBody, type CreatedMatch, type SeatBot } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(300_000);

const e2e = e2eSession({ newSeed: () => 'ssj-reinforcements', lastScreenshots: 'reinforcements-last' });

type Act = { type: string; [k: string]: unknown };

/** The match played by the plausible bots to the first VI.A step with units to place (AugII). */
async function atArrivals(): Promise<{ m: CreatedMatch; places: Act[] }> {
  const m = await createMatch(e2e.url, 'ssj');
  const bots = { japanese: plausibleBot('reinf/j'), allied: plausibleBot('reinf/a') } as unknown as Record<string, SeatBot>;
  const { body } = await playUntil(e2e.server.service, m, bots, (side, b) => side === 'allied' && !!b.prompt?.actions.some((a) => a.type === 'place'), 2000);
  return { m, places: body.prompt!.actions.filter((a) => a.type === 'place') };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('issue 42 item 5 on %s: the reinforcements as a list with a board preview', (name, size) => {
  test(`VI.A: every arrival listed once under the places it may enter at; hovering shows its places on the map; one button places all and closes (${name})`, async () => {
    const { m, places } = await atArrivals();
    const units = [...new Set(places.map((a) => String(a.unit)))];
    const basesOf = (u: string) => places.filter((a) => a.unit === u).map((a) => String(a.base));
    expect(units.length).toBeGreaterThanOrEqual(2);
    const page: Page = await e2e.open(matchPath(m, 'allied'), size);
    const list = page.getByTestId('reinforcements');
    await list.waitFor();
    // One row an arriving unit, in the group of exactly the places the server offers it.
    const rows = list.getByTestId('arrival');
    expect(await rows.count()).toBe(units.length);
    for (const g of await list.getByTestId('arrival-group').all()) {
      const bases = (await g.getAttribute('data-bases'))!.split(' ');
      for (const row of await g.getByTestId('arrival').all()) expect(basesOf((await row.getAttribute('data-unit'))!)).toEqual(bases);
    }
    // No button a place: the old 42-button list is gone.
    expect(await list.getByRole('button', { name: /^Place .* at / }).count()).toBe(0);

    // Hovering (a tap on a phone) a row: that unit's places, and only those, are targets on the board.
    const first = rows.nth(0);
    const unit = (await first.getAttribute('data-unit'))!;
    await first.locator('.arrival-name').click();
    const targets = page.locator('g.base.target');
    await targets.first().waitFor({ state: 'attached' });
    const marked = await targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-base')));
    expect(marked.sort()).toEqual(basesOf(unit).sort());
    await keepScreenshot(page, `ssj-reinforcements-${name}`);

    // Each row where it goes: the first unit with two places sent to its second; all others at their first.
    const two = units.find((u) => basesOf(u).length > 1);
    const want = new Map(units.map((u) => [u, basesOf(u)[0]!]));
    if (two) {
      want.set(two, basesOf(two)[1]!);
      await list.locator(`[data-unit="${two}"] select`).selectOption(basesOf(two)[1]!);
    }
    const send = list.getByTestId('reinforcements-send');
    expect(await send.textContent()).toBe(`Place these ${units.length} units, then close`);
    await send.click();
    const closed = async () => (await seatBody(e2e.url, m, 'japanese')).prompt?.kind === 'japanese-deployment';
    for (let i = 0; i < 300 && !(await closed()); i++) await page.waitForTimeout(100);
    expect(await closed()).toBe(true);
    const mine = (await seatBody(e2e.url, m, 'allied')).view.sides.allied.units as { id: string; place: { at: string; base?: string } }[];
    for (const [u, base] of want) expect(mine.find((x) => x.id === u)!.place).toEqual({ at: 'base', base });
    expect(e2e.pageErrors).toEqual([]);
  });
});
