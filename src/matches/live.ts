/**
 * A match as the service holds it in memory, and the state body each viewer gets of it.
 * Every body is made here, by the game's `view`/`prompt` and the log filter, for one viewer.
 */
import { promptOf, REFEREE, stageOf, viewOf, withoutOthersOrders, type GameModule, type StampedLogEntry, type Timeline, type Viewer } from '../engine';
import type { Prompt, StateBody } from '../protocol';
import type { ClockConfig, MatchStatus, SeatRecord } from '../store/match-store';

export type { CommittedBy, MatchStatus, Notify } from '../store/match-store';
export const isOver = (s: MatchStatus) => s === 'finished' || s === 'abandoned';

/**
 * A seat as the service holds it: the stored seat's own columns (store/match-store.ts
 * `SeatRecord`, where each is explained), whether it is taken, and its webhook key as `secret`.
 */
export type SeatState = Pick<
  SeatRecord,
  'name' | 'notify' | 'orders' | 'dueAt' | 'remindedAt' | 'overdueAt' | 'commitment' | 'value' | 'committedBy' | 'bankMs' | 'bankDueAt' | 'bankOutAt'
> & {
  claimed: boolean;
  secret: string | null;
};

/** A match's time banks as the service holds them (clock-policy.ts): the settings, the pause, a proposed pause. Replaced, never changed in place. */
export interface LiveClock {
  config: ClockConfig;
  /** Since when both players have paused the banks; null while they run. */
  pausedAt: Date | null;
  /** The side that proposed a pause the other has not agreed to yet. */
  pauseBy: string | null;
}

/** How the dice of a match start (src/matches/dice.ts). */
export interface DiceInfo {
  /** 0: from the seed at the set-up (matches from before commitments); 1: sealed from the seed and the seats' values. */
  version: number;
  /** Version 1: the real seq after which the dice were sealed; null while unsealed. */
  sealSeq: number | null;
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
  /** The time banks (null or absent: none). */
  clock?: LiveClock | null;
  rematchId: string | null;
  /** Whether the rematch swapped the sides. */
  rematchSwap: boolean;
  /** Never changed in place (a fork of the live copy shares it): replaced. */
  dice: DiceInfo;
  tl: Timeline;
  /** Never changed in place (bodies share what is made of it, `playersOf`): replaced on every change (deadline-policy.ts `withChanges`). */
  seats: Record<string, SeatState>;
  lastUsed: number;
}

/** The body of GET /api/matches/:id and of the socket `state` event: src/protocol/state.ts. */
export type { StateBody };

/** What `viewer` may see of `live` now, with the log entries after its seq `afterSeq`. */
export function stateBody(live: Live, viewer: Viewer, afterSeq: number, status: MatchStatus = live.status): StateBody {
  const over = isOver(status);
  // When the match is over, everything is revealed to all: the referee's view and log, and the seed.
  const eye = over ? REFEREE : viewer;
  const { tl, game } = live;
  const g = tl.state.game;
  // Over, a side's standing orders stay its own (issue #41): the referee's log without the others'.
  const log: StampedLogEntry[] = over ? withoutOthersOrders(tl.logFor(eye, afterSeq), viewer) : tl.logFor(eye, afterSeq);
  const isSide = game.sides.includes(viewer);
  const acting = !over && isSide;
  const view = viewOf(game, g, eye);
  return {
    id: live.id,
    game: game.id,
    seq: tl.seqs.of(eye),
    you: viewer,
    status,
    view,
    // Every game's actions are objects with a `type` (each game's action schema says so).
    prompt: acting ? (promptOf(game, g, viewer) as Prompt | null) : null,
    log,
    logFrom: afterSeq,
    result: tl.result(),
    seedHash: live.seedHash,
    ...(over ? { seed: live.seed } : {}),
    players: playersOf(game, live.seats),
    dice: diceOf(live, over),
    canUndo: acting && tl.canUndo(viewer),
    deadline: deadlineOf(live),
    stage: stageOf(game, view),
    ...(live.rematchId ? { rematch: live.rematchId } : {}),
  };
}

/** The seq of `viewer`'s state body now (its `seq`), without making the body. */
export function seqOf(live: Live, viewer: Viewer): number {
  return live.tl.seqs.of(isOver(live.status) ? REFEREE : viewer);
}

/** The public seats, made once per record of seats (a record is replaced on every change, never changed in place): every body shares them, frozen. */
const players = new WeakMap<Live['seats'], StateBody['players']>();
function playersOf(game: GameModule, seats: Live['seats']): StateBody['players'] {
  let p = players.get(seats);
  if (!p) players.set(seats, (p = Object.freeze(Object.fromEntries(game.sides.map((s) => [s, Object.freeze(playerOf(seats[s]))])))));
  return p;
}

/** A side's public seat: its name, whether it is taken, and its commitment (never its value). */
function playerOf(seat: SeatState | undefined): StateBody['players'][string] {
  return {
    name: seat?.name ?? null,
    claimed: seat?.claimed ?? false,
    commitment: seat?.commitment ?? null,
    by: seat?.committedBy ?? null,
    revealed: !!seat?.value,
  };
}

/**
 * How the dice start. While the match runs: the version and whether they are sealed (never
 * where: the real seq would count the other side's private steps). Once it is over, with
 * the seed: where they were sealed and every seat's value.
 */
function diceOf(live: Live, over: boolean): StateBody['dice'] {
  const sealed = live.dice.version === 0 || live.dice.sealSeq !== null;
  if (!over) return { version: live.dice.version, sealed };
  const values = Object.fromEntries(live.game.sides.map((s) => [s, live.seats[s]?.value ?? null]));
  return { version: live.dice.version, sealed, sealedAfter: live.dice.sealSeq, values };
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
