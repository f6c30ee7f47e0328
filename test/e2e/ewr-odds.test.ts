/**
 * East Wind Rain, the intercept's odds before it is chosen (issue #42 item 2: "every attack and
 * roll shows, before it is chosen, what it needs and its odds"). The Coral Sea opening played
 * through the API until the MO Striking Force is adjacent to TF 17 (A1): the Allied page (TFZ),
 * on the desktop and at 390×844, says before the choice that intercepting rolls a sighting at
 * once, with the sighting table's need from the adjacent hex and the dice that succeed.
 */
import { createMatch, matchPath, play } from '../support/e2e-matches';
import { DESKTOP, e2eSession, PHONE } from '../support/e2e';

jest.setTimeout(120_000);

const SCRIPT: (readonly [string, unknown])[] = [
  ['japanese', { type: 'begin-initiative' }],
  ...[
    { col: 1, row: 2 },
    { col: 2, row: 2 },
    { col: 3, row: 2 },
    { col: 4, row: 2 },
  ].map((to) => ['japanese', { type: 'move', to }] as const),
  ['allied', { type: 'decide', step: '1', choice: 'decline' }],
  ['japanese', { type: 'move', to: { col: 5, row: 2 } }],
];
const e2e = e2eSession({ lastScreenshots: 'ewr-odds-last' });

let m: Awaited<ReturnType<typeof createMatch>>;
beforeAll(async () => {
  m = await createMatch(e2e.url, 'ewr', { scenario: 'coral-sea-1942' });
  for (const [side, action] of SCRIPT) await play(e2e.url, m.id, m.seats[side]!.token, action);
});

test.each([
  ['at 390×844', PHONE],
  ['on the desktop', DESKTOP],
] as const)('A1 on TFZ’s page: before choosing, the prompt says intercepting sights at once, with the sighting table’s need and the dice that succeed, %s', async (_what, opts) => {
  const page = await e2e.open(matchPath(m, 'allied'), opts);
  const text = page.getByTestId('prompt-text');
  await text.getByText(/^A1: TFA is adjacent/).waitFor();
  expect(await text.innerText()).toMatch(
    /If you intercept, you try to sight it at once \(4\): Sighting from the adjacent hex \(sighting table, with aircraft, step 4's "normal modifiers"\): needs \d.*: succeeds on a d6 of [2-6](–6)? \(\d in 6\)/,
  );
  await text.scrollIntoViewIfNeeded();
  expect(await text.isVisible()).toBe(true);
  await page
    .locator('section.decision')
    .getByRole('button', { name: /intercept/i })
    .first()
    .waitFor();
  await page.close();
});

afterAll(() => {
  expect(e2e.pageErrors).toEqual([]);
});
