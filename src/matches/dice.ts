/**
 * Dice nobody can choose (docs/fairness.md): each seat's own random value, committed when
 * it takes its seat, and the seal that starts the dice from the server's seed and every
 * seat's value.
 *
 * - A seat takes its seat with `{ commitment: sha256hex(value), value }`: the commitment is
 *   public at once, the value is escrowed (stored, sent to no one and logged nowhere
 *   before the match ends). A seat taken without one brings no value of its own.
 * - Matches of dice version 1 start with unsealed dice (no game's set-up rolls one). The
 *   dice are sealed just before the first action that draws a die: from HMAC-SHA256 keyed
 *   by the server's seed over the values of the seats that brought one (the engine's
 *   `diceState`). That action is refused (422 `dice-not-sealed`) while a seat is free and
 *   another seat has committed a value of its own: the match waits for every party. A
 *   match where no seat brought a value rolls from the server's seed alone, as before.
 * - Version 0 (matches from before): the dice started from the seed at the set-up.
 */
import { commitmentOf, DiceNotSealed, diceState, SEAT_VALUE, type GameModule, type RngState, type Seal } from '../engine';
import type { CommittedBy, MatchRecord } from '../store/match-store';
import type { SeatChanges } from './deadline-policy';
import { badRequest, conflict, unprocessable } from './errors';
import type { DiceInfo, Live, SeatState } from './live';

/** The dice version of every match created now. */
export const DICE_VERSION = 1;

/** What a claim, a join or a socket handshake may carry. */
export interface CommitInput {
  commitment?: string;
  value?: string;
}

/** A seat as the dice read it (a live seat, a stored one, a match file's). */
type Committed = { value?: string | null; committedBy?: CommittedBy | null };

/** Whether the dice are sealed (version 0 matches were sealed at their set-up). */
export const isSealed = (dice: DiceInfo): boolean => dice.version === 0 || dice.sealSeq !== null;

/** A seat's commitment and value, checked: both or neither; 400 when they do not match. */
export function checkCommit(input: CommitInput): { commitment: string; value: string } | null {
  const { commitment, value } = input;
  if (commitment === undefined && value === undefined) return null;
  if (commitment === undefined || value === undefined) {
    throw badRequest(
      'Send your commitment together with its value: { commitment: sha256 hex of the value, value: 64 hex digits }. The value is kept secret until the match ends.',
      'bad-commitment',
    );
  }
  if (!SEAT_VALUE.test(value)) throw badRequest('The value must be 32 random bytes in lowercase hex (64 digits).', 'bad-commitment');
  if (commitmentOf(value) !== commitment) {
    throw badRequest("The value does not match its commitment: the commitment must be the lowercase hex sha256 of the value's 64 hex digits.", 'bad-commitment');
  }
  return { commitment, value };
}

/**
 * The seat change a commitment makes when `side` takes its seat: nothing once the dice are
 * sealed (a value given then cannot be part of them) or when the seat already holds that
 * very commitment; 409 `already-committed` when it holds another.
 */
export function commitChange(live: Live, side: string, input: CommitInput, taken = true): Partial<SeatState> {
  const c = checkCommit(input);
  if (!c || !taken || isSealed(live.dice)) return {};
  const seat = live.seats[side]!;
  if (seat.committedBy === 'seat') {
    if (seat.commitment === c.commitment) return {};
    throw conflict(`The ${side} seat has already committed its value (${seat.commitment}): a commitment cannot be changed.`, 'already-committed');
  }
  return { commitment: c.commitment, value: c.value, committedBy: 'seat' };
}

/** A seat's commitment as a vacated seat keeps it: cleared before the seal, kept after (the dice hold its value). */
export function vacatedCommit(live: Live): Partial<SeatState> {
  return isSealed(live.dice) ? {} : { commitment: null, value: null, committedBy: null };
}

/** The values that make the dice: the seats that brought their own, in the game's order of sides. */
export function seatValues(game: GameModule, seats: Record<string, Committed | undefined>): [string, string][] {
  return game.sides.flatMap((s): [string, string][] => {
    const seat = seats[s];
    return seat?.committedBy === 'seat' && seat.value ? [[s, seat.value]] : [];
  });
}

/**
 * The seal the next action needs (its dice were wanted while unsealed): the dice's initial
 * state and the seat marks it makes. 422 `dice-not-sealed` while a seat is free (the actor
 * takes its own by acting) and some seat has committed a value of its own.
 */
export function sealFor(live: Live, actor: string): { dice: RngState; seats: SeatChanges } {
  const { game, seats } = live;
  const free = game.sides.filter((s) => s !== actor && !seats[s]?.claimed);
  const own = seatValues(game, seats);
  if (free.length > 0 && own.length > 0) {
    throw unprocessable(
      `No die can be rolled yet: the dice start once every seat is taken, and the ${free.join(' and ')} seat${free.length > 1 ? 's are' : ' is'} still free (each player's own random value goes into the dice).`,
      new DiceNotSealed().code,
    );
  }
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
