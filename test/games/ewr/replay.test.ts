/**
 * Verification by replay: from the seed and the actions, the engine rebuilds the live state
 * at every seq, and every die rolled is in the log (data.roll) of the action that rolled it.
 */
import { replay } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { newMatch, play, type Match } from './driver';
import { findMatch, planned, randomPolicy, scenario } from './fixtures';

function checkReplay(m: Match): void {
  for (let i = 0; i <= m.actions.length; i++) {
    const r = replay(ewr, m.options, m.seed, m.actions, i);
    expect(r.state).toEqual(m.states[i]);
  }
  const full = replay(ewr, m.options, m.seed, m.actions);
  // The referee reads each line's own `text` (a side's own lines, "Your TF …", are `texts` for that side only).
  expect(full.log).toEqual(m.log.map(({ texts: _own, ...e }) => e));
  expect(full.rolls).toEqual(m.rolls);
  // Every roll is logged, in order, with its reason and die, at the seq of the action that made it.
  m.rolls.forEach((rolls, seq) => {
    const logged = m.log.filter((e) => e.seq === seq && e.data?.roll).map((e) => e.data!.roll as { why: string; die: number; sides: number });
    expect(logged.map((l) => [l.why, l.die, l.sides])).toEqual(rolls.map((r) => [r.why, r.value, r.sides]));
  });
}

describe('replay from seed + actions equals the live match at every seq', () => {
  test('a planned match through an airstrike and surface combat', () => {
    const m = findMatch(scenario({ tfaMorale: 6, tfzMorale: 6 }), { decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'surface' } }, ['5>6', '6>B3']);
    checkReplay(m);
  });

  test('a planned match with two initiatives, a reversed A4 and a sealed allocation', () => {
    const m = findMatch(scenario({ tfaMorale: 6, tfzMorale: 6 }), { initiatives: 2, decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'airstrike' } }, [
      'B4>A4',
    ]);
    checkReplay(m);
  });

  for (const sc of BUILTIN_SCENARIOS) {
    test(`${sc.id}: random matches`, () => {
      for (let i = 0; i < 8; i++) {
        const m = newMatch({ scenario: sc.id }, `replay-${sc.id}-${i}`);
        play(m, randomPolicy(i + 7));
        checkReplay(m);
      }
    });
  }

  test('a different seed gives different dice', () => {
    const a = newMatch({ scenario: scenario() }, 'seed-a');
    const b = newMatch({ scenario: scenario() }, 'seed-b');
    const plan = planned({ decide: { '1': 'intercept', '3': 'sight' } });
    play(a, plan);
    play(b, planned({ decide: { '1': 'intercept', '3': 'sight' } }));
    expect(a.rolls.flat().length).toBeGreaterThan(0);
    expect(JSON.stringify(a.ms)).not.toEqual(JSON.stringify(b.ms));
  });
});
