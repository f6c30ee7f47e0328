/** Plays a whole match between bots through the engine (no server, no database). */
import { createMatchState, step, type GameModule, type MatchState, type RecordedAction, type Step } from '../engine';
import type { Prompt } from '../engine';
import type { Bot, BotTurn } from '.';

export interface PlayedMatch<S> {
  state: MatchState<S>;
  actions: RecordedAction[];
}

export interface PlayOptions<S> {
  /** The match options (a scenario); the game's defaults when left out. */
  options?: unknown;
  maxActions?: number;
  /** Called after every accepted action with the state before it and the step. */
  onStep?: (before: MatchState<S>, side: string, action: unknown, out: Step<S>) => void;
}

export function playMatch<S>(game: GameModule<S>, seed: string, bots: Record<string, Bot>, opts: PlayOptions<S> = {}): PlayedMatch<S> {
  let state = createMatchState(game, opts.options ?? {}, seed).state;
  const actions: RecordedAction[] = [];
  const max = opts.maxActions ?? 100_000;
  while (!game.result(state.game)) {
    if (actions.length >= max) throw new Error(`no result after ${max} actions`);
    // Each side's prompt is worked out once, and its view only if its bot reads it (a random bot never does).
    const next = decider(game, state.game);
    if (!next) throw new Error('no side has a decision and there is no result');
    const { side, prompt } = next;
    const action = bots[side]!.choose(lazyTurn(game, state.game, side, prompt));
    const out = step(game, state, side, action, prompt);
    opts.onStep?.(state, side, action, out);
    actions.push({ side, action });
    state = out.state;
  }
  return { state, actions };
}

/** The first side with a decision, and its prompt (each side's prompt worked out once). */
function decider<S>(game: GameModule<S>, g: S): { side: string; prompt: Prompt } | null {
  for (const side of game.sides) {
    const prompt = game.prompt(g, side);
    if (prompt) return { side, prompt };
  }
  return null;
}

/** A bot's turn whose view is worked out when the bot first reads it (a random bot never does). */
function lazyTurn<S>(game: GameModule<S>, g: S, side: string, prompt: Prompt): BotTurn {
  let view: unknown;
  let seen = false;
  return {
    side,
    prompt,
    get view() {
      if (!seen) {
        view = game.view(g, side);
        seen = true;
      }
      return view;
    },
  };
}
