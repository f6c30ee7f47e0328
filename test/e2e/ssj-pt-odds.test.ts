/**
 * Issue 42 item 1 (every attack shows, before it is chosen, what it needs and its odds) for PT boats (VI.F.2.d), in a real
 * browser on desktop and at 390×844: the plausible bots play to the first night the Allied PT boats may attack in the
 * Slot; the Allied page says, before a piece is picked, that a 1 sinks the PT unit and how any other die is read on the
 * Anti-Ship table (a heavily damaged ship a row higher, a submarine missed), with every Japanese class's rows.
 */
import type { Page } from 'playwright-core';
import { plausibleBot } from '../../src/games/ssj/bot';
import { createMatch, matchPath, playUntil, type CreatedMatch, type SeatBot } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession } from '../support/e2e';

jest.setTimeout(300_000);

const e2e = e2eSession({ newSeed: () => 'ssj-pt-odds', lastScreenshots: 'pt-odds-last' });

let at: CreatedMatch | null = null;

/** The first PT attack decision the bots reach (the same match for both sizes). */
async function ptDecision(): Promise<CreatedMatch> {
  if (at) return at;
  const m = await createMatch(e2e.url, 'ssj');
  const bots = { japanese: plausibleBot('pt/j'), allied: plausibleBot('pt/a') } as unknown as Record<string, SeatBot>;
  await playUntil(e2e.server.service, m, bots, (side, b) => side === 'allied' && !!b.prompt?.actions.some((a) => a.type === 'pt-attack'), 3000);
  return (at = m);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)("issue 42 item 1 on %s: the PT boats' odds on the page before the roll", (name, size) => {
  test(`VI.F.2.d / VII.A: the PT unit's own 1, and every Japanese class's Anti-Ship rows, before a piece is picked (${name})`, async () => {
    const m = await ptDecision();
    const page: Page = await e2e.open(matchPath(m, 'allied'), size);
    const text = page.getByTestId('prompt-text');
    await text
      .getByText(
        /A 1 sinks your PT boat unit instead \(VI\.F\.2\.d; 1 VP to the Japanese\)\. Any other die is read on the Anti-Ship table against the piece's class \(VII\.A; a heavily damaged ship one row higher, VI\.F\.1\.c; a submarine is missed\)/,
      )
      .waitFor();
    const words = (await text.textContent())!;
    for (const cls of ['BB', 'CA', 'CL', 'DD', 'TR']) expect(words).toMatch(new RegExp(`by class, .*\\b${cls} (D|HD|sunk) on `));
    expect(await text.isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
