/**
 * A seat given to the computer at creation (issue #14): how it is asked for, checked and
 * stored. A bot seat has no token at all: its stored token hash is a mark,
 * `bot:<kind>:<secret>`, which no token hashes to (a token's hash is 64 hex digits), so no
 * link opens it and the mark survives a restart without a column of its own. The secret
 * seeds the bot's own choices (never shown to anyone: token hashes never leave the store),
 * so the human cannot replay the bot's hidden decisions from public facts.
 */
import { botKinds, botName } from '../bots/kinds';
import { commitmentOf, type GameModule } from '../engine';
import type { NewSeat } from '../store/match-store';
import { badRequest } from './errors';
import { newSecret } from './tokens';

/** A creator's choice: side → bot kind (`{ japanese: 'plausible' }`). */
export type BotChoice = Record<string, string>;

export interface BotSeat {
  kind: string;
  /** Seeds the bot's choices (with the seat's own seq): secret, server-side only. */
  secret: string;
}

const MARK = /^bot:([a-z][a-z0-9-]{0,39}):([0-9a-f]{64})$/;

/** The bot a stored token hash marks, or null for a seat of a person. */
export function botOfMark(tokenHash: string): BotSeat | null {
  const m = MARK.exec(tokenHash);
  return m ? { kind: m[1]!, secret: m[2]! } : null;
}

/** The bot seats of a stored match, by side. */
export function botSeatsOf(seats: readonly { side: string; tokenHash: string }[]): Map<string, BotSeat> {
  const out = new Map<string, BotSeat>();
  for (const s of seats) {
    const b = botOfMark(s.tokenHash);
    if (b) out.set(s.side, b);
  }
  return out;
}

/** Whether a player's public name is one a bot seat plays under (a cheap first look before the store is asked). */
export const looksLikeBot = (name: string | null | undefined): boolean => !!name && /^Computer \([a-z][a-z0-9-]* bot\)$/.test(name);

/**
 * Checks a creator's bot choice against the game: 400 `invalid-bots` for an unknown side or
 * kind, or when every seat would be a bot (a match needs at least one person).
 */
export function checkBots(game: GameModule, bots: BotChoice | undefined): BotChoice {
  if (!bots) return {};
  const kinds = botKinds(game.id);
  for (const [side, kind] of Object.entries(bots)) {
    if (!game.sides.includes(side)) {
      throw badRequest(`${game.name} has no side "${side}" to give to the computer: its sides are ${game.sides.join(' and ')}.`, 'invalid-bots');
    }
    if (!kinds.includes(kind)) {
      const offer = kinds.length ? `its bots are ${kinds.map((k) => `"${k}"`).join(' and ')}` : 'it has no bot';
      throw badRequest(`${game.name} has no bot "${kind}": ${offer}.`, 'invalid-bots');
    }
  }
  if (game.sides.every((s) => Object.hasOwn(bots, s))) {
    throw badRequest('At least one seat must be a person: give the computer some of the sides, not all of them.', 'invalid-bots');
  }
  return bots;
}

/**
 * A bot seat as created: taken at once, named for what it is, its token hash the mark, and
 * its dice value drawn by the server, committed and revealed at once (docs/fairness.md: a
 * bot seat's value is the server's).
 */
export function newBotSeat(kind: string, now: Date): Partial<NewSeat> & { tokenHash: string } {
  const value = newSecret();
  return {
    name: botName(kind),
    claimedAt: now,
    tokenHash: `bot:${kind}:${newSecret()}`,
    commitment: commitmentOf(value),
    value,
    committedBy: 'seat',
  };
}
