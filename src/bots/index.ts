/**
 * Bots: players that see what a player sees — a view and a prompt, never the hidden
 * state — and answer with one of the prompt's actions. Any game module can use them;
 * tests and benchmarks play whole matches with them.
 */
import { Rng, seedState, type Prompt } from '../engine';

export interface BotTurn<A = unknown> {
  side: string;
  view: unknown;
  prompt: Prompt<A>;
}

export interface Bot<A = unknown> {
  name: string;
  choose(turn: BotTurn<A>): A;
}

/** Actions that only take back an earlier step of the same decision: a bot never needs them. */
const TAKE_BACK = new Set(['recall', 'unload']);

const typeOf = (a: unknown) => (a && typeof a === 'object' ? String((a as { type?: unknown }).type) : '');

/** Picks uniformly among the legal choices (leaving aside take-backs), from its own seeded stream. */
export function randomBot(seed: string): Bot {
  const rng = new Rng(seedState(seed, 'bot'));
  return {
    name: 'random',
    choose({ prompt }) {
      const pool = prompt.actions.filter((a) => !TAKE_BACK.has(typeOf(a)));
      const from = pool.length > 0 ? pool : prompt.actions;
      return from[rng.int(0, from.length - 1)];
    },
  };
}

/**
 * The random "person" that plays on (issue #42, against the computer): a random player that
 * does not end the match on a whim, the stand-in for a person who sat down to play.
 * - It plays on: it leaves aside the actions that end the match at once by rule (`ends`, a
 *   game's list of action types, e.g. East Wind Rain's closing of the operations phase) while
 *   it has any other.
 * - It picks an action type uniformly, then one action of that type uniformly: "end the
 *   conclusion" weighs as much as "report a fact", however many facts there are to report
 *   (a uniform pick over actions reports facts by the hundred before it ends a step).
 * Take-backs are left aside as `randomBot` does; its choices come from its own seeded stream.
 */
export function randomPerson(seed: string, ends: readonly string[] = []): Bot {
  const rng = new Rng(seedState(seed, 'bot'));
  const closing = new Set(ends);
  return {
    name: 'random, plays on',
    choose({ prompt }) {
      const keep = prompt.actions.filter((a) => !TAKE_BACK.has(typeOf(a)));
      const on = keep.filter((a) => !closing.has(typeOf(a)));
      const pool = on.length > 0 ? on : keep.length > 0 ? keep : prompt.actions;
      const types = [...new Set(pool.map(typeOf))];
      const type = types[rng.int(0, types.length - 1)];
      const of = pool.filter((a) => typeOf(a) === type);
      return of[rng.int(0, of.length - 1)];
    },
  };
}
