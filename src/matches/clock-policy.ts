/**
 * Time banks (issue #15) as functions of the seats and the state: whose bank runs, what is
 * left, what a body shows. Pure (the time is given); the expiries, the pause and their
 * jobs are time-bank.ts's.
 *
 * A side's bank runs while the match is active, not paused, and the side owes a decision
 * (its prompt is not empty) — the same stretch as its move deadline (deadline-policy.ts):
 * from the moment a decision is given until the side has none left, whatever steps it takes
 * meanwhile. When several sides must decide at once (sealed simultaneous decisions), each
 * side's bank runs while that side owes its decision. The increment is added once when the
 * stretch ends with the decision made — never per step: a private step is not seen by the
 * other side, so a bank that grew with it would count the other side's hidden steps, and a
 * bank that grew only on public steps would tell the actor which of its steps were seen
 * (docs/fog.md, "Time banks"). A pause stops every bank without an increment.
 */
import { promptOf, type GameModule, type MatchState } from '../engine';
import type { Clock } from '../protocol';
import type { ClockConfig } from '../store/match-store';
import type { SeatChanges } from './deadline-policy';
import type { Live, LiveClock, MatchStatus, SeatState } from './live';

/** A bank is kept in an int4 column: increments stop adding beyond it (~24.8 days). */
export const BANK_MAX_MS = 2 ** 31 - 1;

/** The live copy's clock from the stored columns (null: the match has no time banks). */
export function liveClock(m: { clock?: ClockConfig | null; clockPausedAt?: Date | null; clockPauseBy?: string | null }): LiveClock | null {
  if (!m.clock) return null;
  return { config: m.clock, pausedAt: m.clockPausedAt ?? null, pauseBy: m.clockPauseBy ?? null };
}

/** What `seat` has left at `now` (ms): 0 once out; while running, until it runs out; else what it kept. */
export function bankLeft(seat: SeatState, clock: LiveClock, now: number): number {
  if (seat.bankOutAt) return 0;
  if (seat.bankDueAt) return Math.max(0, seat.bankDueAt.getTime() - now);
  return seat.bankMs ?? clock.config.bankMs;
}

export interface BankInput {
  game: GameModule;
  seats: Record<string, SeatState>;
  clock: LiveClock | null | undefined;
  state: MatchState;
  status: MatchStatus;
  now: number;
}

/**
 * How the banks change: a side that owes a decision and whose bank is stopped starts it
 * (it runs out at now + what is left); a side whose bank runs and that owes nothing now (or
 * the banks are paused, or the match is no longer active) stops it, keeping what is left —
 * plus the increment when its decision was made. A side that ran out stays out.
 */
export function bankChanges({ game, seats, clock, state, status, now }: BankInput): SeatChanges {
  const out: SeatChanges = {};
  if (!clock) return out;
  const running = status === 'active' && !clock.pausedAt;
  for (const s of game.sides) {
    const seat = seats[s];
    if (!seat || seat.bankOutAt) continue;
    const owes = promptOf(game, state.game, s) !== null;
    if (running && owes && !seat.bankDueAt) {
      const left = seat.bankMs ?? clock.config.bankMs;
      out[s] = { bankMs: left, bankDueAt: new Date(now + left) };
    } else if (!(running && owes) && seat.bankDueAt) {
      const left = Math.max(0, seat.bankDueAt.getTime() - now);
      const decided = running && !owes;
      out[s] = { bankMs: Math.min(BANK_MAX_MS, left + (decided ? clock.config.incrementMs : 0)), bankDueAt: null };
    }
  }
  return out;
}

/** The sides whose bank has run out by `now` but is not marked out yet (the expiry not yet handled). */
export function bankDue(live: Live, now: number): { side: string; dueAt: Date }[] {
  if (!live.clock || live.clock.pausedAt || live.status !== 'active') return [];
  return live.game.sides.flatMap((side) => {
    const seat = live.seats[side];
    return seat?.bankDueAt && !seat.bankOutAt && seat.bankDueAt.getTime() <= now ? [{ side, dueAt: seat.bankDueAt }] : [];
  });
}

/**
 * The time banks as every viewer sees them (the same for all: they are made of public
 * moments only — when a decision was given and when it was made —, never of private steps).
 */
export function clockOf(live: Live, now: number): Clock | null {
  const clock = live.clock;
  if (!clock) return null;
  const sides: Record<string, { leftMs: number; runsOutAt: string | null }> = {};
  const out: string[] = [];
  for (const s of live.game.sides) {
    const seat = live.seats[s];
    if (!seat) continue;
    sides[s] = { leftMs: Math.round(bankLeft(seat, clock, now)), runsOutAt: seat.bankDueAt && !seat.bankOutAt ? seat.bankDueAt.toISOString() : null };
    if (seat.bankOutAt) out.push(s);
  }
  return {
    bankMs: clock.config.bankMs,
    incrementMs: clock.config.incrementMs,
    onTimeout: clock.config.onTimeout,
    sides,
    out,
    paused: clock.pausedAt !== null,
    pausedAt: clock.pausedAt?.toISOString() ?? null,
    pauseProposedBy: clock.pauseBy,
  };
}
