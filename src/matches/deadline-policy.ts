/**
 * The match's status and its move deadlines as functions of its seats and state: who must
 * be waited for, and whose clock runs. Pure (the time is given); the clock that fires the
 * reminders and overdue marks is deadlines.ts.
 */
import { promptOf, type GameModule, type MatchState } from '../engine';
import { isOver, type MatchStatus, type SeatState } from './live';

export type SeatChanges = Record<string, Partial<SeatState>>;

/** The status once `changes` apply: waiting while a seat is free, else active (an ended match keeps its status). */
export function statusWith(game: GameModule, status: MatchStatus, seats: Record<string, SeatState>, changes: SeatChanges = {}): MatchStatus {
  if (isOver(status)) return status;
  const taken = game.sides.every((s) => changes[s]?.claimed ?? seats[s]?.claimed ?? false);
  return taken ? 'active' : 'waiting';
}

export interface DeadlineInput {
  game: GameModule;
  seats: Record<string, SeatState>;
  /** Each side's time for a decision, or null for none. */
  deadlineMs: number | null;
  state: MatchState;
  status: MatchStatus;
  now: number;
}

/**
 * How the move deadlines change: a side that has a decision and no due time gets one; a
 * side without a decision loses its due time and marks. A side's clock runs from when it
 * is given a decision until it has none left, whatever steps it takes meanwhile:
 * restarting it on a public step but not on a private one would tell the actor which of
 * its steps the other side saw (docs/fog.md).
 */
export function dueChanges({ game, seats, deadlineMs, state, status, now }: DeadlineInput): SeatChanges {
  const out: SeatChanges = {};
  for (const s of game.sides) {
    const seat = seats[s]!;
    const wants = status === 'active' && deadlineMs !== null && promptOf(game, state.game, s) !== null;
    if (wants && !seat.dueAt) out[s] = { dueAt: new Date(now + deadlineMs!), remindedAt: null, overdueAt: null };
    else if (!wants && (seat.dueAt || seat.overdueAt)) out[s] = { dueAt: null, remindedAt: null, overdueAt: null };
  }
  return out;
}

/** `seats` with `changes` applied (a new object; the seats given are left as they are). */
export function withChanges(seats: Record<string, SeatState>, changes: SeatChanges): Record<string, SeatState> {
  // Unchanged, the same record: what is made of it (the bodies' `players`, live.ts) is made once.
  if (Object.keys(changes).length === 0) return seats;
  const out = { ...seats };
  for (const [side, c] of Object.entries(changes)) out[side] = { ...out[side]!, ...c };
  return out;
}

/** Merges seat changes side by side, later ones winning field by field. */
export function mergeChanges(...all: (SeatChanges | undefined)[]): SeatChanges {
  const out: SeatChanges = {};
  for (const changes of all) for (const [side, c] of Object.entries(changes ?? {})) out[side] = { ...out[side], ...c };
  return out;
}
