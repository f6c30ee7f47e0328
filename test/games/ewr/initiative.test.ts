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
import { distance } from '../../../src/games/ewr/hex';
import { act, game, newMatch, play, walked, type Match } from './driver';
import { findMatch, planned, scenario, type Plan } from './fixtures';

const steady = { tfaMorale: 6, tfzMorale: 6 };
const prompted = (m: Match, side: string, kind: string) => ewr.prompt(game(m), side)?.kind === kind;
const decisionsOf = (m: Match, side: string, init: number) =>
  m.actions.filter((a, i) => a.side === side && m.states[i]!.game.initiative?.number === init && a.action && (a.action as { type: string }).type === 'decide');

describe('B1: a TF may intercept once per initiative', () => {
  test('after TFZ tried (step 1) and failed (4), entering its hex leads to B4 without a B1 question; the next initiative may intercept again', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', B4: 'continue', B1: 'decline', A1: 'decline' }, move: ['chase', 'away-then-chase'] };
    const m = findMatch(scenario(steady), plan, ['1>2', '4>end', 'start>1', '1>A1', 'A1>B1', 'B1>B4', 'B4>end', 'start>1', '1>2']);
    const tfz = game(m).roles.tfz;
    const first = decisionsOf(m, tfz, 1).map((a) => (a.action as { step: string }).step);
    expect(first).toEqual(['1', '3']); // no B1 question in initiative 1
    // Initiative 2 begins with TFA in TFZ's hex: TFZ has its try back and is asked at once (B1). After B4 ("There is
    // no intercept") it is not asked as TFA steps away, only once TFA has gone three hexes off and comes back (1).
    expect(
      decisionsOf(m, tfz, 2)
        .map((a) => (a.action as { step: string }).step)
        .slice(0, 3),
    ).toEqual(['B1', '1', '3']);
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
    expect(s.history.map((h) => [h.due, h.doubled])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(m.log.some((e) => /begins initiative 2: 2 ERs \(doubled, X\.I\.4/.test(e.text))).toBe(true);
  });

  test('not doubled after combat an enemy interception caused (6 → B3)', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['5>6', '6>B3', 'B3>end'], ['6>end:morale']);
    const s = game(m);
    expect(s.history[0]!.combat).toBe(true);
    expect(s.history[0]!.moverCombat).toBe(false);
    expect(s.history.map((h) => [h.due, h.doubled])).toEqual([
      [1, false],
      [1, false],
    ]);
  });

  test('not doubled after TFA’s own strike at A2/B2, which the interception caused', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'enter', A2: 'sight', A4: 'surface' } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['A2>B2', 'B2>A3'], ['B2>end:morale']);
    expect(game(m).history.map((h) => [h.due, h.doubled])).toEqual([
      [1, false],
      [1, false],
    ]);
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

  test('X.I.4: an initiative in which TFA does not move expends no ERs; the markers set aside for it stay unspent', () => {
    const m = newMatch({ scenario: scenario({ markers: [1, 1] }) }, 'still');
    const tfa = game(m).roles.tfa;
    act(m, tfa, { type: 'begin-initiative' });
    expect(game(m).initiative!.reserved).toEqual(['m0']);
    act(m, tfa, { type: 'end-initiative' });
    expect(game(m).history[0]).toMatchObject({ due: 1, cost: 0, paidWith: [], moved: false });
    expect(game(m).spentMarkers).toEqual([]);
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'end-initiative' });
    expect(game(m).history[1]).toMatchObject({ due: 1, cost: 1, paidWith: ['m0'], moved: true });
    expect(game(m).spentMarkers).toEqual(['m0']);
  });

  test('X.I.4 and V.B.2.c: an initiative that fights without moving (TFA began in TFZ’s hex and sighted it at B4) expends its ERs, and the next one costs double', () => {
    const plan: Plan = { initiatives: 3, decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: ['continue', 'sight'], A4: 'surface' }, move: ['chase', 'stop', 'stop'] };
    const m = findMatch(scenario({ ...steady, maxInitiatives: 3, markers: [1, 1, 1, 1] }), plan, ['B4>end', 'B1>B4', 'B4>A4', 'B3>end'], [], 'x14-free');
    const after2 = m.states.find((st) => st.game.history.length === 2 && st.game.phase === 'between')!.game;
    expect(after2.history[1]).toMatchObject({ moved: false, due: 1, cost: 1, moverCombat: true });
    expect(after2.spentMarkers).toHaveLength(2);
    expect(nextInitiativeCost(after2)).toEqual({ cost: 2, doubled: true });
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
    play(m, planned({ initiatives: 2, decide: { '1': 'decline', A1: 'decline', B1: 'decline', B4: 'continue' } }));
    expect(game(m).history.map((h) => h.cost)).toEqual([1]); // the 2-ER marker paid for one initiative only
    expect(game(m).spentMarkers).toEqual(['m0']);
  });

  test('V.B.2.c "occupied by friendly units or bases or … in a friendly zone": a marker in no zone pays where a friendly base holds its hex, never because TFA sails over it', () => {
    const sc = scenario({ markers: [] });
    sc.markers = [
      { id: 'at-base', name: 'At the base', hex: { col: 0, row: 0 }, value: 1, zone: null },
      { id: 'under-tfa', name: 'Under TFA', hex: { col: 0, row: 2 }, value: 1, zone: null },
    ];
    sc.bases = [{ id: 'home', name: 'Home', hex: { col: 0, row: 0 }, side: 'japanese', size: 'minor' }];
    const m = newMatch({ scenario: sc }, 'zone-less');
    // TFA starts on 'under-tfa' (0,2): the base's marker pays the first initiative.
    expect(game(m).tf.tfa.hex).toEqual({ col: 0, row: 2 });
    act(m, 'japanese', { type: 'begin-initiative' });
    expect(game(m).initiative!.reserved).toEqual(['at-base']);
    act(m, 'japanese', { type: 'move', to: { col: 1, row: 2 } });
    act(m, 'japanese', { type: 'move', to: { col: 0, row: 2 } });
    act(m, 'japanese', { type: 'end-initiative' });
    // Back on 'under-tfa', with the base's marker spent: nothing pays, so TFA may only close the phase.
    expect(ewr.prompt(game(m), 'japanese')!.actions).toEqual([{ type: 'end-operations' }]);
  });
});

describe('X.N.3.g and VIII.D: a retreating TF refuels in port, which is neither free nor instant', () => {
  test('TFZ retreats after step 6; it refuels at the next pause, spends its ERs, stays in port (it cannot intercept) through TFA’s next initiative, then may intercept again', () => {
    const plan: Plan = {
      initiatives: 3,
      decide: { '1': ['intercept', 'intercept'], '3': 'sight', '5': 'airstrike', '6': 'retreat', B4: 'continue', B1: 'decline' },
      move: ['chase', 'chase', 'chase', 'chase'],
      refuel: { tfz: [true] },
    };
    const m = findMatch(scenario({ ...steady, maxInitiatives: 3, markers: [1, 1, 1], tfzMarkers: [1] }), plan, ['5>6', '6>end'], ['6>end:morale']);
    const s = game(m);
    const tfz = s.roles.tfz;
    const refuelAt = m.actions.findIndex((a) => a.side === tfz && (a.action as { type: string }).type === 'refuel');
    expect(refuelAt).toBeGreaterThan(0);
    const inPort = m.states[refuelAt + 1]!.game;
    expect(inPort.tf.tfz).toMatchObject({ refuelling: true, retreating: true });
    expect(inPort.spentMarkers).toContain('z0');
    // Through initiative 2 TFZ is never asked (VIII.D: in port it "cannot move or intercept at all"): TFA entering its hex comes to B4.
    expect(decisionsOf(m, tfz, 2)).toEqual([]);
    const during = m.states.filter((st) => st.game.initiative?.number === 2);
    expect(during.some((st) => distance(st.game.scenario.map, st.game.tf.tfa.hex, st.game.tf.tfz.hex) <= 2)).toBe(true);
    const arrowsBefore = m.states.findIndex((st) => st.game.initiative?.number === 2);
    const arrowsAfter = m.states.findIndex((st) => st.game.history.length === 2);
    expect(m.states[arrowsAfter]!.game.walked.slice(m.states[arrowsBefore]!.game.walked.length).map((w) => w.arrow)).toContain('B1>B4');
    expect(m.log.some((e) => /^B1: .*may not intercept \(it is in port refuelling/.test(e.text))).toBe(true);
    expect(m.states[arrowsAfter]!.game.tf.tfz).toMatchObject({ refuelling: false, retreating: false });
    expect(decisionsOf(m, tfz, 3).length).toBeGreaterThan(0); // refuelled: asked again in initiative 3
  });

  test('VIII.D: a TF in port "cannot be engaged in surface or ASW … attacked as for TFs in port": TFA entering the hex of a refuelling TFZ may sight it and strike it from the air, and nothing else', () => {
    const plan: Plan = {
      initiatives: 2,
      decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'retreat', B4: 'sight', A4: 'airstrike' },
      refuel: { tfz: [true] },
    };
    // Initiative 1 ends once TFZ has retreated; in initiative 2 TFA goes for TFZ in port.
    const policy = (p: Plan) => {
      const base = planned(p);
      return (x: Match, side: string, prompt: Parameters<typeof base>[2]) =>
        prompt.kind === 'move' && game(x).initiative!.number === 1 && walked(x).includes('6>end') ? { type: 'end-initiative' as const } : base(x, side, prompt);
    };
    const struck = (x: Match) => x.rolls.flat().some((r) => /^A4: TFA .* strikes TFZ/.test(r.why));
    const m = findMatch(
      scenario({ ...steady, tfzMarkers: [1] }),
      plan,
      ['5>6', '6>end', 'B1>B4', 'B4>A4', 'A4>B3:strike', 'B3>end'],
      ['6>end:morale'],
      'in-port',
      400,
      struck,
      policy,
    );
    const tfz = game(m).roles.tfz;
    const a4 = m.states.findIndex((st) => st.game.phase === 'A4' && st.game.initiative?.number === 2);
    const atA4 = m.states[a4]!.game;
    expect(atA4.tf.tfz.refuelling).toBe(true);
    expect(ewr.prompt(atA4, atA4.roles.tfa)!.actions).toEqual([{ type: 'decide', step: 'A4', choice: 'airstrike' }]);
    expect(decisionsOf(m, tfz, 2)).toEqual([]);
    const second = m.rolls.slice(a4).flat();
    expect(second.some((r) => r.why.startsWith('B3:'))).toBe(false); // no surface or ASW combat with a TF in port
    expect(m.log.some((e) => /cannot be engaged in surface or ASW warfare \(VIII\.D\)/.test(e.text))).toBe(true);
    expect(game(m).losses[tfz]).toBeGreaterThan(0);
  });

  test('TFZ with no ERs to pay is asked all the same, and may only decline', () => {
    const plan: Plan = { initiatives: 2, decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike', '6': 'retreat' }, refuel: { tfz: [true] } };
    const m = findMatch(scenario({ ...steady, markers: [1, 1, 1] }), plan, ['5>6', '6>end'], ['6>end:morale']);
    const i = m.states.findIndex((st) => st.game.phase === 'between' && ewr.prompt(st.game, st.game.roles.tfz) !== null);
    expect(ewr.prompt(m.states[i]!.game, game(m).roles.tfz)!.actions).toEqual([{ type: 'skip-refuel' }]);
  });

  test('TFA withdraws: it may not begin another initiative until it refuels, and refuelling spends one of its initiatives and its ERs', () => {
    const m = newMatch({ scenario: scenario({ markers: [1, 1, 1], maxInitiatives: 3 }) }, 'withdraw');
    const tfa = game(m).roles.tfa;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'withdraw' });
    expect(game(m).tf.tfa.retreating).toBe(true);
    expect(game(m).tf.tfa.hex).toEqual({ col: 0, row: 0 }); // the nearest friendly base
    expect(ewr.prompt(game(m), tfa)!.actions).toEqual([{ type: 'refuel' }, { type: 'end-operations' }]);
    act(m, tfa, { type: 'refuel' });
    expect(game(m).history.map((h) => [h.kind, h.cost])).toEqual([
      ['operation', 1],
      ['refuel', 1],
    ]);
    expect(game(m).spentMarkers).toHaveLength(2);
    expect(ewr.prompt(game(m), tfa)!.actions).toContainEqual({ type: 'begin-initiative' });
    expect(prompted(m, tfa, 'initiative')).toBe(true);
  });

  test('TFA that has used all its initiatives but one cannot refuel and operate: refuelling takes the last one', () => {
    const m = newMatch({ scenario: scenario({ markers: [1, 1, 1], maxInitiatives: 2 }) }, 'withdraw-2');
    const tfa = game(m).roles.tfa;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'withdraw' });
    act(m, tfa, { type: 'refuel' });
    expect(ewr.prompt(game(m), tfa)!.actions).toEqual([{ type: 'end-operations' }]);
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
