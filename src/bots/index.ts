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
