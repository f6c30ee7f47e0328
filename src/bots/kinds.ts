/**
 * The bots a match's seat may be given (issue #14, "Play against the computer"), by game:
 * every game has the `random` bot; Sky, Sea, and JUNGLE also has its `plausible` player
 * (src/games/ssj/bot.ts). The first kind listed is the one a game offers first.
 */
import { plausibleBot } from '../games/ssj/bot';
import { plausibleBot as eotsPlausibleBot } from '../games/eots-subwar/bot';
import { plausibleBot as ewrPlausibleBot } from '../games/ewr/bot';
import { randomBot, type Bot } from '.';

type MakeBot = (seed: string) => Bot;

const KINDS: Record<string, Record<string, MakeBot>> = {
  ssj: { plausible: plausibleBot as MakeBot, random: randomBot },
  ewr: { plausible: ewrPlausibleBot as MakeBot, random: randomBot },
  'eots-subwar': { plausible: eotsPlausibleBot as MakeBot, random: randomBot },
  'fog-duel': { random: randomBot },
};

/** The bot kinds a seat of `game` may be given, the best first (none for a game not listed). */
export function botKinds(game: string): string[] {
  return Object.keys(KINDS[game] ?? {});
}

/** A bot of `kind` for `game`, its choices from its own stream seeded by `seed`; null for a kind the game has not. */
export function makeBot(game: string, kind: string, seed: string): Bot | null {
  const make = Object.hasOwn(KINDS, game) && Object.hasOwn(KINDS[game]!, kind) ? KINDS[game]![kind]! : null;
  return make ? make(seed) : null;
}

/** The name a bot seat plays under: "Computer (plausible bot)". */
export function botName(kind: string): string {
  return `Computer (${kind} bot)`;
}
