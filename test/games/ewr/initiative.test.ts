/**
 * The rules around the chart: a TF intercepts once per initiative (B1), a second initiative
 * costs double after combat the moving TF started but not after combat an interception
 * caused (X.I.4), markers pay whole (V.B.2.c), a retreating TF cannot operate until it
 * refuels (X.N.3.g), and a reserve component costs a point of morale (XIII.M.6.c).
 */
import { ewr } from '../../../src/games/ewr';
import { moraleBase } from '../../../src/games/ewr/combat';
import { moraleBreaks } from '../../../src/games/ewr/data/tables';
import { nextInitiativeCost, payment } from '../../../src/games/ewr/initiative';
import type { EwrState, Initiative } from '../../../src/games/ewr/state';
import { act, game, newMatch, play, type Match } from './driver';
import { findMatch, planned, scenario, type Plan } from './fixtures';

const steady = { tfaMorale: 6, tfzMorale: 6 };
const prompted = (m: Match, side: string, kind: string) => ewr.prompt(game(m), side)?.kind === kind;
const decisionsOf = (m: Match, side: string, init: number) =>
  m.actions.filter((a, i) => a.side === side && m.states[i]!.game.initiative?.number === init && a.action && (a.action as { type: string }).type === 'decide');

describe('B1: a TF may intercept once per initiative', () => {
  test('after TFZ tried (step 1) and failed (4), entering its hex leads to B4 without a B1 question; the next initiative may intercept again', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', B4: 'continue', B1: 'decline' }, move: ['chase', 'away-then-chase'] };
    const m = findMatch(scenario(steady), plan, ['1>2', '4>end', 'start>B1', 'B1>B4', 'B4>end', 'start>1', '1>2']);
    const tfz = game(m).roles.tfz;
    const first = decisionsOf(m, tfz, 1).map((a) => (a.action as { step: string }).step);
    expect(first).toEqual(['1', '3']); // no B1 question in initiative 1
    expect(decisionsOf(m, tfz, 2).map((a) => (a.action as { step: string }).step)[0]).toBe('1'); // asked again in initiative 2
    const b1 = m.log.find((e) => /^B1: .*may not intercept/.test(e.text));
    expect(b1?.text).toMatch(/already tried during this initiative/);
  });

  test('a TF that tried at step 1 is not asked at A1 or B1 in the same initiative (canIntercept is false)', () => {
    const m = findMatch(scenario(), { decide: { '1': 'intercept', '3': 'sight', B4: 'continue' } }, ['4>end', 'B1>B4']);
    const i = m.states.findIndex((st) => st.game.phase === 'B4');
    expect(m.states[i]!.game.initiative!.intercepted).toBe(true);
  });
});

describe('X.I.4: the cost of a second initiative', () => {
  test('doubled after a round of combat the moving TF started (B4 → A4 with the roles reversed)', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['B4>A4', 'B3>end']);
    const s = game(m);
    expect(s.history[0]!.moverCombat).toBe(true);
    expect(s.history.map((h) => h.cost)).toEqual([1, 2]);
    expect(s.spentMarkers).toHaveLength(3);
    expect(m.log.some((e) => /begins initiative 2: 2 ERs \(doubled, X\.I\.4/.test(e.text))).toBe(true);
  });

  test('not doubled after combat an enemy interception caused (6 → B3)', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['5>6', '6>B3', 'B3>end'], ['6>end:morale']);
    const s = game(m);
    expect(s.history[0]!.combat).toBe(true);
    expect(s.history[0]!.moverCombat).toBe(false);
    expect(s.history.map((h) => h.cost)).toEqual([1, 1]);
  });

  test('not doubled after TFA’s own strike at A2/B2, which the interception caused', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'enter', A2: 'sight', A4: 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['A2>B2', 'B2>A3'], ['B2>end:morale']);
    expect(game(m).history.map((h) => h.cost)).toEqual([1, 1]);
  });

  test('a doubled cost TFA cannot pay leaves it no second initiative', () => {
    const plan: Plan = { initiatives: 1, decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1] }), plan, ['B4>A4', 'B3>end']);
    // The plan closed after one initiative; rewind to the pause before that and look at the prompt.
    const i = m.states.findIndex((st, k) => k > 0 && st.game.phase === 'between' && ewr.prompt(st.game, st.game.roles.tfa) !== null);
    const s = m.states[i]!.game;
    expect(nextInitiativeCost(s)).toEqual({ cost: 2, doubled: true });
    expect(ewr.prompt(s, s.roles.tfa)!.actions).toEqual([{ type: 'end-operations' }]);
  });

  test('if the first initiative cost no ERs, the second costs the normal amount', () => {
    const s = { scenario: { initiativeCost: 0 }, history: [{ cost: 0, moverCombat: true } as Initiative] } as unknown as EwrState;
    expect(nextInitiativeCost(s)).toEqual({ cost: 0, doubled: false });
    const s2 = { scenario: { initiativeCost: 3 }, history: [{ cost: 3, moverCombat: true } as Initiative] } as unknown as EwrState;
    expect(nextInitiativeCost(s2)).toEqual({ cost: 6, doubled: true });
  });

  test('V.B.2.c: a marker pays whole for one initiative; what it does not spend is lost', () => {
    expect(payment([{ id: 'a', value: 2 } as never], 1)!.map((m) => m.id)).toEqual(['a']);
    expect(payment([{ id: 'a', value: 1 } as never, { id: 'b', value: 3 } as never, { id: 'c', value: 1 } as never], 2)!.map((m) => m.id)).toEqual(['a', 'c']);
    expect(payment([{ id: 'a', value: 1 } as never], 2)).toBeNull();
    const m = newMatch({ scenario: scenario({ markers: [2] }) }, 'whole');
    play(m, planned({ initiatives: 2, move: ['stop'] }));
    expect(game(m).history.map((h) => h.cost)).toEqual([1]); // the 2-ER marker paid for one initiative only
  });
});

describe('X.N.3.g: a retreating TF cannot operate until it refuels', () => {
  test('TFZ retreats after step 6: it cannot intercept in the next initiative; refuelled, it may again', () => {
    const plan: Plan = {
      initiatives: 3,
      decide: { '1': ['intercept', 'intercept'], '3': 'sight', '5': 'airstrike', '6': 'retreat', B4: 'continue', B1: 'decline' },
      move: ['chase', 'chase', 'away-then-chase'],
      refuel: { tfz: [false, true] },
    };
    const m = findMatch(scenario({ ...steady, maxInitiatives: 3, markers: [1, 1, 1] }), plan, ['5>6', '6>end', 'B1>B4', 'start>1', '1>2'], ['6>end:morale']);
    const s = game(m);
    const tfz = s.roles.tfz;
    expect(decisionsOf(m, tfz, 2)).toEqual([]); // retreating: never asked during initiative 2
    expect(m.log.some((e) => /B1: .*may not intercept \(it is retreating/.test(e.text))).toBe(true);
    expect(decisionsOf(m, tfz, 3).length).toBeGreaterThan(0); // refuelled before initiative 3
    const refuels = m.actions.filter((a) => a.side === tfz && ['refuel', 'skip-refuel'].includes((a.action as { type: string }).type));
    expect(refuels.map((a) => (a.action as { type: string }).type)).toEqual(['skip-refuel', 'refuel']);
  });

  test('TFA withdraws: it may not begin another initiative until it refuels at a friendly base', () => {
    const m = newMatch({ scenario: scenario({ markers: [1, 1, 1] }) }, 'withdraw');
    const tfa = game(m).roles.tfa;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'withdraw' });
    expect(game(m).tf.tfa.retreating).toBe(true);
    expect(game(m).tf.tfa.hex).toEqual({ col: 0, row: 0 }); // the nearest friendly base
    expect(ewr.prompt(game(m), tfa)!.actions).toEqual([{ type: 'refuel' }, { type: 'end-operations' }]);
    act(m, tfa, { type: 'refuel' });
    expect(ewr.prompt(game(m), tfa)!.actions).toContainEqual({ type: 'begin-initiative' });
    expect(prompted(m, tfa, 'initiative')).toBe(true);
  });
});

describe('XIII.M.6.c: morale −1 with a reserve component', () => {
  test('the effective morale is one lower while any reserve ship is afloat', () => {
    const withReserve = newMatch({ scenario: scenario({ tfaReserve: true, tfaMorale: 4 }) }, 'm1');
    const without = newMatch({ scenario: scenario({ tfaMorale: 4 }) }, 'm2');
    expect(moraleBase(game(withReserve), 'tfa')).toEqual({ morale: 3, reservePenalty: 1 });
    expect(moraleBase(game(without), 'tfa')).toEqual({ morale: 4, reservePenalty: 0 });
    expect(moraleBase(game(withReserve), 'tfz')).toEqual({ morale: 4, reservePenalty: 0 });
  });

  test('in play: a die equal to the rating breaks a TF with a reserve, and holds one without', () => {
    const plan: Plan = { decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'sight', A4: 'surface' } };
    const checkOf = (reserve: boolean) => {
      for (let i = 0; i < 400; i++) {
        const m = newMatch({ scenario: scenario({ tfaReserve: reserve, tfaMorale: 4 }) }, `morale-${reserve}-${i}`);
        play(m, planned(plan));
        const e = m.log.find((x) => {
          const r = x.data?.roll as { why?: string; die?: number; lossPenalty?: number } | undefined;
          return r?.why?.includes('morale of TFA') && r.die === 4 && r.lossPenalty === 0;
        });
        if (e) return e.data!.roll as { reservePenalty: number; effective: number; broke: boolean };
      }
      throw new Error('no seed rolls a 4 for TFA’s morale');
    };
    expect(checkOf(true)).toMatchObject({ reservePenalty: 1, effective: 3, broke: true });
    expect(checkOf(false)).toMatchObject({ reservePenalty: 0, effective: 4, broke: false });
    expect(moraleBreaks(3, 4)).toBe(true);
    expect(moraleBreaks(4, 4)).toBe(false);
  });
});
