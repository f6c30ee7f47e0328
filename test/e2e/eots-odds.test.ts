/**
 * Empire of the Sun's submarine warfare variant, the printed values and the odds before the
 * roll (issue #42: "Counters and their details carry the printed values; every attack and roll
 * shows, before it is chosen, what it needs and its odds"). The 1943 start opens on the Allied
 * player's Strategic Warfare Segment with Lockwood (4) in 3727: the page, on the desktop and at
 * 390×844, says before the roll the equation of 11.22.A with the SWM and the Sub Base's SLOC PV
 * and the d10 faces that succeed, on the prompt and on the button; the Sub Base's row and its
 * counter carry its printed "*" and the 15 hits that displace it (11.21.D). The roll is then
 * made by the page's button, and what the page reports of it agrees with the promise.
 */
import { createMatch, matchPath } from '../support/e2e-matches';
import { DESKTOP, e2eSession, keepScreenshot, PHONE } from '../support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSession({ lastScreenshots: 'eots-odds-last' });

/** "a d10 of 0–4 (5 in 10)" → the faces it names. */
function faces(text: string): number[] {
  if (/no die \(0 in 10\)/.test(text)) return [];
  if (/any die \(10 in 10\)/.test(text)) return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const m = /a d10 of (\d)(?:–(\d))? \(\d+ in 10\)/.exec(text)!;
  const to = m[2] === undefined ? Number(m[1]) : Number(m[2]);
  return Array.from({ length: to - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i);
}

test.each([
  ['at 390×844', PHONE],
  ['on the desktop', DESKTOP],
] as const)(
  '11.22.A before the roll: the prompt and the button give the equation, SWM, SLOC PV and the d10 faces that succeed; the counter its printed values, %s',
  async (what, opts) => {
    const m = await createMatch(e2e.url, 'eots-subwar', { scenario: '1943' });
    const jp = await e2e.open(matchPath(m, 'japanese'), DESKTOP); // the other seat taken: the dice may roll
    const page = await e2e.open(matchPath(m, 'allied'), opts);
    const text = page.getByTestId('prompt-text');
    await text.getByText(/^Strategic Warfare Segment: roll for a Sub Base/).waitFor();
    const shown = await text.innerText();
    expect(shown).toMatch(/Lockwood \(4\): \(DR \+ SWM\) − SLOC PV ≤ 0 succeeds \(11\.22\.A\); with SWM \+1 and SLOC PV \d+: (a d10 of [0-9–]+|no die|any die) \(\d+ in 10\)/);
    await text.scrollIntoViewIfNeeded();
    expect(await text.isVisible()).toBe(true);
    const button = page.locator('section.decision').getByRole('button', { name: /Roll for Lockwood \(4\)/ });
    expect(await button.innerText()).toMatch(/SLOC PV \d+: (a d10 of|no die|any die)/);
    // The counter's printed values, in the Sub Bases table and on the map counter's description.
    await expect(page.getByTestId('printed-lockwood-4').innerText()).resolves.toBe('* · 15 hits displace');
    await expect(page.getByTestId('subbase-lockwood-4').getAttribute('aria-label')).resolves.toMatch(
      /printed \* \(no Air-Naval Combat factors\), 15 hits displace it, single-sided \(11\.21\.D\).*may conduct submarine warfare: \(DR \+ SWM\)/,
    );
    if (what === 'at 390×844') await keepScreenshot(page, 'phone-eots-odds');
    // The roll, made by the page, comes out as promised.
    await button.click();
    const row = page.locator('[data-subbase-row="lockwood-4"]');
    await row.getByText(/rolled \d/).waitFor();
    const r = /rolled (\d) .* = -?\d+: (success|no effect)/.exec(await row.innerText())!;
    expect(r[2] === 'success').toBe(faces(shown).includes(Number(r[1])));
    await page.close();
    await jp.close();
  },
);

afterAll(() => {
  expect(e2e.pageErrors).toEqual([]);
});
