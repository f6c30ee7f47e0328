/**
 * One test per path of the sighting / static intercept flowchart. Each plays a match
 * through createMatchState/step with a fixed plan of decisions and searches seeds (in
 * order, so the test is deterministic) for dice that walk the path; the last test checks
 * that the paths together walk every arrow of the chart.
 */
import { ARROW_IDS } from '../../../src/games/ewr/data/flowchart';
import { ewr } from '../../../src/games/ewr';
import { distance } from '../../../src/games/ewr/hex';
import type { EwrView } from '../../../src/games/ewr/view';
import { game, walked, type Match } from './driver';
import { findMatch, scenario, type Knobs, type Plan } from './fixtures';

const walkedByTests = new Set<string>();

function path(knobs: Knobs, plan: Plan, want: string[], avoid: string[] = []): Match {
  const m = findMatch(scenario(knobs), plan, want, avoid);
  for (const a of walked(m)) walkedByTests.add(a);
  return m;
}

const allRolls = (m: Match) => m.rolls.flat();
const intercept = { '1': 'intercept' };
const steady: Knobs = { tfaMorale: 6, tfzMorale: 6 };
const brittle: Knobs = { tfaMorale: 1, tfzMorale: 1 };

describe('EWR flowchart paths', () => {
  test('1 yes → 2 (TFA halts, TFZ moves adjacent) → 3 sight → 4 fails → end', () => {
    const m = path({}, { decide: { ...intercept, '3': 'sight' } }, ['start>1', '1>2', '2>3', '3>4', '4>end']);
    const at2 = m.states.findIndex((st) => st.game.phase === '2');
    const atEnd = m.states.findIndex((st, i) => i > at2 && st.game.step === 'end');
    expect(m.states[atEnd]!.game.tf.tfa.hex).toEqual(m.states[at2]!.game.tf.tfa.hex); // TFA halted
    const after2 = m.states[at2 + 1]!.game;
    expect(ewr.view(after2, 'allied')).toMatchObject({ step: '3' });
    expect(walked(m)).not.toContain('4>5');
  });

  test('4 sights → 5 airstrike → 6 (strikes, no morale broken) → B3 surface combat → end', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'surface' } }, ['4>5', '5>6', '6>B3', 'B3>end'], ['6>end:morale']);
    expect(allRolls(m).some((r) => r.why.startsWith('B3: surface fire'))).toBe(true);
  });

  test('6 → end: TFZ does not engage in surface combat and redeploys', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'airstrike' }, redeployTo: { col: 6, row: 0 } }, ['5>6', '6>end'], ['6>end:morale']);
    expect(walked(m)).not.toContain('6>B3');
  });

  test('6 → end: a TF’s morale breaks in the strikes', () => {
    const m = path(brittle, { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'surface' } }, ['5>6', '6>end:morale']);
    expect(m.log.some((e) => /morale breaks/.test(e.text))).toBe(true);
  });

  test('5 surface only → A2 (TFA passes) → A3 (step 4’s retained number stands) → A4 surface → B3', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'surface', A2: 'pass', A4: 'surface' } }, ['4>5', '5>A2', 'A2>A3', 'A3>A4', 'A4>B3', 'B3>end']);
    expect(allRolls(m).some((r) => r.why.startsWith('A3:'))).toBe(false);
    expect(m.log.some((e) => /retained sighting number/.test(e.text))).toBe(true);
  });

  test('3 enter → A2 TFA sights → B2 airstrikes → A3 → A4 one strike, then surface combat', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'enter', A2: 'sight', A4: 'airstrike' } }, ['3>A2', 'A2>B2', 'B2>A3', 'A3>A4', 'A4>B3:strike', 'B3>end'], ['B2>end:morale']);
    const a4Strikes = allRolls(m).filter((r) => r.why.startsWith('A4:') && / strikes /.test(r.why));
    expect(a4Strikes.length).toBeLessThanOrEqual(1); // one strike, no immediate second
  });

  test('B2 → end: the airstrikes break a TF’s morale', () => {
    path(brittle, { decide: { ...intercept, '3': 'enter', A2: 'sight' } }, ['A2>B2', 'B2>end:morale']);
  });

  test('A2 TFA fails or declines → A3 TFZ fails to sight → end, TFZ remains in TFA’s hex', () => {
    const m = path({}, { decide: { ...intercept, '3': 'enter', A2: 'pass' } }, ['3>A2', 'A2>A3', 'A3>end']);
    const i = m.states.findIndex((st) => st.game.walked.some((w) => w.arrow === 'A3>end'));
    expect(m.states[i]!.game.tf.tfz.hex).toEqual(m.states[i]!.game.tf.tfa.hex);
  });

  test('1 no → A1 yes → 4', () => {
    path({}, { decide: { '1': 'decline', A1: 'intercept' } }, ['start>1', '1>A1', 'A1>4']);
  });

  test('A1 no → B1 (TFA enters) yes → A4 sighting fails → end', () => {
    path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'intercept' } }, ['1>A1', 'A1>B1', 'B1>A4', 'A4>end']);
  });

  test('B1 → A4 airstrike, TFA countersights: no strike, immediate surface combat', () => {
    const m = path(steady, { decide: { '1': 'decline', A1: 'decline', B1: 'intercept', A4: 'airstrike' } }, ['B1>A4', 'A4>B3:countersight', 'B3>end']);
    expect(allRolls(m).some((r) => r.why.startsWith('A4:') && / strikes /.test(r.why))).toBe(false);
  });

  test('A4 → end: the one strike breaks TFA’s morale', () => {
    path({ tfaMorale: 1 }, { decide: { '1': 'decline', A1: 'decline', B1: 'intercept', A4: 'airstrike' } }, ['B1>A4', 'A4>end:morale']);
  });

  test('B1 no → B4 TFA sights → A4 with roles reversed → B3', () => {
    const m = path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'surface' } }, ['A1>B1', 'B1>B4', 'B4>A4', 'A4>B3', 'B3>end']);
    expect(m.states.some((st) => st.game.enc.sighter === 'tfa')).toBe(true);
    expect(game(m).history[0]!.moverCombat).toBe(true);
  });

  test('B4 → TFA fails to sight → end', () => {
    path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight' } }, ['B1>B4', 'B4>end:fail']);
  });

  test('B4 → TFA continues moving → end', () => {
    path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'continue' } }, ['B1>B4', 'B4>end']);
  });

  test('B1 once per initiative: after a failed intercept TFA enters TFZ’s hex → B1 → B4 without asking TFZ', () => {
    const m = path({}, { decide: { ...intercept, '3': 'sight', B4: 'continue' } }, ['1>2', '4>end', 'start>B1', 'B1>B4']);
    expect(m.actions.some((a) => a.action && (a.action as { step?: string }).step === 'B1')).toBe(false);
  });

  test('1944–45: TFZ stays two hexes off for an airstrike (2 → 3 sight only → 4 → 5 airstrike only → 6)', () => {
    const m = path({ year: 1944, ...steady }, { approach: 'two-hexes', decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' } }, ['1>2', '2>3', '3>4', '4>5', '5>6', '6>end']);
    const i = m.states.findIndex((st) => st.game.phase === '3');
    const at3 = m.states[i]!.game;
    expect(ewr.prompt(at3, at3.roles.tfz)!.actions).toEqual([{ type: 'decide', step: '3', choice: 'sight' }]);
    expect((ewr.view(at3, at3.roles.tfa) as EwrView).tfs.tfz!.hex).toBeNull(); // TFA does not know where TFZ is
    const j = m.states.findIndex((st) => st.game.phase === '5');
    const at5 = m.states[j]!.game;
    expect(ewr.prompt(at5, at5.roles.tfz)!.actions).toEqual([{ type: 'decide', step: '5', choice: 'airstrike' }]);
  });

  test('step 2: in 1942 only hexes adjacent to TFA; in 1944–45 a TFZ with aircraft may stay two hexes off, one without may not', () => {
    const hexesAt2 = (knobs: Knobs) => {
      const m = findMatch(scenario(knobs), { decide: intercept }, ['1>2'], [], `step2-${JSON.stringify(knobs)}`);
      const i = m.states.findIndex((st) => st.game.phase === '2');
      const s = m.states[i]!.game;
      return ewr.prompt(s, s.roles.tfz)!.actions.map((a) => distance(s.scenario.map, (a as { to: { col: number; row: number } }).to, s.tf.tfa.hex));
    };
    expect(new Set(hexesAt2({ year: 1942 }))).toEqual(new Set([1]));
    expect(new Set(hexesAt2({ year: 1944 }))).toEqual(new Set([1, 2]));
    expect(new Set(hexesAt2({ year: 1945, tfzAir: 0 }))).toEqual(new Set([1]));
  });

  test('together the paths walk every arrow of the chart', () => {
    for (const a of walkedByTests) expect(ARROW_IDS).toContain(a);
    expect(ARROW_IDS.filter((a) => !walkedByTests.has(a))).toEqual([]);
  });
});
