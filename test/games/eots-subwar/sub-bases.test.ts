import { RuleError } from '../../../src/engine';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { legalPlacements, placementProblems } from '../../../src/games/eots-subwar/sub-bases';
import { act, actWith, bareState, beginAllied, choices, closeUntil, confirmed, kindOf, report, start, testScenario, withGame } from './helpers';
import type { EotsState } from '../../../src/games/eots-subwar';
import type { MatchState } from '../../../src/engine';

const atOperations = (who: 'allied' | 'japanese') => (g: EotsState) => g.phase.kind === 'operations' && g.ops.next === who;

/** From set-up to a Japanese offensive's Battle Hex declaration, with `hexes` declared and card #5 declined. */
function japaneseOffensiveOn(ms: MatchState<EotsState>, hexes: string[]): MatchState<EotsState> {
  ms = closeUntil(ms, atOperations('japanese'));
  ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
  ms = act(ms, 'japanese', { type: 'end-movement' });
  for (const hex of hexes) ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex });
  ms = act(ms, 'japanese', { type: 'end-declaration' });
  if (kindOf(ms, 'allied') === 'card-5') ms = act(ms, 'allied', { type: 'decline-card-5' });
  return ms;
}

describe('11.21.B Sub Base order of battle', () => {
  test('11.21.B: on Turn 4 Lockwood replaces Wilkes in situ on the map and conducts submarine warfare that turn', () => {
    const ms = start({ scenario: testScenario({ turn: 4, subBases: { wilkes: '1010', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6 } }) });
    expect(ms.game.subBases.wilkes).toEqual({ at: 'replaced' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    expect(choices(ms, 'allied')).toEqual([{ type: 'submarine-warfare', base: 'lockwood-4' }]);
  });

  test('11.21.B: replaced in situ on the Turn Record Track, the new Sub Base is placed but may not conduct submarine warfare', () => {
    let ms = start({ scenario: testScenario({ turn: 4, subBases: { wilkes: 'trt', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6 } }) });
    expect(ms.game.subBases.wilkes).toEqual({ at: 'replaced' });
    expect(kindOf(ms, 'allied')).toBe('place-sub-base');
    ms = act(ms, 'allied', { type: 'place-sub-base', base: 'lockwood-4', hex: '1012' });
    expect(ms.game.phase.kind).toBe('operations'); // no roll: nobody is eligible
    expect(ms.game.history.rolls).toEqual([]);
    expect(ms.game.history.hands).toEqual([{ turn: 4, base: 7, successes: 0, reduction: 0, size: 7 }]);
  });

  test('11.21.B: on Turn 6 Fife replaces Lockwood in situ; the new Lockwood cannot conduct submarine warfare before Turn 7', () => {
    let ms = start({ scenario: testScenario({ turn: 6 }) }, 'turn-6');
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'replaced' });
    expect(ms.game.subBases.fife).toEqual({ at: 'map', hex: '1010' });
    // The new Lockwood must stand within half the range of another American HQ than Fife's (us-a): us-b's 1020 or 1021.
    expect(choices(ms, 'allied')).toEqual([
      { type: 'place-sub-base', base: 'lockwood-6', hex: '1020' },
      { type: 'place-sub-base', base: 'lockwood-6', hex: '1021' },
    ]);
    ms = act(ms, 'allied', { type: 'place-sub-base', base: 'lockwood-6', hex: '1020' });
    expect(choices(ms, 'allied')).toEqual([{ type: 'submarine-warfare', base: 'fife' }]);
    ms = closeUntil(ms, (g) => g.phase.kind === 'operations');
    expect(ms.game.history.rolls.map((r) => r.base)).toEqual(['fife']);
    ms = closeUntil(ms, (g) => g.turn === 7 && g.phase.kind === 'strategic-warfare');
    expect(choices(ms, 'allied')).toEqual([
      { type: 'submarine-warfare', base: 'fife' },
      { type: 'submarine-warfare', base: 'lockwood-6' },
    ]);
  });
});

describe('11.21.C placing and relocating Sub Bases', () => {
  const s = bareState();

  test('11.21.C: an in-supply friendly port or coastal airfield (atolls too), outside any unneutralized Japanese ZoI', () => {
    expect(placementProblems(s, 'lockwood-6', '1013')).toEqual(['11.21.C: every American HQ in reach is needed by another Sub Base (each needs a different HQ)']);
    expect(placementProblems(s, 'lockwood-4', '1013')).toEqual([]); // the coastal airfield of an atoll
    expect(placementProblems(s, 'lockwood-4', '1011')).toEqual(['11.21.C: neither a port nor an airfield in a coastal hex']);
    expect(placementProblems(s, 'lockwood-4', '1018')).toEqual(['11.21.C: neither a port nor an airfield in a coastal hex']);
    expect(placementProblems(s, 'lockwood-4', '1009')).toEqual(['11.21.C: not in Allied supply']);
    expect(placementProblems(s, 'lockwood-4', '1008')).toEqual(['11.21.C: inside an unneutralized Japanese ZoI']);
    expect(placementProblems(s, 'lockwood-4', '1017')).toEqual(['11.21.C: not a friendly (Allied-controlled) hex']);
    expect(placementProblems(s, 'lockwood-4', '1014')).toEqual(['11.21.C: not within half (FRU) the activation range of an American HQ']);
    expect(placementProblems(s, 'lockwood-4', '1030')).toEqual(['11.21.C: not within half (FRU) the activation range of an American HQ']);
    expect(placementProblems(s, 'lockwood-4', '5555')).toEqual(["hex 5555 is not in the scenario's map extract"]);
    // RULING: "in supply" binds coastal airfields as well as ports.
    const unsupplied = bareState({ hexes: testScenario().hexes.map((h) => (h.hex === '1013' ? { ...h, alliedSupply: false } : h)) });
    expect(placementProblems(unsupplied, 'lockwood-4', '1013')).toEqual(['11.21.C: not in Allied supply']);
  });

  test('11.21.C: within half the activation range of an American HQ, fractions rounded up (range 5 reaches 3, not 4)', () => {
    const sc = testScenario();
    const g = bareState({
      hexes: [...sc.hexes, { hex: '1023', port: true, control: 'allied', alliedSupply: true }, { hex: '1024', port: true, control: 'allied', alliedSupply: true }],
    });
    expect(placementProblems(g, 'lockwood-6', '1023')).toEqual([]); // us-b in 1020, range 5: half 2.5 → 3
    expect(placementProblems(g, 'lockwood-6', '1024')).toEqual(['11.21.C: not within half (FRU) the activation range of an American HQ']);
    // A non-American Allied HQ does not count (brit, range 8, is in 1030 itself).
    expect(placementProblems(g, 'lockwood-6', '1030')).toEqual(['11.21.C: not within half (FRU) the activation range of an American HQ']);
  });

  test('11.21.C: one Sub Base a hex, and each within half the range of a different American HQ', () => {
    expect(placementProblems(s, 'lockwood-6', '1010')).toEqual([
      '11.21.C: Lockwood (4) is already there (one Sub Base a hex)',
      '11.21.C: every American HQ in reach is needed by another Sub Base (each needs a different HQ)',
    ]);
    expect(legalPlacements(s, 'lockwood-6')).toEqual(['1020', '1021']);
    expect(legalPlacements(s, 'lockwood-4')).toEqual(['1010', '1012', '1013', '1020', '1021', '1110']);
    // RULING: a Sub Base that has lost its own HQ does not stop another from being placed.
    const noA = bareState({ hqs: testScenario().hqs!.map((q) => (q.id === 'us-a' ? { ...q, hex: null } : q)) });
    expect(legalPlacements(noA, 'lockwood-6')).toEqual(['1020', '1021']);
  });

  function alliedOffensive(scenario = testScenario(), hq = 'us-a', activations = 2): MatchState<EotsState> {
    let ms = start({ scenario }, 'relocate');
    ms = closeUntil(ms, atOperations('allied'));
    return beginAllied(ms, hq, activations);
  }
  const relocations = (ms: MatchState<EotsState>) => choices(ms, 'allied').filter((a) => a.type === 'relocate-sub-base');

  test('11.21.C: relocation takes two activations of an offensive and places the Sub Base in any hex meeting the conditions', () => {
    expect(relocations(alliedOffensive(undefined, 'us-a', 1))).toEqual([]);
    let ms = alliedOffensive(undefined, 'us-a', 3);
    expect(relocations(ms).map((a) => (a as { to: string }).to)).toEqual(['1012', '1013', '1020', '1021', '1110']);
    // Activated by us-a, placed within half the range of another HQ (us-b): allowed.
    ms = act(ms, 'allied', { type: 'relocate-sub-base', base: 'lockwood-4', to: '1020' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1020' });
    expect(ms.game.record.relocated).toEqual(['lockwood-4']);
    expect(relocations(ms)).toEqual([]); // one activation left, and it has moved this offensive
    expect(() => act(ms, 'allied', { type: 'relocate-sub-base', base: 'lockwood-4', to: '1021' })).toThrow(RuleError);
  });

  test('11.21.C: the activating HQ must reach the Sub Base and be able to activate a U.S. Naval unit; four activations move two', () => {
    expect(relocations(alliedOffensive(undefined, 'us-b', 4))).toEqual([]); // 1020 → 1010 is 10 > range 5
    const near = testScenario({ hqs: testScenario().hqs!.map((q) => (q.id === 'brit' ? { ...q, hex: '1015' } : q)) });
    expect(relocations(alliedOffensive(near, 'brit', 2)).length).toBeGreaterThan(0); // any Allied HQ may activate (RULING)
    const barred = testScenario({ hqs: near.hqs!.map((q) => (q.id === 'brit' ? { ...q, activatesSubBases: false } : q)) });
    expect(relocations(alliedOffensive(barred, 'brit', 2))).toEqual([]);
    const two = { ...near, turn: 7, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1020' } as const };
    let ms = alliedOffensive(two, 'brit', 4);
    ms = act(ms, 'allied', { type: 'relocate-sub-base', base: 'fife', to: '1012' });
    expect(relocations(ms).map((a) => (a as { base: string }).base)).toContain('lockwood-6');
    ms = act(ms, 'allied', { type: 'relocate-sub-base', base: 'lockwood-6', to: '1021' });
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.used).toBe(4);
    const three = alliedOffensive(two, 'brit', 3);
    expect(relocations(act(three, 'allied', { type: 'relocate-sub-base', base: 'fife', to: '1012' }))).toEqual([]);
  });
});

describe('11.21.D Japanese attacks on Sub Bases', () => {
  test('11.21.D: fifteen hits displace a Sub Base to the Turn Record Track; hits add up within a combat, a Critical Hit may target it', () => {
    let ms = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1010']);
    expect(kindOf(ms, 'japanese')).toBe('attack-sub-bases');
    expect(choices(ms, 'japanese')).toHaveLength(31); // 1–15 hits × (Critical Hit or not) + end the combat
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 14, critical: false });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' }); // single-sided: 14 hits do nothing
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 1, critical: true });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    expect(kindOf(ms, 'japanese')).toBe('conclusion'); // nothing left to attack, no ground combat against it
  });

  test('11.21.D: fewer than fifteen hits in one combat do nothing, and the Sub Base may be ignored', () => {
    let ms = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1010']);
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 14, critical: false });
    ms = act(ms, 'japanese', { type: 'end-air-naval-combat' });
    ms = closeUntil(ms, atOperations('japanese')); // the Allied player passes; still Turn 5
    // RULING: hits do not carry from one combat to the next.
    ms = japaneseOffensiveOn(ms, ['1010']);
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 14, critical: false });
    ms = act(ms, 'japanese', { type: 'end-air-naval-combat' }); // the rest ignored
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
  });

  test('11.21.D: only a Sub Base in a declared Battle Hex may be attacked; a Sub Base alone makes a Battle Hex', () => {
    const none = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1008']);
    expect(kindOf(none, 'japanese')).toBe('conclusion');
    const alone = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1010']);
    expect(kindOf(alone, 'japanese')).toBe('attack-sub-bases');
  });

  test('11.21.D: a displaced Sub Base returns in the next Reinforcement Segment and may not conduct submarine warfare that turn', () => {
    let ms = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1010']);
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 15, critical: false });
    ms = closeUntil(ms, (g) => g.turn === 6 && g.phase.kind === 'reinforcement');
    // Turn 6: Fife replaces Lockwood in situ on the TRT; it and the new Lockwood are placed; neither may roll.
    expect(ms.game.subBases.fife).toEqual({ at: 'trt' });
    ms = act(ms, 'allied', { type: 'place-sub-base', base: 'fife', hex: '1012' });
    ms = act(ms, 'allied', { type: 'place-sub-base', base: 'lockwood-6', hex: '1020' });
    expect(ms.game.phase.kind).toBe('operations');
    expect(ms.game.history.rolls.filter((r) => r.turn === 6)).toEqual([]);
  });

  test('11.21.D: a Japanese ground unit in the hex at the end of ground combat removes it to the TRT without an emergency move', () => {
    let ms = japaneseOffensiveOn(start({ scenario: testScenario() }, 'attack'), ['1010']);
    ms = act(ms, 'japanese', { type: 'end-air-naval-combat' });
    expect(choices(ms, 'japanese')).toEqual([{ type: 'japanese-ground-unit', base: 'lockwood-4' }, { type: 'end-ground-combat' }]);
    ms = confirmed(ms, 'japanese', { type: 'japanese-ground-unit', base: 'lockwood-4' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    expect(ms.game.hexes.find((h) => h.hex === '1010')!.control).toBe('japanese');
    ms = act(ms, 'japanese', { type: 'end-offensive' });
    expect(ms.game.emergency).toEqual([]);
    expect(kindOf(ms, 'allied')).toBe('card-play');
  });
});

describe('11.21.D: a Battle Hex, hits and an occupation are reported and confirmed', () => {
  /** A Japanese offensive by jp (1006, range 4) at its Battle Hex declaration. */
  function atDeclaration(seed: string): MatchState<EotsState> {
    let ms = closeUntil(start({ scenario: testScenario() }, seed), atOperations('japanese'));
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
    return act(ms, 'japanese', { type: 'end-movement' });
  }

  test('11.21.D "if it is in a declared Battle Hex": a Battle Hex is reported within the offensive HQ’s activation range, and declared only once the Allied player confirms it', () => {
    let ms = atDeclaration('battle-hex');
    const offered = choices(ms, 'japanese').flatMap((a) => (a.type === 'declare-battle-hex' ? [a.hex] : []));
    // jp in 1006, range 4: the extract's hexes down its column to 1010, and 1110 (4 away); not 1011 (5), 1012 (6) or 1020 (14).
    expect(offered.sort()).toEqual(['1002', '1003', '1004', '1005', '1006', '1008', '1009', '1010', '1110']);
    expect(() => act(ms, 'japanese', { type: 'declare-battle-hex', hex: '1020' })).toThrow(RuleError);
    ms = act(ms, 'japanese', { type: 'declare-battle-hex', hex: '1010' });
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.battleHexes).toEqual([]);
    expect(kindOf(ms, 'allied')).toBe('confirm-fact');
    expect(choices(ms, 'japanese')).toEqual([]);
    ms = act(ms, 'allied', { type: 'confirm' });
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.battleHexes).toEqual(['1010']);
    // A disputed one, withdrawn, is not declared and not offered again in this offensive.
    ms = act(ms, 'japanese', { type: 'declare-battle-hex', hex: '1008' });
    ms = act(ms, 'allied', { type: 'dispute' });
    ms = act(ms, 'japanese', { type: 'withdraw' });
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.battleHexes).toEqual(['1010']);
    expect(choices(ms, 'japanese')).not.toContainEqual({ type: 'declare-battle-hex', hex: '1008' });
  });

  test('11.21.D: hits on a Sub Base and a Japanese ground unit in its hex take effect only once the Allied player confirms them; disputed, nothing changes', () => {
    let ms = confirmed(atDeclaration('hits'), 'japanese', { type: 'declare-battle-hex', hex: '1010' });
    ms = act(ms, 'japanese', { type: 'end-declaration' });
    if (kindOf(ms, 'allied') === 'card-5') ms = act(ms, 'allied', { type: 'decline-card-5' });
    ms = act(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 15, critical: false });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    expect(kindOf(ms, 'allied')).toBe('confirm-fact');
    ms = act(ms, 'allied', { type: 'dispute' });
    ms = act(ms, 'japanese', { type: 'insist' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    expect(ms.game.disputes.map((d) => d.text)).toEqual([
      'Turn 5: the Japanese player reports that 15 hits are applied to Lockwood (4) in 1010 after every other Allied air and naval unit in the combat was reduced; the Allied player disputes it',
    ]);
    expect(choices(ms, 'japanese')).not.toContainEqual({ type: 'japanese-attack', base: 'lockwood-4', hits: 15, critical: false });
    ms = act(ms, 'japanese', { type: 'end-air-naval-combat' });
    ms = act(ms, 'japanese', { type: 'japanese-ground-unit', base: 'lockwood-4' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    ms = act(ms, 'allied', { type: 'dispute' });
    ms = act(ms, 'japanese', { type: 'withdraw' });
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    expect(ms.game.hexes.find((h) => h.hex === '1010')!.control).toBe('allied');
    expect(ms.game.history.lost).toEqual([]);
  });
});

describe('11.21.E emergency Sub Base moves', () => {
  function japaneseTake(scenario = testScenario(), hex = '1010'): MatchState<EotsState> {
    let ms = japaneseOffensiveOn(start({ scenario }, 'emergency'), []);
    ms = report(ms, 'japanese', { kind: 'control', hex, side: 'japanese' });
    ms = act(ms, 'japanese', { type: 'end-offensive' });
    // No Battle Hex was declared: card #5 may come at the conclusion, before the emergency move (RULING).
    return kindOf(ms, 'allied') === 'card-5' ? act(ms, 'allied', { type: 'decline-card-5' }) : ms;
  }

  test('11.21.E: Japanese control of its hex at the end of an offensive: within 10 hexes under 11.21.C, or the TRT', () => {
    const ms = japaneseTake();
    expect(kindOf(ms, 'allied')).toBe('emergency-move');
    // 1020 is exactly 10 hexes away, 1021 is 11.
    expect(choices(ms, 'allied')).toEqual([
      { type: 'emergency-move', base: 'lockwood-4', to: '1012' },
      { type: 'emergency-move', base: 'lockwood-4', to: '1013' },
      { type: 'emergency-move', base: 'lockwood-4', to: '1020' },
      { type: 'emergency-move', base: 'lockwood-4', to: '1110' },
      { type: 'emergency-move', base: 'lockwood-4', to: 'trt' },
    ]);
    expect(act(ms, 'allied', { type: 'emergency-move', base: 'lockwood-4', to: '1020' }).game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1020' });
    expect(act(ms, 'allied', { type: 'emergency-move', base: 'lockwood-4', to: 'trt' }).game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    expect(choices(ms, 'japanese')).toEqual([]); // the game waits for the move
  });

  test('11.21.E: with no hex meeting the restrictions it must go to the TRT', () => {
    const sc = testScenario();
    const cut = testScenario({ hexes: sc.hexes.map((h) => (['1012', '1013', '1020', '1110'].includes(h.hex) ? { ...h, alliedSupply: false } : h)) });
    // (1010 itself is now Japanese; 1014 has no HQ in reach; 1021 is 11 hexes away.)
    const ms = japaneseTake(cut);
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    expect(kindOf(ms, 'allied')).toBe('card-play');
  });

  test('11.21.E: a hex lost in the Political Phase (National Surrender) forces the move too', () => {
    let ms = start({ scenario: testScenario() }, 'emergency');
    ms = closeUntil(ms, (g) => g.phase.kind === 'political');
    ms = report(ms, 'japanese', { kind: 'control', hex: '1010', side: 'japanese' });
    ms = act(ms, 'japanese', { type: 'end-political' });
    expect(kindOf(ms, 'allied')).toBe('emergency-move');
    ms = act(ms, 'allied', { type: 'emergency-move', base: 'lockwood-4', to: '1012' });
    expect(ms.game.turn).toBe(6);
  });

  test('11.21.E: in the 1942 start Wilkes may make an emergency move at the beginning (17.25), or stay', () => {
    const ms = start({ scenario: '1942' });
    expect(choices(ms, 'allied')).toEqual([
      { type: 'emergency-move', base: 'wilkes', to: '2620' },
      { type: 'emergency-move', base: 'wilkes', to: '2722' },
      { type: 'emergency-move', base: 'wilkes', to: 'trt' },
      { type: 'no-emergency-move', base: 'wilkes' },
    ]);
    expect(ms.game.phase.kind).toBe('turn-start'); // the Reinforcement Segment waits for the decision
    const stayed = act(ms, 'allied', { type: 'no-emergency-move', base: 'wilkes' });
    expect(stayed.game.subBases.wilkes).toEqual({ at: 'map', hex: '2813' });
    expect(kindOf(stayed, 'allied')).toBe('submarine-warfare');
  });

  test('11.21.E: in the 1941 start Wilkes may move at the completion of the IAI Offensive (the first Japanese offensive), not later', () => {
    let ms = closeUntil(start({ scenario: '1941' }), atOperations('japanese'));
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'combined-fleet' });
    ms = closeUntil(ms, (g) => g.emergency.length > 0);
    expect(ms.game.emergency).toEqual([{ base: 'wilkes', optional: true }]);
    expect(choices(ms, 'allied')).toContainEqual({ type: 'no-emergency-move', base: 'wilkes' });
    ms = act(ms, 'allied', { type: 'no-emergency-move', base: 'wilkes' });
    ms = beginAllied(ms, 'usaffe', 1);
    ms = closeUntil(ms, atOperations('japanese'));
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'combined-fleet' });
    ms = closeUntil(ms, atOperations('allied'));
    expect(ms.game.emergency).toEqual([]);
  });

  test('an action that is not among the choices is refused, by the engine and by the module', () => {
    const ms = start({ scenario: testScenario() });
    expect(() => act(ms, 'japanese', { type: 'pass' })).toThrow(RuleError);
    expect(() => eotsSubwar.apply(structuredClone(ms.game), 'allied', { type: 'pass' }, undefined as never)).toThrow(RuleError);
    expect(() => actWith(ms.game, 'allied', { type: 'submarine-warfare', base: 'fife' }, [0])).toThrow(RuleError);
    expect(withGame(ms, ms.game)).toEqual(ms);
  });
});
