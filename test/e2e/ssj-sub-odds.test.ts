/**
 * Issue 42 item 1 (every attack shows, before it is chosen, what it needs and its odds) for submarines (VI.D), in a real
 * browser on desktop and at 390×844: a Japanese submarine and an Allied cruiser both sail into the Slot by day; the
 * Japanese page says how the die is read before the group is picked (the Anti-Ship table, a 1 misses, a heavily damaged
 * target a row higher, the escorts' rule), and once the Day Only group is turned up for him, each ship's rows by name.
 */
import type { Page } from 'playwright-core';
import { closeUntil, matchPath, play, seatBody, ssjDeploying, type CreatedMatch } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ newSeed: () => 'ssj-sub-odds', lastScreenshots: 'sub-odds-last' });

type Act = { type: string; [k: string]: unknown };

/** AugI: I-121 and CHICAGO sail into the Slot's Day Only box; everything else closes until the Japanese may attack. */
async function atSubAttack(): Promise<{ m: CreatedMatch; attack: Act }> {
  const m = await ssjDeploying(e2e.url);
  const jp = (await seatBody(e2e.url, m, 'japanese')).prompt!.actions;
  const sub = jp.find((a) => a.type === 'deploy' && a.ship === 'ijn-i-121' && a.area === 'SL' && a.group === 'new')!;
  await play(e2e.url, m.id, m.seats.japanese!.token, sub);
  await play(e2e.url, m.id, m.seats.japanese!.token, { type: 'done' });
  const al = (await seatBody(e2e.url, m, 'allied')).prompt!.actions;
  const ca = al.find((a) => a.type === 'deploy' && a.ship === 'usn-chicago' && a.area === 'SL' && a.box === 'day' && a.group === 'new')!;
  await play(e2e.url, m.id, m.seats.allied!.token, ca);
  const { found } = await closeUntil(e2e.url, m, ['allied', 'japanese'], (side, actions) => (side === 'japanese' ? actions.find((a) => a.type === 'sub-attack') : undefined), 100);
  return { m, attack: found };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)("issue 42 item 1 on %s: a submarine attack's odds on the page before the roll", (name, size) => {
  test(`VI.D / VII.A: the rule before the group is picked, each ship's Anti-Ship rows once the Day Only group is turned up (${name})`, async () => {
    const { m, attack } = await atSubAttack();
    const page: Page = await e2e.open(matchPath(m, 'japanese'), size);
    const text = page.getByTestId('prompt-text');
    await text
      .getByText(
        /The die is read on the Anti-Ship table against the target's class \(VII\.A: a 1 always misses; a heavily damaged target one row higher, VI\.F\.1\.c\); a 1 sinks your submarine instead if the group holds a destroyer/,
      )
      .waitFor();
    expect(await text.isVisible()).toBe(true);
    await play(e2e.url, m.id, m.seats.japanese!.token, attack);
    await text.getByText(/On the Anti-Ship table \(VII\.A; a 1 always misses\): CHICAGO \(CA\): D on [^;]*\. (No destroyer escorts this group|Your submarine is sunk)/).waitFor();
    expect(await text.isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
