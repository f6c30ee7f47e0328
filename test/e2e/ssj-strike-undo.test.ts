/**
 * Issue 42 item 4 ("an air unit given a strike vanishes from 'Pieces you can move' with no marker and no way back") in a
 * real browser, on desktop and at 390×844: at AugI's morning land-based air (VI.F.1.a) a player gives an air unit a strike
 * by clicks on the page; its counter is marked STRIKE and the air panel lists the strike with "Take back"; taking it back
 * (the server's Undo) removes the mark and offers the unit's strike again. Odds before the roll on the page (issue 42
 * item 1): the allocation says what a raid on land needs (Bombardment air row, VII.B's 1), the aim each ship's Anti-Ship rows.
 */
import type { Page } from 'playwright-core';
import { closeUntil, matchPath, play, seatBody, ssjDeploying, ssjSailIntoSlotByDay, type CreatedMatch } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ newSeed: () => 'ssj-strike-undo', lastScreenshots: 'strike-undo-last' });

type Act = { type: string; [k: string]: unknown };

/** AugI: three Japanese ships sail into the Slot by day; everything else closes until a side may allocate an air strike. */
async function atAllocation(): Promise<{ m: CreatedMatch; side: string; strike: Act }> {
  const m = await ssjDeploying(e2e.url);
  await ssjSailIntoSlotByDay(e2e.url, m, 3);
  const { side, found } = await closeUntil(e2e.url, m, ['japanese', 'allied'], (_side, actions) => actions.find((a) => a.type === 'air-strike'));
  return { m, side, strike: found };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('issue 42 items 1 and 4 on %s: a strike marked on its unit, taken back, and its odds', (name, size) => {
  test(`VI.F.1.a: an air unit given a strike by clicks is marked STRIKE; "Take back" undoes it and offers the strike again; the raid and aim odds are on the page before each roll (${name})`, async () => {
    const { m, side, strike } = await atAllocation();
    const unit = String(strike.unit);
    const body = await seatBody(e2e.url, m, side);
    const unitName = (body.view.sides[side].units as { id: string; name: string }[]).find((u) => u.id === unit)!.name;
    const page: Page = await e2e.open(matchPath(m, side), size);
    const panel = page.locator('section.decision');
    await page.getByTestId('banner').getByText('Your move').waitFor();
    // Before any unit is given a strike, the page says what a raid on land needs (VI.F.1.a's row, VII.B's 1).
    const text = page.getByTestId('prompt-text');
    await text.getByText(/A raid on land reads the Bombardment table's air row \(VI\.F\.1\.a\): ground units .* a 1 shoots the raider down/).waitFor();
    // Pick the unit in the list of pieces (the same as a click on its counter), then its first target.
    const list = panel.locator('details.ship-list', { hasText: /^Pieces you can move/ });
    await list.locator('summary').click();
    await list.getByRole('button', { name: new RegExp(`${unitName.replace(/[()]/g, '\\$&')}$`) }).click();
    await panel.locator('section.selected ul.choices button').first().click();
    const mark = page.locator(`g.counter[data-ship="${unit}"] [data-testid="strike-mark"]`);
    await mark.waitFor({ state: 'attached' });
    const takeBack = page.getByTestId('strike-take-back');
    await takeBack.waitFor();
    await takeBack.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `ssj-strike-take-back-${name}`);
    await takeBack.click();
    await mark.waitFor({ state: 'detached' });
    expect(await takeBack.count()).toBe(0);
    const again = (await seatBody(e2e.url, m, side)).prompt!.actions;
    expect(again).toContainEqual(strike);

    // The strike given again and the allocation closed: when the unit aims, the page gives each ship's Anti-Ship rows.
    await play(e2e.url, m.id, m.seats[side]!.token, strike);
    await play(e2e.url, m.id, m.seats[side]!.token, { type: 'done' });
    for (let i = 0; i < 40; i++) {
      const mine = (await seatBody(e2e.url, m, side)).prompt;
      if (mine?.actions.some((a: Act) => a.type === 'air-target')) break;
      const enemy = side === 'allied' ? 'japanese' : 'allied';
      const theirs = (await seatBody(e2e.url, m, enemy)).prompt;
      if (!theirs) throw new Error(`no aim step: ${mine?.text ?? 'nothing'} for ${side}`);
      const next = theirs.actions.find((a: Act) => a.type === 'done') ?? theirs.actions[0]!;
      await play(e2e.url, m.id, m.seats[enemy]!.token, next);
    }
    await text
      .getByText(/On the Anti-Ship table \(VII\.A; a 1 always misses[^)]*\): .*\((BB|CA|CL|DD|TR|CV|CVL|CLAA|DL)\b[^)]*\): .*VII\.B: a 1 shoots your air unit down/)
      .waitFor();
    expect(await text.isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
