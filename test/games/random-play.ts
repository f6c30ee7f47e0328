/**
 * Seeded random play of a game module through the engine (createMatchState / step): bots
 * that see only their own prompt pick one of its actions, from their own seeded stream.
 * With probability `bias.p` a bot picks uniformly among the actions `bias.prefer` accepts (if
 * any), otherwise uniformly among all its choices: in Empire of the Sun it prefers to close
 * what it can (end a step, pass, decline, confirm), so the long lists of optional reports (a
 * hex a prompt) do not stretch a match without end; in East Wind Rain it prefers to play on
 * (not to close the phase at its first chance). Returns what happened, for the tests to
 * check and to report.
 */
import { createMatchState, Rng, seedState, step, type GameModule, type MatchState, type RecordedAction, type Result } from '../../src/engine';
import { distance, type HexRef, type MapSize } from '../../src/games/ewr/hex';

export interface Played {
  seed: string;
  result: Result | null;
  actions: number;
  /** Actions taken by each side. */
  bySide: Record<string, number>;
  /** Decisions with a real choice (two or more actions offered), by side. */
  choicesBySide: Record<string, number>;
  final: MatchState<unknown>;
  /** Every action, in order, as the engine records it. */
  record: RecordedAction[];
}

export const CLOSERS = new Set([
  'pass',
  'end-movement',
  'end-declaration',
  'end-offensive',
  'end-political',
  'end-ground-combat',
  'end-air-naval-combat',
  'decline-card-5',
  'confirm',
  'withdraw',
  'no-emergency-move',
]);

export interface Bias {
  /** Does the bot prefer this action, given the view it has (its own side's, nothing more)? */
  prefer: (action: { type?: string }, view: unknown) => boolean;
  p: number;
}

/** Empire of the Sun: close what can be closed three times in four. */
export const CLOSING: Bias = { prefer: (a) => CLOSERS.has(String(a.type)), p: 0.75 };
/**
 * East Wind Rain: play on four times in five — TFA moves toward its mission's nearest hex
 * (read from its own view) rather than away, and neither side ends an initiative or the
 * phase while it can do something else.
 */
export const PLAYING_ON: Bias = {
  prefer: (a, view) => {
    const v = view as { you: 'tfa' | 'tfz' | null; tfs: Record<string, { hex: HexRef | null }>; mission: { hexes: HexRef[] }; scenario: { map: MapSize } };
    if (a.type === 'move') {
      const me = v.you ? v.tfs[v.you]?.hex : null;
      const to = (a as { to: HexRef }).to;
      if (!me) return true;
      const near = (h: HexRef) => Math.min(...v.mission.hexes.map((m) => distance(v.scenario.map, h, m)));
      return near(to) < near(me);
    }
    return !['end-operations', 'end-initiative', 'withdraw'].includes(String(a.type));
  },
  p: 0.8,
};

export function playRandom<S>(game: GameModule<S>, options: unknown, seed: string, maxActions: number, bias: Bias): Played {
  let ms = createMatchState(game, options, seed).state as MatchState<S>;
  const rng = new Rng(seedState(seed, 'random-play'));
  const bySide: Record<string, number> = Object.fromEntries(game.sides.map((s) => [s, 0]));
  const choicesBySide: Record<string, number> = Object.fromEntries(game.sides.map((s) => [s, 0]));
  const record: RecordedAction[] = [];
  let n = 0;
  for (; n < maxActions && !game.result(ms.game); n++) {
    const side = game.sides.find((s) => game.prompt(ms.game, s));
    if (!side) break;
    const all = game.prompt(ms.game, side)!.actions as { type?: string }[];
    const action = botChoice(rng, game.view(ms.game, side), all, bias);
    if (all.length > 1) choicesBySide[side]!++;
    bySide[side]!++;
    ms = step(game, ms, side, action).state;
    record.push({ side, action });
  }
  return { seed, result: game.result(ms.game), actions: n, bySide, choicesBySide, final: ms as MatchState<unknown>, record };
}

/** The share of matches in which every side made at least one real choice, and the results by winner. */
export function summarise(list: readonly Played[]): { bothDecided: number; winners: Record<string, number>; maxActions: number; meanActions: number } {
  const winners: Record<string, number> = {};
  for (const p of list) {
    const w = p.result ? (p.result.winner ?? 'none') : 'unfinished';
    winners[w] = (winners[w] ?? 0) + 1;
  }
  const both = list.filter((p) => Object.values(p.choicesBySide).every((n) => n > 0)).length;
  return {
    bothDecided: both / list.length,
    winners,
    maxActions: Math.max(...list.map((p) => p.actions)),
    meanActions: list.reduce((a, p) => a + p.actions, 0) / list.length,
  };
}

/** One choice of a seeded bot that sees only `view` and `actions` (as an HTTP or socket client would). */
export function botChoice(rng: Rng, view: unknown, actions: readonly { type?: string }[], bias: Bias): { type?: string } {
  const preferred = actions.filter((a) => bias.prefer(a, view));
  const pool = preferred.length > 0 && rng.int(1, 1000) <= bias.p * 1000 ? preferred : actions;
  return pool[rng.int(0, pool.length - 1)]!;
}
