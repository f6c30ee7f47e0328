/**
 * How a game module names its secrets for the fog harness (see docs/fog.md): the
 * permutations of hidden things a viewer cannot tell apart. A die roll's audience is
 * declared where it is rolled (`Rng.roll(sides, why, to)`); a log entry's by its `to`.
 */
import type { Viewer } from './types';

/**
 * A change of the state that `viewer` must not be able to notice: two face-down pieces
 * swapped, the contents of an unseen task force reshuffled, a sealed choice replaced by
 * another one. `apply` gets a copy of the state it may change and returns the new state;
 * the result must differ from the original (a permutation that changes nothing proves
 * nothing, and the harness reports it).
 */
export interface Lookalike<S> {
  /** What it swaps, in words, for reports ("face-down Japanese ships a3kd and q8wx"). */
  what: string;
  apply(state: S): S;
  /**
   * True once the rules let the viewer tell the two worlds apart (its own TF has come next
   * to the enemy's, say): checked, from the rules and not from the game's view, in both
   * worlds after each later step; the comparison stops there.
   */
  revealedIn?(state: S): boolean;
}

/**
 * The look-alikes of `state` for `viewer`. `pick(n)` is a seeded choice in [0, n) for games
 * that sample a few of many; the harness decides how many it tries.
 */
export type Lookalikes<S> = (state: S, viewer: Viewer, pick: (n: number) => number) => Lookalike<S>[];
