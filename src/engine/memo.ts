/**
 * A game's prompt and view for a state, computed once. A state is never changed once made
 * (the engine gives apply() a copy), so its identity is a safe key: the server asks for
 * the same prompt or view several times per action (the legality check, the undo cut-off,
 * the notices, one body per audience) and pays once.
 */
import type { GameModule, Prompt, Viewer } from './types';

const prompts = new WeakMap<object, Map<string, Prompt | null>>();
const views = new WeakMap<object, Map<string, unknown>>();

export function promptOf<S>(game: GameModule<S>, state: S, side: string): Prompt | null {
  const key = state as unknown as object;
  let m = prompts.get(key);
  if (!m) prompts.set(key, (m = new Map()));
  if (!m.has(side)) m.set(side, game.prompt(state, side));
  return m.get(side)!;
}

export function viewOf<S>(game: GameModule<S>, state: S, viewer: Viewer): unknown {
  const key = state as unknown as object;
  let m = views.get(key);
  if (!m) views.set(key, (m = new Map()));
  if (!m.has(viewer)) m.set(viewer, game.view(state, viewer));
  return m.get(viewer);
}
