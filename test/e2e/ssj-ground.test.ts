/**
 * Ground combat (VI.F.2.g) and the Kokoda Trail (VI.G) followed in real browsers. A match
 * is played by the game's plausible bots over HTTP to its first ground-combat decision;
 * then the Japanese and Allied pages and a spectator's show the ground combat panel: the
 * decision open (whose, where), each side's ground units at the base as the viewer may see
 * them (own face up, the enemy face down, nothing more to the spectator), and, once an
 * attack is made by a click on the page, its odds column, die and losses on every page —
 * read from the log each viewer was sent, so a reload shows them again.
 */
import type { Page } from 'playwright-core';
import { plausibleBot } from '../../src/games/ssj/bot';
import { seriousViolations } from '../support/axe';
import { createMatch, matchPath, playUntil, seatBody, type CreatedMatch, type SeatBot } from '../support/e2e-matches';
import { e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

// A fixed seed: the engine's own dice, the same ground combat on every run.
const e2e = e2eSession({ newSeed: () => 'ssj-ground-combat', lastScreenshots: 'ground-last' });

type Side = 'japanese' | 'allied';
const panel = (p: Page) => p.getByTestId('ground-combat');
const cell = (p: Page, side: Side) => panel(p).locator(`ul.bb-cell[data-side="${side}"]`);

/** The seat with a decision now, and the view's open ground-combat decision. */
async function mover(m: CreatedMatch): Promise<{ side: Side; gc: { base: string; side: Side; to?: string } | null }> {
  for (const side of ['japanese', 'allied'] as const) {
    const b = await seatBody(e2e.url, m, side);
    if (b.prompt) return { side, gc: b.view.groundCombat };
  }
  throw new Error('nobody to move');
}

test('the ground combat panel: whose decision, the units at the base as each viewer may see them, and the attack with its column, die and losses', async () => {
  const m = await createMatch(e2e.url, 'ssj');
  const bots = { japanese: plausibleBot('ground/j'), allied: plausibleBot('ground/a') } as unknown as Record<string, SeatBot>;
  await playUntil(e2e.server.service, m, bots, (_side, body) => !!body.view.groundCombat, 1500);

  const jp = await e2e.open(matchPath(m, 'japanese'));
  const al = await e2e.open(matchPath(m, 'allied'));
  const sp = await e2e.open(matchPath(m, 'spectator'));
  const pages = { japanese: jp, allied: al } as const;

  let attacked: Page | null = null;
  let advanced = false;
  for (let i = 0; i < 16 && !attacked; i++) {
    let { side, gc } = await mover(m);
    if (!gc) {
      // This turn's ground combat ended with no attack (only advances declined): the bots play on to the next turn's.
      side = (await playUntil(e2e.server.service, m, bots, (_side, body) => !!body.view.groundCombat, 1500)).side as Side;
      gc = (await mover(m)).gc!;
    }
    const page = pages[side];
    const lines = await panel(page).getByTestId('ground-results').locator('li').count();
    const enemy: Side = side === 'japanese' ? 'allied' : 'japanese';
    await page.getByTestId('banner').getByText('Your move').waitFor();
    // Every page says whose decision it is; the decider reads "You decide".
    await panel(page)
      .getByTestId('ground-status')
      .getByText(/^You decide whether to (attack|advance)/)
      .waitFor();
    await panel(pages[enemy])
      .getByTestId('ground-status')
      .getByText(new RegExp(`^The ${side === 'japanese' ? 'Japanese' : 'Allied'} player decides whether to (attack|advance)`))
      .waitFor();
    // Own ground units face up, the enemy's face down (no identity), on each player's page; nothing face up to the spectator.
    for (const [p, me] of [
      [jp, 'japanese'],
      [al, 'allied'],
    ] as const) {
      const them: Side = me === 'japanese' ? 'allied' : 'japanese';
      await cell(p, me).first().waitFor();
      expect(await cell(p, me).locator('g.counter.face-down').count()).toBe(0);
      expect(await cell(p, them).locator('g.counter[data-ship]').count()).toBe(0);
    }
    await panel(sp).waitFor();
    expect(await panel(sp).locator('g.counter[data-ship]').count()).toBe(0);

    const buttons = page.locator('section.decision').getByRole('button');
    if (gc.to) {
      // An advance over the Kokoda Trail: both ends of the trail are drawn. The first side to decide advances with every
      // unit (the base it attacks is then contested: an attack follows there); the other side declines.
      expect(await panel(page).locator('.gc-base').count()).toBe(2);
      await buttons.getByText(/^Do not advance from .* over the Kokoda Trail/).waitFor();
      const advance = buttons.filter({ hasText: /^Advance \d+ units? over the Kokoda Trail/ });
      if (!advanced && (await advance.count())) await advance.last().click();
      else await buttons.getByText(/^Do not advance from .* over the Kokoda Trail/).click();
      advanced = true;
    } else {
      const attack = buttons.filter({ hasText: /^Attack at .* with \d+ units?/ });
      await attack.first().waitFor();
      // The decider's own units at the base are on the panel, face up.
      const own = await cell(page, side).locator('g.counter[data-ship]').count();
      expect(own).toBeGreaterThan(0);
      expect(await attack.count()).toBe(own);
      expect(await seriousViolations(page)).toEqual([]);
      // The kept screenshot: the decision to attack, the units facing each other and this turn's lines so far.
      await panel(page).scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'ssj-ground-combat');
      await attack.last().click();
      attacked = page;
    }
    // Each decision adds its line to the results (a pass too): the next decision is read once it is there.
    await panel(page).getByTestId('ground-results').locator('li').nth(lines).waitFor();
  }
  expect(attacked).not.toBeNull();

  // The attack's line on every page: the column and the die (drawn, and named for screen readers), the losses.
  const result = /attacked at .* with \d+ units? against \d+ \(column [^)]+\): \d+ attackers? and \d+ defenders? lost\./;
  for (const p of [jp, al, sp]) {
    const line = p.getByTestId('ground-results').locator('li[data-kind="attack"]');
    await line.getByText(result).waitFor();
    await line.getByRole('img', { name: /^die [1-6]$/ }).waitFor();
  }
  // A reload shows the same results: they are read from the log the server sends, not remembered by the page.
  const before = await sp.getByTestId('ground-results').innerText();
  await sp.reload();
  await sp.getByTestId('ground-results').locator('li[data-kind="attack"]').waitFor();
  expect(await sp.getByTestId('ground-results').innerText()).toBe(before);
  expect(e2e.pageErrors).toEqual([]);
});
