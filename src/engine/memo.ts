/**
 * A game's prompt and view for a state, computed once. A state is never changed once made
 * (the engine gives apply() a copy), so its identity is a safe key: the server asks for
 * the same prompt or view several times per action (the legality check, the undo cut-off,
 * the notices, one body per audience) and pays once.
 *
 * The memo hangs off the state itself, under a symbol, not enumerable (so neither JSON, a
 * spread copy, `structuredClone` nor a test's `toEqual` sees it): it lives exactly as long as its
 * state. It was a `WeakMap` keyed by the state, whose values V8's young-generation collector
 * keeps alive through a collection while the map itself is old: every state's prompts and views
 * were promoted to the old generation, then died there (20 SSJ bot campaigns replayed three times,
 * the engine alone: 2.1 MB of each 15 MB collection promoted with the `WeakMap`, 0.34 MB with the memo
 * on the state; 258 → 51 MB in all, 6 → 2 full collections). A state that cannot take the property
 * (frozen, not extensible) falls back to the `WeakMap`.
 */
import type { GameModule, Prompt, Viewer } from './types';

interface Memo {
  prompts: Map<string, Prompt | null>;
  views: Map<string, unknown>;
}
const MEMO = Symbol('memo');
const fallback = new WeakMap<object, Memo>();

function memoOf(state: object): Memo {
  const own = (state as { [MEMO]?: Memo })[MEMO];
  if (own) return own;
  let m = fallback.get(state);
  if (m) return m;
  m = { prompts: new Map(), views: new Map() };
  if (Object.isExtensible(state)) Object.defineProperty(state, MEMO, { value: m, enumerable: false, writable: false, configurable: false });
  else fallback.set(state, m);
  return m;
}

export function promptOf<S>(game: GameModule<S>, state: S, side: string): Prompt | null {
  const m = memoOf(state as unknown as object).prompts;
  if (!m.has(side)) m.set(side, game.prompt(state, side));
  return m.get(side)!;
}

export function viewOf<S>(game: GameModule<S>, state: S, viewer: Viewer): unknown {
  const m = memoOf(state as unknown as object).views;
  if (!m.has(viewer)) m.set(viewer, game.view(state, viewer));
  return m.get(viewer);
}
