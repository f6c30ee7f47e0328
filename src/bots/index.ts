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
 * does not end the match, or its part in it, on a whim — the stand-in for a person who sat
 * down to play and tries things.
 * - It plays on: `ends` lists a game's actions that stop short (end the match, a turn or an
 *   initiative, decline a fight), each as its type ("end-operations") or its type and choice
 *   ("decide/decline"), from the one that stops most to the one that stops least. It leaves
 *   them all aside while it has any other action; with only those left it takes the one that
 *   stops least (ends an initiative rather than withdraw from it).
 * - It picks an action kind uniformly, then one action of that kind uniformly: "end the
 *   conclusion" weighs as much as "report a fact", however many facts there are to report
 *   (a uniform pick over actions reports facts by the hundred before it ends a step).
 * Take-backs are left aside as `randomBot` does; its choices come from its own seeded stream.
 */
export function randomPerson(seed: string, ends: readonly string[] = []): Bot {
  const rng = new Rng(seedState(seed, 'bot'));
  const rank = (a: unknown) => {
    const choice = (a as { choice?: unknown }).choice;
    const i = typeof choice === 'string' ? ends.indexOf(`${typeOf(a)}/${choice}`) : -1;
    return i >= 0 ? i : ends.indexOf(typeOf(a));
  };
  return {
    name: 'random, plays on',
    choose({ prompt }) {
      const keep = prompt.actions.filter((a) => !TAKE_BACK.has(typeOf(a)));
      const from = keep.length > 0 ? keep : prompt.actions;
      const on = from.filter((a) => rank(a) < 0);
      const least = Math.max(...from.map(rank));
      const pool = on.length > 0 ? on : from.filter((a) => rank(a) === least);
      const types = [...new Set(pool.map(typeOf))];
      const type = types[rng.int(0, types.length - 1)];
      const of = pool.filter((a) => typeOf(a) === type);
      return of[rng.int(0, of.length - 1)];
    },
  };
}
