/**
 * A match as the service holds it in memory, and the state body each viewer gets of it.
 * Every body is made here, by the game's `view`/`prompt` and the log filter, for one viewer.
 */
import { canSee, promptOf, REFEREE, viewOf, type GameModule, type Prompt, type Result, type StampedLogEntry, type Viewer } from '../engine';
import type { Timeline } from './timeline';

export type MatchStatus = 'waiting' | 'active' | 'finished' | 'abandoned';
export const isOver = (s: MatchStatus) => s === 'finished' || s === 'abandoned';

export interface Notify {
  webhook?: string;
  email?: string;
}

export interface SeatState {
  name: string | null;
  claimed: boolean;
  notify: Notify | null;
  secret: string | null;
  dueAt: Date | null;
  remindedAt: Date | null;
  overdueAt: Date | null;
}

export interface Live {
  id: string;
  game: GameModule;
  options: unknown;
  seed: string;
  seedHash: string;
  status: MatchStatus;
  listed: boolean;
  deadlineMs: number | null;
  rematchId: string | null;
  tl: Timeline;
  seats: Record<string, SeatState>;
  lastUsed: number;
}

/** The body of GET /api/matches/:id and of the socket `state` event. */
export interface StateBody {
  id: string;
  game: string;
  seq: number;
  you: Viewer;
  status: MatchStatus;
  view: unknown;
  prompt: Prompt | null;
  /** Log entries after seq `logFrom`; -1 means the whole log (the set-up's entries are at seq 0). */
  log: StampedLogEntry[];
  logFrom: number;
  result: Result | null;
  /** sha256 of the seed, published at creation. */
  seedHash: string;
  /** The seed itself, once the match is over. */
  seed?: string;
  /** Each side's display name and whether its seat is taken (names are public). */
  players: Record<string, { name: string | null; claimed: boolean }>;
  /** Whether `you` may take back your last decision now (sides only). */
  canUndo: boolean;
  /** The move deadline, when the match has one: each side's due time and who is overdue. */
  deadline: { moveMs: number; due: Record<string, string | null>; overdue: string[] } | null;
  /** The rematch of this match, once one was proposed. */
  rematch?: string;
  /** Admin replays only: the number of actions in the match. */
  total?: number;
}

/** What `viewer` may see of `live` now, with the log entries after its seq `afterSeq`. */
export function stateBody(live: Live, viewer: Viewer, afterSeq: number, status: MatchStatus = live.status): StateBody {
  const over = isOver(status);
  // When the match is over, everything is revealed to all: the referee's view and log, and the seed.
  const eye = over ? REFEREE : viewer;
  const { tl, game } = live;
  const g = tl.state.game;
  // The entries after `afterSeq`, read from the end: a viewer's seqs only grow along the
  // log, so a push after an action reads its few new entries, not the whole log.
  const log: StampedLogEntry[] = [];
  for (let i = tl.log.length - 1; i >= 0; i--) {
    const h = tl.log[i]!;
    const seq = h.vis[eye] ?? 0;
    if (seq <= afterSeq) break;
    if (canSee(h.entry, eye)) log.push({ ...h.entry, seq });
  }
  log.reverse();
  const isSide = game.sides.includes(viewer);
  const acting = !over && isSide;
  return {
    id: live.id,
    game: game.id,
    seq: tl.seqs.of(eye),
    you: viewer,
    status,
    view: viewOf(game, g, eye),
    prompt: acting ? promptOf(game, g, viewer) : null,
    log,
    logFrom: afterSeq,
    result: tl.result(),
    seedHash: live.seedHash,
    ...(over ? { seed: live.seed } : {}),
    players: Object.fromEntries(game.sides.map((s) => [s, { name: live.seats[s]?.name ?? null, claimed: live.seats[s]?.claimed ?? false }])),
    canUndo: acting && tl.canUndo(viewer),
    deadline: deadlineOf(live),
    ...(live.rematchId ? { rematch: live.rematchId } : {}),
  };
}

export function deadlineOf(live: Live): StateBody['deadline'] {
  if (!live.deadlineMs) return null;
  const due: Record<string, string | null> = {};
  const overdue: string[] = [];
  for (const s of live.game.sides) {
    const seat = live.seats[s];
    due[s] = seat?.dueAt ? seat.dueAt.toISOString() : null;
    if (seat?.overdueAt) overdue.push(s);
  }
  return { moveMs: live.deadlineMs, due, overdue };
}
