/**
 * How a game module names its secrets for the fog harness (see docs/fog.md): the
 * permutations of hidden things a viewer cannot tell apart. A die roll's audience is
 * declared where it is rolled (`Rng.roll(sides, why, to)`); a log entry's by its `to`.
 */
import type { StampedLogEntry, Viewer } from './types';

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

/**
 * A fact the rules tell a viewer about what it could not see for itself — an enemy task
 * force's hex once it is within sight, a piece's face once it is turned up — with the rule
 * that tells it. A game declares them as data (`src/games/<id>/reveals.ts`), read from the
 * rule text, not from its view: the fog harness lets a viewer's bytes in two worlds differ
 * only once the facts it has been told differ, and reports facts that differ while the
 * viewer's bytes do not (a reveal that explains nothing: the declaration is wrong).
 */
export interface Reveal {
  /** The rule that tells it ("EWR V.A: TFZ watches TFA from two hexes"). */
  rule: string;
  /** What is told ("TFA's hex"), one fact per thing. */
  what: string;
  value: unknown;
  /**
   * Where the rules put the fact before the viewer: paths in the state body it reads (`view.tfs.tfa.hex`,
   * `view.sides.japanese.groups`, `deadline`; `*` for any key or index). Once the fact differs between two worlds, the
   * harness lets the viewer's body differ there (and in the log entries it reads then, which announce it) and compares
   * everything else; a difference left is reported. Without it, a differing fact explains nothing but the log.
   */
  shows?: readonly string[];
}

/**
 * What the rules tell `viewer` in `state` of what it could not see for itself, as things
 * stand; `read`: the log entries the viewer has just read (their structured `data`, never
 * their text, may carry a fact the rules announce at one moment: a public roll with its
 * modifiers).
 */
export type Reveals<S> = (state: S, viewer: Viewer, read?: readonly StampedLogEntry[]) => readonly Reveal[];
