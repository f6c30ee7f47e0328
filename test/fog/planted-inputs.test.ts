/**
 * The worlds made from the other side's inputs can fail (issue #38, item 4): each leak below
 * is planted in a real game or in the server's code and must be reported with its viewer, the
 * step it was built at and the first differing path. None of them is seen by a list of
 * look-alikes the game writes: the East Wind Rain look-alikes keep a TF's distance to its
 * friendly bases, and a count carries no piece's name.
 */
import { SPECTATOR, type GameModule } from '../../src/engine';
import { ewr } from '../../src/games/ewr';
import { ssj } from '../../src/games/ssj';
import { friendlyBaseNear, roleOf, type EwrState } from '../../src/games/ewr/state';
import type { SsjState } from '../../src/games/ssj/state';
import { Lobby } from '../../src/matches/lobby';
import * as serverMetrics from '../../src/server/metrics';
import { checkMatches, formatStats, type Difference, type FogBudget, type FogSpec } from '../support/fog/harness';
import { ewrSpec } from '../support/fog/games/ewr';
import { ssjSpec } from '../support/fog/games/ssj';
import { hiderSpec } from '../support/fog/hider';

/** Choice worlds at every step (no other kind: the planted leaks must be found by these). */
const BUDGET: FogBudget = {
  rollHorizon: 0,
  lookalikes: 0,
  lookalikeHorizon: 0,
  staleEvery: 1_000,
  privateEvery: 1_000_000,
  choices: 1,
  choiceEvery: 1,
  pairHorizon: 8,
  pairCap: 120,
};

const ewrWith = (view: (s: EwrState, v: string, real: unknown) => unknown): FogSpec<EwrState> => ({
  ...ewrSpec,
  lookalikes: undefined,
  game: { ...ewr, view: (s: EwrState, v: string) => view(s, v, ewr.view(s, v)) } as GameModule<EwrState>,
});
const ssjWith = (view: (s: SsjState, v: string, real: unknown) => unknown, maxSteps: number): FogSpec<SsjState> => ({
  ...ssjSpec,
  lookalikes: undefined,
  maxSteps,
  game: { ...ssj, view: (s: SsjState, v: string) => view(s, v, ssj.view(s, v)) } as GameModule<SsjState>,
});
const first = (ds: Difference[], path: RegExp) => ds.find((d) => path.test(d.path));

test('without a plant, East Wind Rain choice worlds give no difference (and were built, and played on)', async () => {
  const s = await checkMatches(
    ewrWith((_s, _v, real) => real),
    'planted-inputs-ewr',
    0,
    6,
    BUDGET,
  );
  console.log(formatStats('ewr (no plant)', s, 3));
  expect(s.differences).toEqual([]);
  expect(s.byKind.choice!.worlds).toBeGreaterThan(20);
  expect(s.byKind.choice!.steps).toBeGreaterThan(s.byKind.choice!.worlds);
});

test("planted: TFZ's view says whether TFA is beside one of TFA's friendly bases — reported for TFZ's side at TFA's hidden move", async () => {
  const spec = ewrWith((s, v, real) => (roleOf(s, v) === 'tfz' ? { ...(real as object), tfaNearItsBase: friendlyBaseNear(s, s.roles.tfa, s.tf.tfa.hex, 1) } : real));
  const s = await checkMatches(spec, 'planted-inputs-ewr', 0, 6, BUDGET);
  const d = first(s.differences, /tfaNearItsBase$/);
  console.log(formatStats('ewr (planted: TFA beside its base)', s, 1));
  expect(d).toMatchObject({ kind: 'choice', path: expect.stringMatching(/view\.tfaNearItsBase$/) });
  expect(d!.world).toMatch(/chose \{"type":"move"/);
  expect(d!.viewer).not.toBe(SPECTATOR);
});

describe('Sky, Sea, and JUNGLE: a count of the enemy’s groups behind the screen', () => {
  const japaneseGroups = (s: SsjState) => Object.values(s.groups).filter((g) => g.side === 'japanese').length;

  test("planted: the Allied view counts the Japanese groups — reported for the Allies at a Japanese deployment step, at the count's path", async () => {
    const spec = ssjWith((s, v, real) => (v === 'allied' ? { ...(real as object), japaneseGroups: japaneseGroups(s) } : real), 120);
    const s = await checkMatches(spec, 'planted-inputs-ssj', 0, 1, BUDGET);
    console.log(formatStats('ssj (planted: group count)', s, 1));
    const d = first(s.differences, /japaneseGroups$/);
    expect(d).toMatchObject({ kind: 'choice', viewer: 'allied' });
    expect(d!.world).toMatch(/^japanese chose/);
  }, 600_000);

  test('planted: the same count, changed only on public steps (once the Japanese deployment is over) — reported in the worlds played on', async () => {
    const spec = ssjWith((s, v, real) => (v === 'allied' && s.phase !== 'japanese-deployment' ? { ...(real as object), japaneseGroups: japaneseGroups(s) } : real), 120);
    const s = await checkMatches(spec, 'planted-inputs-ssj', 0, 1, { ...BUDGET, pairCap: 300 });
    console.log(formatStats('ssj (planted: group count on public steps)', s, 1));
    const d = first(s.differences, /japaneseGroups$/);
    expect(d).toMatchObject({ kind: 'choice', viewer: 'allied' });
    // Not at the private step itself: in a later item of the Allies' transcript.
    expect(d!.world).toMatch(/allied's item [1-9]/);
  }, 600_000);
});

describe('plants in the server', () => {
  afterEach(() => jest.restoreAllMocks());

  // The hider (test/support/fog/hider.ts): side a picks its number in private steps, at random, until it seals it; another
  // pick leads to another number of private steps before the public one.
  test("planted: the creator's manage answer gives the real seq — reported for a player, at extra.manage.seq", async () => {
    const real = Lobby.prototype.manage;
    jest.spyOn(Lobby.prototype, 'manage').mockImplementation(async function (this: Lobby, id: string) {
      const live = await (this as unknown as { svc: { matches: { load(id: string): Promise<{ tl: { seq: number } }> } } }).svc.matches.load(id);
      return { ...(await real.call(this, id)), seq: live.tl.seq };
    });
    const s = await checkMatches(hiderSpec('none'), 'planted-inputs-hider', 0, 4, BUDGET);
    console.log(formatStats('hider (planted: real seq in manage)', s, 1));
    const d = first(s.differences, /extra\.manage\.seq$/);
    expect(d).toMatchObject({ kind: 'choice' });
    expect(d!.viewer).not.toBe(SPECTATOR);
  }, 600_000);

  test('planted: /metrics open behind a same-host proxy — the accepted actions, private steps too, are reported at extra.metrics', async () => {
    jest.spyOn(serverMetrics, 'metricsRefusal').mockReturnValue(null);
    const s = await checkMatches(hiderSpec('none'), 'planted-inputs-hider', 0, 4, BUDGET);
    console.log(formatStats('hider (planted: metrics open)', s, 1));
    const d = first(s.differences, /extra\.metrics$/);
    expect(d).toMatchObject({ kind: 'choice' });
  }, 600_000);
});
