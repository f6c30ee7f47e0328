/**
 * Dice nobody can choose (docs/fairness.md): each seat's own random value, committed when
 * it takes its seat and revealed once every seat is in, and the seal that starts the dice
 * from the server's seed and every seat's value.
 *
 * - Two steps. A seat takes its seat with `{ commitment: sha256hex(value) }`: the
 *   commitment is public at once. Once every seat is taken it reveals `{ value }` (POST
 *   /reveal, or a claim carrying it), which the server checks against the commitment and
 *   keeps in escrow (sent to no one, logged nowhere, before the match ends). An honest
 *   client reveals only after it has seen every other seat's commitment, so no party —
 *   the server that knows its own seed included — learns a seat's value before every value
 *   is fixed. (`{ commitment, value }` in one call still works: commit and reveal at once.)
 * - A seat that leaves before the seal takes its commitment with it and voids every value
 *   already revealed (its next holder could be told them): those seats commit afresh. The
 *   protection against a server that would not do so is the client's own check at the end:
 *   each other seat's value against the commitment it saw before revealing its own.
 * - Matches of dice version 1 start with unsealed dice (no game's set-up rolls one). The
 *   dice are sealed just before the first action that draws a die, from HMAC-SHA256 keyed
 *   by the server's seed over the revealed values (the engine's `diceState`). That action is
 *   refused (422 `dice-not-sealed`) while a seat is free and another has committed, or while
 *   a seat that committed has not revealed: the match waits for every party. A match where
 *   no seat brought a value rolls from the server's seed alone, as before.
 * - Version 0 (matches from before): the dice started from the seed at the set-up.
 */
import { commitmentOf, DiceNotSealed, diceState, SEAT_VALUE, type GameModule, type RngState, type Seal } from '../engine';
import type { CommittedBy, MatchRecord } from '../store/match-store';
import type { SeatChanges } from './deadline-policy';
import { badRequest, conflict, unprocessable } from './errors';
import type { DiceInfo, Live, SeatState } from './live';
import { seatValues } from '../verifier/seats';

export { seatValues };

/** The dice version of every match created now. */
export const DICE_VERSION = 1;

/** What a claim, a join, a reveal or a socket handshake may carry. */
export interface CommitInput {
  commitment?: string;
  value?: string;
}

/** Whether the dice are sealed (version 0 matches were sealed at their set-up). */
export const isSealed = (dice: DiceInfo): boolean => dice.version === 0 || dice.sealSeq !== null;

/** A seat that has committed a value of its own and not revealed it yet. */
export const awaitsReveal = (seat: SeatState | undefined): boolean => seat?.committedBy === 'seat' && !seat.value;

/** Checks the form of a commitment and of a value; a value sent with its commitment must match it (400 otherwise). */
export function checkCommit(input: CommitInput): CommitInput | null {
  const { commitment, value } = input;
  if (commitment === undefined && value === undefined) return null;
  if (value !== undefined && !SEAT_VALUE.test(value)) throw badRequest('The value must be 32 random bytes in lowercase hex (64 digits).', 'bad-commitment');
  if (commitment !== undefined && value !== undefined && commitmentOf(value) !== commitment) {
    throw badRequest("The value does not match its commitment: the commitment must be the lowercase hex sha256 of the value's 64 hex digits.", 'bad-commitment');
  }
  return input;
}

/**
 * The seat change a commitment or a reveal makes for `side`: nothing once the dice are
 * sealed (a value given then cannot be part of them); 409 `already-committed` for another commitment than the one held; 400
 * `bad-reveal` for a value its commitment does not match, `not-committed` for a value with
 * no commitment before it.
 */
export function commitChange(live: Live, side: string, input: CommitInput, taken = true): Partial<SeatState> {
  const c = checkCommit(input);
  if (!c || !taken || isSealed(live.dice)) return {};
  const seat = live.seats[side]!;
  if (seat.committedBy === 'seat') {
    if (c.commitment !== undefined && seat.commitment !== c.commitment) {
      throw conflict(`The ${side} seat has already committed its value (${seat.commitment}): a commitment cannot be changed.`, 'already-committed');
    }
    if (c.value === undefined) return {};
    // Checked even when the seat has revealed already: a second reveal of another value is refused, not ignored.
    if (commitmentOf(c.value) !== seat.commitment) {
      throw badRequest(`This value does not match the ${side} seat's commitment ${seat.commitment}: a reveal must be the very value committed.`, 'bad-reveal');
    }
    return seat.value ? {} : { value: c.value };
  }
  if (c.commitment === undefined) {
    throw badRequest(`The ${side} seat has no commitment to reveal: send { commitment } when you take your seat, then { value } once every seat is in.`, 'not-committed');
  }
  return { commitment: c.commitment, value: c.value ?? null, committedBy: 'seat' };
}

/**
 * The commitments a seat that leaves takes with it: before the seal, its own, and every
 * value already revealed (its next holder could otherwise commit knowing them: those seats
 * commit afresh); after the seal nothing (the dice hold them).
 */
export function vacatedCommits(live: Live, side: string): SeatChanges {
  if (isSealed(live.dice)) return {};
  const cleared = { commitment: null, value: null, committedBy: null };
  const out: SeatChanges = { [side]: cleared };
  for (const s of live.game.sides) if (s !== side && live.seats[s]?.value) out[s] = cleared;
  return out;
}

/**
 * The seal the next action needs (its dice were wanted while unsealed): the dice's initial
 * state and the seat marks it makes. 422 `dice-not-sealed` while a seat is free (the actor
 * takes its own by acting) and some seat has committed a value of its own.
 */
export function sealFor(live: Live, actor: string): { dice: RngState; seats: SeatChanges } {
  const { game, seats } = live;
  const free = game.sides.filter((s) => s !== actor && !seats[s]?.claimed);
  const committed = game.sides.some((s) => seats[s]?.committedBy === 'seat');
  if (free.length > 0 && committed) {
    throw unprocessable(
      `No die can be rolled yet: the dice start once every seat is taken, and the ${free.join(' and ')} seat${free.length > 1 ? 's are' : ' is'} still free (each player's own random value goes into the dice).`,
      new DiceNotSealed().code,
    );
  }
  const hidden = game.sides.filter((s) => awaitsReveal(seats[s]));
  if (hidden.length > 0) {
    throw unprocessable(
      `No die can be rolled yet: the ${hidden.join(' and ')} seat${hidden.length > 1 ? 's have' : ' has'} committed a dice value and not revealed it (a player's page reveals it by itself once every seat is in).`,
      new DiceNotSealed().code,
    );
  }
  const own = seatValues(game, seats);
  const marks: SeatChanges = {};
  for (const s of game.sides) if (seats[s]?.committedBy !== 'seat') marks[s] = { committedBy: 'server' as CommittedBy };
  return { dice: diceState(live.seed, own), seats: marks };
}

/** Where a stored match's dice were sealed, for the fold that rebuilds it; null when there is none to apply. */
export function storedSeal(m: Pick<MatchRecord, 'seed' | 'diceVersion' | 'diceSealSeq' | 'seats'>, game: GameModule): Seal | null {
  if (m.diceVersion === 0 || m.diceSealSeq === null) return null;
  const seats = Object.fromEntries(m.seats.map((s) => [s.side, s]));
  return { seq: m.diceSealSeq, dice: diceState(m.seed, seatValues(game, seats)) };
}
