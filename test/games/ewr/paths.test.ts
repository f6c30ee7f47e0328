/**
 * One test per path of the sighting / static intercept flowchart. Each plays a match
 * through createMatchState/step with a fixed plan of decisions and searches seeds (in
 * order, so the test is deterministic) for dice that walk the path; the last test checks
 * that the paths together walk every arrow of the chart.
 */
import { ewr } from '../../../src/games/ewr';
import { distance } from '../../../src/games/ewr/hex';
import type { EnemyTfView, EwrView } from '../../../src/games/ewr/view';
import { act, game, newMatch, walked, type Match } from './driver';
import { findMatch, planned, scenario, type Knobs, type Plan } from './fixtures';
import { TEXT_ARROWS, TEXT_PAIRS, pairOf } from './text-flowchart';

const walkedByTests = new Set<string>();

function path(knobs: Knobs, plan: Plan, want: string[], avoid: string[] = [], also?: (m: Match) => boolean): Match {
  const m = findMatch(scenario(knobs), plan, want, avoid, want.join('|'), 400, also);
  for (const a of walked(m)) walkedByTests.add(a);
  return m;
}

const allRolls = (m: Match) => m.rolls.flat();

/**
 * The XI.H.1.c events of a match in order: each allocation (the action, before what it
 * caused), each declaration, each countersight roll and each reveal of the allocations.
 */
function timeline(m: Match): string[] {
  const out: string[] = [];
  m.actions.forEach((a, i) => {
    const act = a.action as { type: string };
    if (act.type === 'allocate') out.push(`alloc:${game(m).roles.tfa === a.side ? 'tfa' : 'tfz'}`);
    for (const e of m.log.filter((x) => x.seq === i + 1)) {
      const declared = e.data?.declared as { role?: string } | undefined;
      const roll = e.data?.roll as { why?: string; success?: boolean } | undefined;
      if (declared) out.push(`declare:${declared.role}`);
      else if (roll?.why && / countersights /.test(roll.why)) out.push(`countersight:${roll.success ? 'yes' : 'no'}`);
      else if (e.to === 'public' && /allocations are revealed/.test(e.text)) out.push('reveal');
    }
  });
  return out;
}
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

  test('step 5: surface combat only → A2 (TFA passes) → A3 (step 4’s retained number stands) → A4 surface → B3', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'surface', A2: 'pass', A4: 'surface' } }, ['4>5', '5>A2', 'A2>A3', 'A3>A4', 'A4>B3', 'B3>end']);
    expect(allRolls(m).some((r) => r.why.startsWith('A3:'))).toBe(false);
    expect(m.log.some((e) => /retained sighting number/.test(e.text))).toBe(true);
  });

  test('step 3: TFZ declares intent to enter → A2 TFA sights → B2 airstrikes → A3 → A4 one strike, then surface combat', () => {
    const m = path(
      steady,
      { decide: { ...intercept, '3': 'enter', A2: 'sight', A4: 'airstrike' } },
      ['3>A2', 'A2>B2', 'B2>A3', 'A3>A4', 'A4>B3:strike', 'B3>end'],
      ['B2>end:morale'],
    );
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

  test('B1 once per initiative: after a failed intercept TFA, adjacent, enters TFZ’s hex → a new sequence, 1 → A1 → B1 → B4 without asking TFZ', () => {
    const m = path({}, { decide: { ...intercept, '3': 'sight', B4: 'continue' } }, ['1>2', '4>end', 'start>1', '1>A1', 'A1>B1', 'B1>B4']);
    expect(m.actions.some((a) => a.action && (a.action as { step?: string }).step === 'B1')).toBe(false);
  });

  test('1944–45: TFZ stays two hexes off for an airstrike (2 → 3 sight only → 4 → 5 airstrike only → 6)', () => {
    const m = path({ year: 1944, ...steady }, { approach: 'two-hexes', decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' } }, [
      '1>2',
      '2>3',
      '3>4',
      '4>5',
      '5>6',
      '6>end',
    ]);
    const i = m.states.findIndex((st) => st.game.phase === '3');
    const at3 = m.states[i]!.game;
    expect(ewr.prompt(at3, at3.roles.tfz)!.actions).toEqual([{ type: 'decide', step: '3', choice: 'sight' }]);
    expect((ewr.view(at3, at3.roles.tfa) as EwrView).tfs.tfz!.hex).toBeNull(); // TFA does not know where TFZ is
    const j = m.states.findIndex((st) => st.game.phase === '5');
    const at5 = m.states[j]!.game;
    expect(ewr.prompt(at5, at5.roles.tfz)!.actions).toEqual([{ type: 'decide', step: '5', choice: 'airstrike' }]);
  });

  test('step 2 "except in 1944-45 for an airstrike": TFZ need not close at all — it stays where it is, two hexes off, and TFA learns only that', () => {
    const m = newMatch({ scenario: scenario({ year: 1944, ...steady }) }, 'stay-1944');
    const { tfa, tfz } = game(m).roles;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'move', to: { col: 2, row: 2 } });
    act(m, tfz, { type: 'decide', step: '1', choice: 'intercept' });
    expect(ewr.prompt(game(m), tfz)!.actions).toContainEqual({ type: 'approach', to: { col: 4, row: 2 } });
    const seq = m.actions.length;
    act(m, tfz, { type: 'approach', to: { col: 4, row: 2 } });
    expect(game(m).tf.tfz.hex).toEqual({ col: 4, row: 2 });
    expect(game(m).phase).toBe('3');
    expect(ewr.prompt(game(m), tfz)!.actions).toEqual([{ type: 'decide', step: '3', choice: 'sight' }]);
    expect((ewr.view(game(m), tfa) as EwrView).tfs.tfz!.hex).toBeNull();
    const told = m.log.filter((e) => e.seq > seq && (e.to === 'public' || (Array.isArray(e.to) && e.to.includes(tfa)))).map((e) => e.text);
    expect(told).toEqual(['2: TFZ (Allied) does not close: it stays two hexes from TFA, for an airstrike (1944–45).']);
    walked(m).forEach((a) => walkedByTests.add(a));
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

  test('A2: TFA tries to sight TFZ in the adjacent hex and fails → A3', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'enter', A2: 'sight', A4: 'surface' } }, ['3>A2', 'A2>A3'], ['A2>B2'], (x) =>
      allRolls(x).some((r) => r.why.startsWith('A2: TFA')),
    );
    const a2 = m.log.find((e) => (e.data?.roll as { why?: string } | undefined)?.why?.startsWith('A2: TFA'))!;
    expect((a2.data!.roll as { success: boolean }).success).toBe(false);
  });

  test('6: a counterstrike is actually flown when TFA countersights with strike factors allocated', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' }, alloc: { tfa: 'strike' } }, ['5>6'], [], (x) =>
      allRolls(x).some((r) => / counterstrike: TFA .* strikes TFZ/.test(r.why)),
    );
    const counter = allRolls(m).find((r) => / counterstrike: TFA .* strikes TFZ/.test(r.why))!;
    expect(counter.why).toMatch(/^6 counterstrike/);
  });

  const countersighted = (step: string) => (x: Match) =>
    allRolls(x).some(
      (r) =>
        r.why.startsWith(`${step}: `) &&
        / countersights /.test(r.why) &&
        x.log.some((e) => (e.data?.roll as { why?: string; success?: boolean } | undefined)?.why === r.why && (e.data!.roll as { success: boolean }).success),
    );
  const cases = [
    { step: '6', striker: 'tfz', target: 'tfa', knobs: steady, plan: { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' } } as Plan, want: ['5>6'] },
    { step: 'B2', striker: 'tfa', target: 'tfz', knobs: steady, plan: { decide: { ...intercept, '3': 'enter', A2: 'sight', A4: 'surface' } } as Plan, want: ['A2>B2'] },
    {
      step: 'B4',
      striker: 'tfa',
      target: 'tfz',
      knobs: steady,
      plan: { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'adjacent' } } as Plan,
      want: ['B4>B4:adjacent', 'B4>end:adjacent-strike'],
    },
  ] as const;
  for (const c of cases) {
    test(`XI.H.1.c: a countersighted striker declares its components before the counterstriker allocates (${c.step}: ${c.striker.toUpperCase()} strikes, ${c.target.toUpperCase()} countersights)`, () => {
      const m = path(c.knobs, c.plan, [...c.want], [], countersighted(c.step));
      // The target was sighted and declared; the striker allocated; the countersight; the striker declared; only then the counterstriker allocated.
      expect(timeline(m).slice(0, 6)).toEqual([`declare:${c.target}`, `alloc:${c.striker}`, 'countersight:yes', `declare:${c.striker}`, `alloc:${c.target}`, 'reveal']);
      // When the counterstriker is asked, its own view shows the striker's declaration (and it may send strike factors).
      const k = m.actions.findIndex((a) => (a.action as { type: string }).type === 'allocate' && a.side === game(m).roles[c.target]);
      const before = m.states[k]!.game;
      const seen = (ewr.view(before, before.roles[c.target]) as EwrView).tfs[c.striker] as EnemyTfView;
      expect(seen.components).toEqual(expect.arrayContaining(['main']));
      expect(before.revealed[c.striker].components).toEqual(seen.components);
      expect(ewr.prompt(before, before.roles[c.target])!.actions.some((a) => a.type === 'allocate' && a.strike > 0)).toBe(true);
    });
  }

  test('XI.H.1.c: the sighted target declares before the striker allocates, and is asked only after its countersight roll (6, no countersight: all its air flies CAP)', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' } }, ['5>6'], [], (x) => !countersighted('6')(x));
    expect(timeline(m).slice(0, 5)).toEqual(['declare:tfa', 'alloc:tfz', 'countersight:no', 'alloc:tfa', 'reveal']);
    const k = m.actions.findIndex((a) => (a.action as { type: string }).type === 'allocate');
    const s = m.states[k]!.game;
    expect(((ewr.view(s, s.roles.tfz) as EwrView).tfs.tfa as EnemyTfView).components).not.toBeNull();
    expect(ewr.prompt(s, s.roles.tfa)).toBeNull(); // the target is not asked while the striker allocates
    const j = m.actions.findIndex((a, i) => i > k && (a.action as { type: string }).type === 'allocate');
    const t = m.states[j]!.game;
    expect(ewr.prompt(t, t.roles.tfa)!.actions).toEqual([
      { type: 'allocate', cap: s.scenario.tfa.main.concat(s.scenario.tfa.screen, s.scenario.tfa.reserve).reduce((n, sh) => n + sh.air, 0), escort: 0, strike: 0 },
    ]);
  });

  test('XI.H.1.c: at A4 the sighted target declares before the striker allocates; a countersighted striker declares and does not strike', () => {
    const m = path(steady, { decide: { '1': 'decline', A1: 'decline', B1: 'intercept', A4: 'airstrike' } }, ['B1>A4', 'A4>B3:countersight']);
    expect(timeline(m).slice(0, 4)).toEqual(['declare:tfa', 'alloc:tfz', 'countersight:yes', 'declare:tfz']);
    expect(m.actions.filter((a) => (a.action as { type: string }).type === 'allocate').map((a) => a.side)).toEqual([game(m).roles.tfz]);
  });

  test('6 → 6: TFZ launches an immediate second strike, paid as one initiative from its own markers (V.B.2.c)', () => {
    const m = path(
      { ...steady, tfzMarkers: [1] },
      { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' }, second: true },
      ['5>6', '6>6:second', '6>end'],
      ['6>end:morale'],
    );
    const strikes = allRolls(m).filter((r) => /^6( second strike)?: TFZ .* strikes TFA/.test(r.why));
    expect(strikes.map((r) => r.why.startsWith('6 second strike'))).toContain(true);
    expect(game(m).spentMarkers).toContain('z0');
    expect(game(m).lastStrike?.second).toBe(true);
  });

  test('6: without ERs of its own TFZ is still asked, and may only decline the second strike', () => {
    const m = path(steady, { decide: { ...intercept, '3': 'sight', '5': 'airstrike', '6': 'stay' }, second: true }, ['5>6', '6>end'], ['6>end:morale']);
    const i = m.states.findIndex((st) => st.game.phase === 'second-strike');
    const st = m.states[i]!.game;
    expect(ewr.prompt(st, st.roles.tfz)!.actions).toEqual([{ type: 'decide', step: '6', choice: 'decline' }]);
    expect(walked(m)).not.toContain('6>6:second');
  });

  test('B2 → B2: TFA launches an immediate second strike, then A3', () => {
    path(
      { ...steady, markers: [1, 1, 1] },
      { decide: { ...intercept, '3': 'enter', A2: 'sight', A4: 'surface' }, second: true },
      ['A2>B2', 'B2>B2:second', 'B2>A3'],
      ['B2>end:morale'],
    );
  });

  test('B4 with the roles reversed: TFA sights TFZ in the same hex and launches A4’s one airstrike', () => {
    const m = path(steady, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'airstrike' } }, ['B1>B4', 'B4>A4'], ['A4>B3:countersight'], (x) =>
      allRolls(x).some((r) => /^A4: TFA .* strikes TFZ/.test(r.why)),
    );
    expect(m.states.some((st) => st.game.strike?.step === 'A4' && st.game.strike.striker === 'tfa')).toBe(true);
    expect(allRolls(m).filter((r) => /^A4: TFA .* strikes TFZ/.test(r.why))).toHaveLength(1); // one strike, no immediate second
    expect(game(m).history[0]!.moverCombat).toBe(true); // X.I.4: combat the moving TF started
  });

  test('B4: TFA moves to an adjacent hex, sights TFZ from there and strikes', () => {
    const m = path({ ...steady, tfzMorale: 6 }, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'adjacent' } }, [
      'B1>B4',
      'B4>B4:adjacent',
      'B4>end:adjacent-strike',
    ]);
    const i = m.actions.findIndex((a) => (a.action as { type: string }).type === 'b4-adjacent');
    const before = m.states[i]!.game;
    const after = m.states[i + 1]!.game;
    expect(distance(before.scenario.map, after.tf.tfa.hex, after.tf.tfz.hex)).toBe(1);
    expect(after.initiative!.movesLeft).toBe(before.initiative!.movesLeft - 1);
    expect(allRolls(m).some((r) => /^B4: TFA .* strikes TFZ/.test(r.why))).toBe(true);
  });

  test('B4 → B4: after its strike from the adjacent hex ("as in 6") TFA may launch an immediate second strike, paid as one initiative (V.B.2.c)', () => {
    const m = path({ ...steady, markers: [1, 1, 1] }, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'adjacent' }, second: true }, [
      'B4>B4:adjacent',
      'B4>B4:second',
      'B4>end:adjacent-strike',
    ]);
    expect(allRolls(m).some((r) => /^B4 second strike: TFA .* strikes TFZ/.test(r.why))).toBe(true);
    expect(game(m).lastStrike).toMatchObject({ step: 'B4', second: true });
    expect(game(m).spentMarkers).toHaveLength(2); // the initiative's marker and the second strike's
  });

  test('B4: TFA moves to an adjacent hex and fails to sight; or sights and does not strike', () => {
    path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'adjacent' } }, ['B4>B4:adjacent', 'B4>end:adjacent-fail']);
    path({}, { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'adjacent' }, b4Strike: false }, ['B4>B4:adjacent', 'B4>end:adjacent']);
  });

  test('every approach triggers the chart: TFA that begins an initiative adjacent to TFZ (TFZ stayed after 6) meets 1 → A1, and TFZ is asked', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'stay', A1: 'intercept' }, move: ['stop', 'stop'] };
    const policy = (p: Plan) => {
      const base = planned(p);
      return (m: Match, side: string, prompt: Parameters<typeof base>[2]) =>
        prompt.kind === 'move' && game(m).history.length === 0 && !walked(m).includes('6>end')
          ? prompt.actions.find(
              (a) => a.type === 'move' && distance(game(m).scenario.map, a.to, game(m).tf.tfz.hex) < distance(game(m).scenario.map, game(m).tf.tfa.hex, game(m).tf.tfz.hex),
            )
          : base(m, side, prompt);
    };
    const m = findMatch(scenario(steady), plan, ['5>6', '6>end', 'start>1', '1>A1', 'A1>4'], ['6>end:morale'], 'begin-adjacent', 400, () => true, policy);
    const i = m.actions.findIndex((a, k) => (a.action as { type: string }).type === 'begin-initiative' && m.states[k]!.game.history.length === 1);
    const s = m.states[i + 1]!.game;
    expect(distance(s.scenario.map, s.tf.tfa.hex, s.tf.tfz.hex)).toBe(1);
    expect(s.phase).toBe('A1');
    expect(ewr.prompt(s, s.roles.tfz)!.kind).toBe('intercept');
    expect(ewr.prompt(s, s.roles.tfz)!.actions).toContainEqual({ type: 'decide', step: 'A1', choice: 'intercept' });
    walked(m).forEach((a) => walkedByTests.add(a));
  });

  test('every approach triggers the chart: TFA that begins an initiative two hexes off meets step 1 at once', () => {
    const m = newMatch({ scenario: scenario() }, 'two-off');
    const { tfa, tfz } = game(m).roles;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'move', to: { col: 2, row: 2 } });
    expect(game(m).phase).toBe('1');
    act(m, tfz, { type: 'decide', step: '1', choice: 'decline' });
    act(m, tfa, { type: 'end-initiative' });
    act(m, tfa, { type: 'begin-initiative' });
    expect(game(m).phase).toBe('1');
    expect(ewr.prompt(game(m), tfz)!.actions).toEqual([
      { type: 'decide', step: '1', choice: 'intercept' },
      { type: 'decide', step: '1', choice: 'decline' },
    ]);
    expect(walked(m).filter((a) => a === 'start>1')).toHaveLength(2);
    walked(m).forEach((a) => walkedByTests.add(a));
  });

  test('the module walks only arrows of the text’s flowchart, and the paths together walk every one of them', () => {
    for (const a of walkedByTests) expect({ arrow: a, inText: TEXT_PAIRS.has(pairOf(a)) }).toEqual({ arrow: a, inText: true });
    const walkedPairs = new Set([...walkedByTests].map(pairOf));
    expect(TEXT_ARROWS.filter((a) => !walkedPairs.has(`${a.from}>${a.to}`)).map((a) => `${a.from}>${a.to}: ${a.quote}`)).toEqual([]);
  });
});
