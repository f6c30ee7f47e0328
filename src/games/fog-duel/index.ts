/**
 * fog-duel: the benchmark game of issue 13, not a wargame. Two seats, `a` and `b`, take
 * turns; each turn is one secret placement of a piece in one of three areas, seen by its
 * owner only (the other side learns that a piece was placed, not where). After 40
 * placements the match ends; each area goes to the side with more pieces there, and the
 * side holding more areas wins. The server registers it only with BENCH_GAMES=1.
 *
 * It exercises exactly the hot path of a hidden-information move — a prompt, a secret
 * placement, one view per audience, a push to each — with rules that cost nothing, so a
 * load bench measures the server and not a rule set.
 */
import { z } from 'zod';
import type { GameModule, LogEntry, Result } from '../../engine';

export const AREAS = ['north', 'centre', 'south'] as const;
export type Area = (typeof AREAS)[number];
const SIDES = ['a', 'b'] as const;
type Side = (typeof SIDES)[number];
/** Placements in a match. */
export const MOVES = 40;

export interface FogDuelState {
  /** Placements so far (the next mover is `a` when even). */
  moves: number;
  placed: Record<Side, Record<Area, number>>;
}

const Action = z.strictObject({ type: z.literal('deploy'), area: z.enum(AREAS) });
type Action = z.infer<typeof Action>;

const mover = (s: FogDuelState): Side => SIDES[s.moves % 2]!;
const empty = (): Record<Area, number> => ({ north: 0, centre: 0, south: 0 });
const CHOICES: readonly Action[] = AREAS.map((area) => ({ type: 'deploy' as const, area }));

function outcome(s: FogDuelState): Result | null {
  if (s.moves < MOVES) return null;
  const held: Record<Side, number> = { a: 0, b: 0 };
  for (const area of AREAS) {
    const [a, b] = [s.placed.a[area], s.placed.b[area]];
    if (a > b) held.a++;
    else if (b > a) held.b++;
  }
  const winner = held.a > held.b ? 'a' : held.b > held.a ? 'b' : null;
  return { winner, text: winner ? `${winner.toUpperCase()} holds ${held[winner]} of 3 areas.` : 'The areas are shared: a draw.', score: held };
}

export const fogDuel: GameModule<FogDuelState, Action, Record<string, never>> = {
  id: 'fog-duel',
  name: 'Fog duel (benchmark)',
  sides: SIDES,
  action: Action,
  options: z.strictObject({}),
  setup: () => ({ state: { moves: 0, placed: { a: empty(), b: empty() } }, log: [{ to: 'public', text: `Fog duel: ${MOVES} secret placements, A first.` }] }),
  prompt(s, side) {
    if (s.moves >= MOVES || side !== mover(s)) return null;
    return { kind: 'deploy', text: 'Place a piece, face down, in one area.', actions: CHOICES.slice() };
  },
  clone: (s) => ({ moves: s.moves, placed: { a: { ...s.placed.a }, b: { ...s.placed.b } } }),
  apply(s, side, action) {
    const me = side as Side;
    s.placed[me][action.area]++;
    s.moves++;
    const log: LogEntry[] = [
      { to: [me], text: `You placed a piece in the ${action.area}.` },
      { to: 'public', text: `${me.toUpperCase()} placed a piece (${s.moves} of ${MOVES}).` },
    ];
    return { state: s, log };
  },
  view(s, viewer) {
    const count = (side: Side) => AREAS.reduce((n, a) => n + s.placed[side][a], 0);
    const sideView = (side: Side) => (viewer === side || viewer === 'referee' ? { placed: s.placed[side] } : { pieces: count(side) });
    return { moves: s.moves, of: MOVES, a: sideView('a'), b: sideView('b') };
  },
  result: outcome,
  publicData: () => ({ areas: AREAS, moves: MOVES }),
};
