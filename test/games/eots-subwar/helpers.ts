/**
 * Test helpers for the submarine warfare variant: a small test map whose distances are easy
 * to check by hand (most hexes share column 10, so the distance is the difference of rows),
 * and ways to drive a match through the engine or with dice of our choosing.
 */
import { createMatchState, step, type ApplyContext, type MatchState, type Rng, type Roll } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import type { EotsAction } from '../../../src/games/eots-subwar/actions';
import type { Fact } from '../../../src/games/eots-subwar/facts';
import { Scenario, type ScenarioInput } from '../../../src/games/eots-subwar/scenario';
import { initialState } from '../../../src/games/eots-subwar/state';

type HexIn = ScenarioInput['hexes'][number];
const ally = (hex: string, more: Partial<HexIn> = {}): HexIn => ({ hex, control: 'allied', alliedSupply: true, ...more });

/**
 * The test map. Column 10, rows 02–30, plus 1110 (1 hex from 1010):
 *   1010 port+airfield · 1012 port · 1013 coastal airfield (an atoll) · 1110 port  — all legal for a Sub Base
 *   1011 inland airfield · 1009 port out of supply · 1008 port in a Japanese ZoI · 1017 Japanese port
 *   1018 coastal, nothing else · 1014 port 4 hexes from us-a · 1020 port (10 from 1010) · 1021 port (11 from 1010)
 *   1030 port · 1002, 1003 home island ports · 1004 Japanese resource hex · 1005 Allied resource hex
 *   1006 Japanese port
 * HQs: us-a (American) in 1010, range 6 (half 3: rows 07–13); us-b (American) in 1020, range 5
 *      (half 3 FRU: rows 17–23); brit (Allied, not American) in 1030, range 8; jp (Japanese) in 1006, range 4.
 * The match starts on Turn 5 (1943, SWM +1) with Lockwood (4) in 1010; SLOC Proximity Range 7.
 */
export function testScenario(patch: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    id: 'test-map',
    name: 'Test map',
    turn: 5,
    japaneseAsp: 3,
    chinaDivisions: 6,
    slocRange: 7,
    japaneseHand: [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
    subBases: { wilkes: 'replaced', 'lockwood-4': '1010', fife: 6, 'lockwood-6': 6 },
    hexes: [
      { hex: '1002', port: true, coastal: true, homeIslandPort: true, control: 'japanese' },
      { hex: '1003', port: true, coastal: true, homeIslandPort: true, control: 'japanese' },
      { hex: '1004', resource: true, coastal: true, control: 'japanese' },
      ally('1005', { resource: true }),
      { hex: '1006', port: true, coastal: true, control: 'japanese' },
      ally('1008', { port: true, coastal: true, japaneseZoi: true }),
      ally('1009', { port: true, coastal: true, alliedSupply: false }),
      ally('1010', { port: true, airfield: true, coastal: true }),
      ally('1011', { airfield: true }),
      ally('1012', { port: true, coastal: true }),
      ally('1013', { airfield: true, coastal: true }),
      ally('1014', { port: true, coastal: true }),
      { hex: '1017', port: true, coastal: true, control: 'japanese', alliedSupply: true }, // supply kept, to test control alone
      ally('1018', { coastal: true }),
      ally('1020', { port: true, coastal: true }),
      ally('1021', { port: true, coastal: true }),
      ally('1030', { port: true, coastal: true }),
      ally('1110', { port: true, coastal: true }),
    ],
    hqs: [
      { id: 'us-a', name: 'US A', side: 'allied', american: true, hex: '1010', activationRange: 6 },
      { id: 'us-b', name: 'US B', side: 'allied', american: true, hex: '1020', activationRange: 5 },
      { id: 'brit', name: 'British', side: 'allied', hex: '1030', activationRange: 8 },
      { id: 'jp', name: 'Japanese HQ', side: 'japanese', hex: '1006', activationRange: 4 },
    ],
    ...patch,
  };
}

/** The state a scenario starts from, before set-up runs (for the pure rule functions). */
export function bareState(patch: Partial<ScenarioInput> = {}): EotsState {
  return initialState(Scenario.parse(testScenario(patch)));
}

export function start(options: unknown, seed = 'test'): MatchState<EotsState> {
  return createMatchState(eotsSubwar, options, seed).state;
}

/** One action through the engine (which checks it against the prompt). */
export function act(ms: MatchState<EotsState>, side: 'allied' | 'japanese', action: EotsAction): MatchState<EotsState> {
  return step(eotsSubwar, ms, side, action).state;
}

/** The actions `side` may send now ([] when it has nothing to decide). */
export function choices(ms: MatchState<EotsState> | EotsState, side: 'allied' | 'japanese'): EotsAction[] {
  const g = 'game' in ms ? ms.game : ms;
  return eotsSubwar.prompt(g, side)?.actions ?? [];
}

export function kindOf(ms: MatchState<EotsState>, side: 'allied' | 'japanese'): string | undefined {
  return eotsSubwar.prompt(ms.game, side)?.kind;
}

/** A context whose ten-sided die reads the given values in turn (and fails the test when it runs out). */
export function fixedDice(values: number[]): ApplyContext & { rolls: Roll[] } {
  const rolls: Roll[] = [];
  const dice = {
    d10(why: string): number {
      const v = values.shift();
      if (v === undefined) throw new Error(`no die value left for "${why}"`);
      rolls.push({ why, sides: 10, value: v });
      return v;
    },
    rolls,
  } as unknown as Rng;
  return { dice, tags: dice, rolls };
}

/** Applies an action with chosen dice (the module's own legality check runs). */
export function actWith(g: EotsState, side: 'allied' | 'japanese', action: EotsAction, dice: number[] = []) {
  const ctx = fixedDice(dice);
  const out = eotsSubwar.apply(structuredClone(g), side, action, ctx);
  return { state: out.state, log: out.log, rolls: ctx.rolls };
}

/** The match state with its game replaced (to go on through the engine after actWith). */
export function withGame(ms: MatchState<EotsState>, game: EotsState): MatchState<EotsState> {
  return { ...ms, game };
}

/** Sends closing actions (end-*, pass, decline; else the first choice) for both sides until `until` holds. */
export function closeUntil(ms: MatchState<EotsState>, until: (g: EotsState) => boolean, limit = 500): MatchState<EotsState> {
  const closers = [
    'pass',
    'end-movement',
    'end-declaration',
    'decline-card-5',
    'end-air-naval-combat',
    'end-ground-combat',
    'end-offensive',
    'end-political',
    'confirm',
    'withdraw',
  ];
  for (let i = 0; i < limit && !until(ms.game); i++) {
    const side = (['allied', 'japanese'] as const).find((s) => choices(ms, s).length > 0);
    if (!side) throw new Error(`nobody has a decision (phase ${ms.game.phase.kind})`);
    const all = choices(ms, side);
    ms = act(ms, side, all.find((x) => closers.includes(x.type)) ?? all[0]!);
  }
  if (!until(ms.game)) throw new Error('closeUntil: the condition never held');
  return ms;
}

/** `by` reports a fact of the board and the other player confirms it (facts.ts). */
export function report(ms: MatchState<EotsState>, by: 'allied' | 'japanese', fact: Fact): MatchState<EotsState> {
  return confirmed(ms, by, { type: 'propose', fact });
}

/** `by` reports a play of the game (a Battle Hex, hits, an occupation, a card played) or a fact, and the other player confirms it (reports.ts). */
export function confirmed(ms: MatchState<EotsState>, by: 'allied' | 'japanese', action: EotsAction): MatchState<EotsState> {
  ms = act(ms, by, action);
  return act(ms, by === 'allied' ? 'japanese' : 'allied', { type: 'confirm' });
}

/** The Allied player plays a card for an offensive with `hq`, and its activations are reported and confirmed. */
export function beginAllied(ms: MatchState<EotsState>, hq: string, activations: number): MatchState<EotsState> {
  ms = act(ms, 'allied', { type: 'begin-offensive', hq });
  return report(ms, 'allied', { kind: 'activations', count: activations });
}
