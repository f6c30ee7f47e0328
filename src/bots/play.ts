/** Plays a whole match between bots through the engine (no server, no database). */
import { createMatchState, step, type GameModule, type MatchState, type RecordedAction, type Step } from '../engine';
import type { Bot } from '.';

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
    const side = game.sides.find((s) => game.prompt(state.game, s));
    if (!side) throw new Error('no side has a decision and there is no result');
    const prompt = game.prompt(state.game, side)!;
    const action = bots[side]!.choose({ side, view: game.view(state.game, side), prompt });
    const out = step(game, state, side, action, prompt);
    opts.onStep?.(state, side, action, out);
    actions.push({ side, action });
    state = out.state;
  }
  return { state, actions };
}
