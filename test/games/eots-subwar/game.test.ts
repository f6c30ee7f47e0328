/**
 * A scripted match of the 1943 start (Turns 5–12) with the seed "subwar-23", driven through
 * the engine. Every roll and count is checked by hand below.
 *
 * SLOC counts (11.22.C), SLOC Proximity Range 12, cube coordinates (q, r) with
 * r = row − (col + col mod 2) / 2 and distance = (|Δq| + |Δr| + |Δq + Δr|) / 2:
 *   Fife / Lockwood (4) in 3727 = (37, 8):
 *     2620 Japanese resource hex (26, 7): Δq −11, Δr −1 → (11 + 1 + 12) / 2 = 12  counted (exactly at range)
 *     2821 Japanese resource hex (28, 7): Δq −9, Δr −1 → (9 + 1 + 10) / 2 = 10   counted
 *     2618 Japanese resource hex (26, 5): Δq −11, Δr −3 → (11 + 3 + 14) / 2 = 14  not counted
 *     HQ Combined Fleet in 4017 (40, −3): Δq 3, Δr −11 → (3 + 11 + 8) / 2 = 11    counted (until it moves to 4612 on Turn 8:
 *       (46, −11): Δq 9, Δr −19 → (9 + 19 + 10) / 2 = 19, not counted from Turn 9: count 3, 3 / 5 = 0.6 → PV 1)
 *     HQ 8th Area Army in 4021 (40, 1): Δq 3, Δr −7 → (3 + 7 + 4) / 2 = 7          counted (and in 3621 (36, 3) from Turn 5:
 *       Δq −1, Δr −5 → (1 + 5 + 6) / 2 = 6, counted)
 *     the home islands (rows 4–7 of columns 34–37, r ≤ −12) and Pusan are 20+ away; the other resource hexes and HQs lie west of column 23
 *     → count 4, 4 / 5 = 0.8 → SLOC PV 1.
 *   Lockwood (6) in 5108 = (51, −18): the nearest candidates, 3704/3705 (37, −15/−14), are 14 away and
 *     HQ Combined Fleet (40, −3) 15 → count 0, PV 0. In 5911 = (59, −19) everything is further still → PV 0.
 * SWM (11.22.B): Turns 5–7 are 1943 (+1), 8–10 1944 (0), 11–12 1945 (0); −2 for the Allied card #80
 * played on Turn 6; −1 for each earlier success spent on the SWM; never below −5.
 * Japanese hand (reconstructed track): 6 on Turns 5–8, 5 on Turns 9–12, minus one per success, never below 4.
 */
import { replay } from '../../../src/engine';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { EotsAction } from '../../../src/games/eots-subwar/actions';
import { act, choices, start } from './helpers';

const SEED = 'subwar-23';
const OPTIONS = { scenario: '1943' };
interface Scripted {
  side: 'allied' | 'japanese';
  action: EotsAction;
}
const A = (action: EotsAction): Scripted => ({ side: 'allied', action });
const J = (action: EotsAction): Scripted => ({ side: 'japanese', action });
const roll = (base: 'lockwood-4' | 'fife' | 'lockwood-6') => A({ type: 'submarine-warfare', base });
const effect = (base: 'lockwood-4' | 'fife' | 'lockwood-6', choice: 'asp' | 'swm' | 'none') => A({ type: 'sub-warfare-effect', base, choice });
const quietTurnEnd = [J({ type: 'pass' }), A({ type: 'pass' }), J({ type: 'end-political' })];

const SCRIPT: Scripted[] = [
  // Turn 5 (1943): SWM +1. Lockwood (4) in 3727: die 0 → 0 + 1 − 1 = 0 ≤ 0, success; the Allied player takes the SWM step.
  roll('lockwood-4'),
  effect('lockwood-4', 'swm'),
  // Hand 6 − 1 = 5. A Japanese offensive: 8th Area Army moves to 3621 (4 hexes; 3727 is then 6 away, within its range 6)
  // and declares 3727 a Battle Hex; card #5 with Lockwood (4): die 0 → two divisions (7 → 5); fifteen hits as a Critical
  // Hit target displace Lockwood (4) to the Turn Record Track. The other player confirms each report.
  J({ type: 'begin-offensive', hq: 'eighth-area-army' }),
  J({ type: 'propose', fact: { kind: 'hq-move', hq: 'eighth-area-army', to: '3621' } }),
  A({ type: 'confirm' }),
  J({ type: 'end-movement' }),
  J({ type: 'declare-battle-hex', hex: '3727' }),
  A({ type: 'confirm' }),
  J({ type: 'end-declaration' }),
  A({ type: 'play-card-5', base: 'lockwood-4' }),
  J({ type: 'confirm' }),
  J({ type: 'japanese-attack', base: 'lockwood-4', hits: 15, critical: true }),
  A({ type: 'confirm' }),
  J({ type: 'end-offensive' }),
  A({ type: 'pass' }),
  J({ type: 'pass' }),
  J({ type: 'end-political' }),
  // Turn 6 (1943): Fife replaces Lockwood (4) in situ on the TRT; the new Lockwood (6) arrives. Both are placed; neither
  // may roll (11.21.B, 11.22.A.4). Hand 6. The Allied player plays #80: SWM 1 − 2 − 1 = −2 from now on.
  A({ type: 'place-sub-base', base: 'fife', hex: '3727' }),
  A({ type: 'place-sub-base', base: 'lockwood-6', hex: '5108' }),
  J({ type: 'pass' }),
  A({ type: 'play-event', card: 80 }),
  J({ type: 'confirm' }),
  A({ type: 'pass' }),
  J({ type: 'end-political' }),
  // Turn 7 (1943): SWM −2. Fife die 6 → 6 − 2 − 1 = 3, no. Lockwood (6) die 0 → 0 − 2 − 0 = −2, success: SWM step (→ −3).
  // Hand 6 − 1 = 5.
  roll('fife'),
  roll('lockwood-6'),
  effect('lockwood-6', 'swm'),
  ...quietTurnEnd,
  // Turn 8 (1944): SWM 0 − 2 − 2 = −4. Fife die 7 → 7 − 4 − 1 = 2, no. Lockwood (6) die 2 → 2 − 4 − 0 = −2, success:
  // SWM step, allowed at −4 (→ −5). Hand 6 − 1 = 5.
  roll('fife'),
  roll('lockwood-6'),
  effect('lockwood-6', 'swm'),
  // A Japanese offensive: Combined Fleet moves to 4612 (8 hexes; 5108 is then 7 away, within its range 8) and declares
  // 5108 a Battle Hex; card #5 (back in the deck since the Turn 7 reshuffle) is declined; no hits; at the conclusion the
  // Japanese report control of 5108 and the Allies confirm it. Lockwood (6)'s emergency move (11.21.E) may only go to
  // 5911 (8 hexes away, under Pacific Fleet's half range 8) or the TRT.
  J({ type: 'begin-offensive', hq: 'combined-fleet' }),
  J({ type: 'propose', fact: { kind: 'hq-move', hq: 'combined-fleet', to: '4612' } }),
  A({ type: 'confirm' }),
  J({ type: 'end-movement' }),
  J({ type: 'declare-battle-hex', hex: '5108' }),
  A({ type: 'confirm' }),
  J({ type: 'end-declaration' }),
  A({ type: 'decline-card-5' }),
  J({ type: 'end-air-naval-combat' }),
  J({ type: 'end-ground-combat' }),
  J({ type: 'propose', fact: { kind: 'control', hex: '5108', side: 'japanese' } }),
  A({ type: 'confirm' }),
  J({ type: 'end-offensive' }),
  A({ type: 'emergency-move', base: 'lockwood-6', to: '5911' }),
  A({ type: 'pass' }),
  J({ type: 'pass' }),
  J({ type: 'end-political' }),
  // Turn 9 (1944): SWM 0 − 2 − 3 = −5. Fife (its count now 3: Combined Fleet in 4612 is 19 away; 3 / 5 = 0.6 → PV 1) die 7 → 7 − 5 − 1 = 1, no. Lockwood (6) in 5911 die 9 → 9 − 5 − 0 = 4, no. Hand 5.
  roll('fife'),
  roll('lockwood-6'),
  ...quietTurnEnd,
  // Turn 10 (1944): SWM −5. Fife die 7 → 1, no. Lockwood (6) die 8 → 3, no. Hand 5.
  roll('fife'),
  roll('lockwood-6'),
  ...quietTurnEnd,
  // Turn 11 (1945): SWM −5. Fife die 3 → 3 − 5 − 1 = −3, success; the SWM is at −5, so only the ASP (3 → 2) or nothing.
  // Lockwood (6) die 6 → 1, no. Hand 5 − 1 = 4.
  roll('fife'),
  effect('fife', 'asp'),
  roll('lockwood-6'),
  ...quietTurnEnd,
  // Turn 12 (1945): SWM −5. Fife die 8 → 2, no. Lockwood (6) die 7 → 2, no. Hand 5. The match ends.
  roll('fife'),
  roll('lockwood-6'),
  ...quietTurnEnd,
];

/** Each Strategic Warfare roll of the script: [turn, base, die, SWM, SLOC count, PV, total, success]. */
const ROLLS: [number, string, number, number, number, number, number, boolean][] = [
  [5, 'lockwood-4', 0, 1, 4, 1, 0, true],
  [7, 'fife', 6, -2, 4, 1, 3, false],
  [7, 'lockwood-6', 0, -2, 0, 0, -2, true],
  [8, 'fife', 7, -4, 4, 1, 2, false],
  [8, 'lockwood-6', 2, -4, 0, 0, -2, true],
  [9, 'fife', 7, -5, 3, 1, 1, false],
  [9, 'lockwood-6', 9, -5, 0, 0, 4, false],
  [10, 'fife', 7, -5, 3, 1, 1, false],
  [10, 'lockwood-6', 8, -5, 0, 0, 3, false],
  [11, 'fife', 3, -5, 3, 1, -3, true],
  [11, 'lockwood-6', 6, -5, 0, 0, 1, false],
  [12, 'fife', 8, -5, 3, 1, 2, false],
  [12, 'lockwood-6', 7, -5, 0, 0, 2, false],
];

function playScript() {
  let ms = start(OPTIONS, SEED);
  const states = [ms];
  for (const a of SCRIPT) {
    ms = act(ms, a.side, a.action);
    states.push(ms);
  }
  return states;
}

describe('a scripted match of the 1943 start', () => {
  const states = playScript();
  const end = states[states.length - 1]!.game;

  test('every Strategic Warfare roll: die, SWM, SLOC count and PV, (DR + SWM) − PV, success', () => {
    expect(end.history.rolls.map((r) => [r.turn, r.base, r.die, r.swm, r.slocCount, r.slocPv, r.total, r.success])).toEqual(ROLLS);
    expect(end.history.rolls.map((r) => r.effect)).toEqual(['swm', null, 'swm', null, 'swm', null, null, null, null, 'asp', null, null, null]);
    for (const r of end.history.rolls) expect(r.total).toBe(r.die + r.swm - r.slocPv);
  });

  test('the Japanese hand each turn, one card fewer a success, never below four', () => {
    expect(end.history.hands.map((h) => [h.turn, h.base, h.successes, h.size])).toEqual([
      [5, 6, 1, 5],
      [6, 6, 0, 6],
      [7, 6, 1, 5],
      [8, 6, 1, 5],
      [9, 5, 0, 5],
      [10, 5, 0, 5],
      [11, 5, 1, 4],
      [12, 5, 0, 5],
    ]);
  });

  test('card #5, the displacement, the in-situ replacement on the TRT, the emergency move, the end', () => {
    expect(end.history.card5).toEqual([{ turn: 5, base: 'lockwood-4', die: 0, reduction: 2, removed: 2, divisionsAfter: 5 }]);
    const attack = SCRIPT.findIndex((a) => a.action.type === 'japanese-attack');
    expect(states[attack + 1]!.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '3727' }); // reported, not yet confirmed
    expect(states[attack + 2]!.game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    const turn6 = states[SCRIPT.findIndex((a) => a.action.type === 'place-sub-base')]!.game;
    expect(turn6.subBases).toMatchObject({ 'lockwood-4': { at: 'replaced' }, fife: { at: 'trt' }, 'lockwood-6': { at: 'trt' } });
    const emergency = states[SCRIPT.findIndex((a) => a.action.type === 'emergency-move')]!;
    expect(choices(emergency, 'allied')).toEqual([
      { type: 'emergency-move', base: 'lockwood-6', to: '5911' },
      { type: 'emergency-move', base: 'lockwood-6', to: 'trt' },
    ]);
    expect(end.subBases).toEqual({ wilkes: { at: 'replaced' }, 'lockwood-4': { at: 'replaced' }, fife: { at: 'map', hex: '3727' }, 'lockwood-6': { at: 'map', hex: '5911' } });
    expect(end.asp).toBe(2);
    expect(end.chinaDivisions).toBe(5);
    // The SWM track by hand: +1 (1943) → 0 (Turn 5 step) → −2 (#80, Turn 6) → −3 (Turn 7 step) → −4 (1944's year factor,
    // 0 against 1943's +1) → −5 (Turn 8 step). Score: 4 cards denied + 1 ASP + 2 divisions = 7; 1 Sub Base lost.
    expect(eotsSubwar.result(end)).toEqual({
      winner: null,
      score: { allied: 7, japanese: 1 },
      text:
        "No winner: the submarine warfare variant decides none; Empire of the Sun's own victory conditions decide the game. " +
        'Score (what the variant did): Allied 7 (Japanese cards denied, ASPs lost and divisions removed), Japanese 1 (Sub Bases sent to the Turn Record Track). ' +
        'SWM track +1 → 0 → −2 → −3 → −4 → −5 (now −5). Strategic Warfare: 4 successes in 13 rolls (Lockwood (4) 1, Fife 1, Lockwood (6) 2); ' +
        '4 Japanese cards denied; Japanese ASP 3 → 2; 3 SWM steps taken; card #5 removed 2 Japanese divisions from China (5 left). ' +
        'Sub Bases lost: Lockwood (4) displaced by hits on Turn 5. Sub Bases arrived and replaced: Fife replaced Lockwood (4) on the TRT on Turn 6; Lockwood (6) arrived on Turn 6. ' +
        'Cards played for offensives: Japanese 2, Allied 0; events #5 Operation Matador / Cryptographic Intercepts ×1, #80 New Submarine Doctrine ×1.',
    });
    expect(eotsSubwar.prompt(end, 'allied')).toBeNull();
    expect(eotsSubwar.prompt(end, 'japanese')).toBeNull();
    for (const s of states.slice(0, -1)) expect(eotsSubwar.result(s.game)).toBeNull();
  });

  test('replay from the seed and the actions equals the live state at every seq', () => {
    for (let i = 0; i <= SCRIPT.length; i++) {
      expect(replay(eotsSubwar, OPTIONS, SEED, SCRIPT, i).state).toEqual(states[i]);
    }
    const full = replay(eotsSubwar, OPTIONS, SEED, SCRIPT);
    const logged = full.log.filter((e) => e.data && 'roll' in e.data).map((e) => (e.data!.roll as { die: number }).die);
    expect(logged).toEqual(full.rolls.flat().map((r) => r.value)); // every die in the log, in order
    expect(full.rolls.flat().every((r) => r.sides === 10 && r.value >= 0 && r.value <= 9)).toBe(true);
  });

  test('hidden information: nothing is secret — every log entry is public, and what the view shows of the SWM, the hands, the ASP and China is what the public log has told', () => {
    const full = replay(eotsSubwar, OPTIONS, SEED, SCRIPT);
    expect(full.log.every((e) => e.to === 'public')).toBe(true);
    // An independent reading of the public log: start from the text's 1943 marker (+1) and the set-up's figures.
    const first = eotsSubwar.view(states[0]!.game, 'spectator') as { japanese: { asp: number; chinaDivisions: number } };
    const track = { swm: 1, hands: { allied: 0, japanese: 0 }, asp: first.japanese.asp, china: first.japanese.chinaDivisions };
    const CARD_SIDE: Record<number, 'allied' | 'japanese'> = { 37: 'japanese', 38: 'japanese', 80: 'allied' };
    for (let i = 0; i < states.length; i++) {
      for (const e of full.log.filter((x) => x.seq === i)) {
        const d = (e.data ?? {}) as Record<string, any>;
        if (d.turn !== undefined && d.year !== undefined) track.hands = { allied: 0, japanese: 0 };
        if (d.swm?.after !== undefined) track.swm = d.swm.after;
        if (d.hands) track.hands = { ...d.hands };
        if (d.hq && d.side) track.hands[d.side as 'allied' | 'japanese']--;
        if (d.event) track.hands[CARD_SIDE[d.event]!]--;
        if (d.roll?.why?.startsWith('card #5')) {
          track.hands.allied--;
          track.china = d.roll.divisionsAfter;
        }
        if (d.asp !== undefined) track.asp = d.asp;
      }
      for (const viewer of ['allied', 'japanese', 'spectator']) {
        const v = eotsSubwar.view(states[i]!.game, viewer) as { swm: { value: number }; hands: Record<string, number>; japanese: { asp: number; chinaDivisions: number } };
        expect({ i, viewer, swm: v.swm.value, hands: v.hands, asp: v.japanese.asp, china: v.japanese.chinaDivisions }).toEqual({
          i,
          viewer,
          swm: track.swm,
          hands: track.hands,
          asp: track.asp,
          china: track.china,
        });
      }
      const json = JSON.stringify(eotsSubwar.view(states[i]!.game, 'japanese'));
      expect(json).not.toContain(JSON.stringify(states[i]!.dice));
      expect(json).not.toContain(SEED);
    }
  });

  test('every prompt lists complete actions the zod schema accepts as they are, and one side decides at a time', () => {
    for (const ms of states) {
      const open = (['allied', 'japanese'] as const).filter((side) => eotsSubwar.prompt(ms.game, side) !== null);
      expect(open.length).toBeLessThanOrEqual(1);
      for (const side of open) {
        const p = eotsSubwar.prompt(ms.game, side)!;
        expect(p.actions.length).toBeGreaterThan(0);
        for (const a of p.actions) expect(EotsAction.parse(a)).toEqual(a);
      }
    }
    expect(EotsAction.safeParse({ type: 'pass', extra: 1 }).success).toBe(false);
    expect(EotsAction.safeParse({ type: 'japanese-attack', base: 'fife', hits: 16, critical: false }).success).toBe(false);
  });

  test('the Japanese hand size is public: both sides read it in the view', () => {
    const turn11 = states.find((s) => s.game.turn === 11 && s.game.japaneseHand !== null)!.game;
    for (const v of ['allied', 'japanese', 'spectator']) {
      expect((eotsSubwar.view(turn11, v) as { japanese: { hand: number } }).japanese.hand).toBe(4);
    }
  });
});
