/**
 * The game contract: what every rule set implements. Pure: no I/O, no clock, no
 * Math.random. Randomness comes from the Rngs in the context, whose states the engine
 * keeps in the match state (see match-state.ts).
 */
import type { ZodType } from 'zod';
import type { Rng } from './rng';

/** A side of the game, 'spectator' (the public view) or 'referee' (everything). */
export type Viewer = string;
export const SPECTATOR = 'spectator';
export const REFEREE = 'referee';

/** Who may read a log entry or see a die: everyone, or the listed sides only (the referee reads all). Defined beside the dice, which need it and nothing else of this module. */
import type { Visibility } from './rng';
export type { Visibility };

export interface LogEntry {
  to: Visibility;
  /** The text every reader of the entry reads, unless `texts` gives that reader its own. */
  text: string;
  /**
   * The text as a listed viewer reads it instead of `text`: a line that names each reader's
   * own pieces, and the other side's it has seen face up, where `text` (what every reader may
   * know) keeps a face-down piece's tag. Each viewer is sent its own text only (`readLog`).
   */
  texts?: Readonly<Record<Viewer, string>>;
  /** Structured detail for clients (ids only of pieces this entry's readers may identify). */
  data?: Record<string, unknown>;
}

/** A log entry as stored and sent: stamped with the seq of the action that made it (0 = set-up). */
export interface StampedLogEntry extends LogEntry {
  seq: number;
}

export interface Prompt<A = unknown> {
  text: string;
  /** Complete actions the side may send back as they are. */
  actions: A[];
  /** A machine-readable name of the decision, for clients that draw it their own way. */
  kind?: string;
}

export interface Result {
  /** The winning side, or null for a draw. */
  winner: string | null;
  text: string;
  score?: Record<string, number>;
}

export interface ApplyContext {
  /** Dice: every roll a rule makes. */
  dice: Rng;
  /** A separate stream for opaque ids, so naming a hidden piece never shifts the dice. */
  tags: Rng;
}

export interface Applied<S> {
  state: S;
  log: LogEntry[];
  /**
   * True when the action taught a side something new (a die was rolled, a piece was
   * revealed, the decision passed to the other side): no undo reaches back past it.
   */
  reveals?: boolean;
  /**
   * A private step of a sealed decision (placing one ship behind the screen): its
   * existence is known to its actor only. It must change nothing any other viewer sees;
   * it neither shows in nor counts toward another viewer's seq, so the number of steps
   * behind the screen stays as hidden as the steps themselves.
   */
  private?: boolean;
  /**
   * A step every side knows of, but not in common: one side sees it without the actor knowing
   * that it does (TFZ watching TFA move two hexes away, which TFA cannot see). Spectators see
   * what all sides know, so they neither see nor count it; its public entries go to the sides
   * only. It must change nothing a spectator sees (docs/fog.md, "The spectator").
   */
  unshared?: boolean;
}

export interface GameInfo {
  id: string;
  name: string;
  sides: readonly string[];
  /** JSON Schema of the options accepted at creation. */
  optionsSchema: unknown;
}

export interface GameModule<S = any, A = any, O = any> {
  id: string;
  name: string;
  sides: readonly string[];
  /** What a client may send (zod; anything else is refused with 400 before the rules run). */
  action: ZodType<A>;
  options: ZodType<O>;
  setup(options: O, ctx: ApplyContext): Applied<S>;
  /** What `side` must decide now, with its legal choices; null when nothing. */
  prompt(state: S, side: string): Prompt<A> | null;
  /**
   * A copy of a state for `apply` to change, faster than structuredClone for the game's own
   * shape (optional; structuredClone without it). Whatever the copy shares with its original
   * must never be changed in place: SSJ's shares its units, frozen, and copies one on its first
   * change (`own`, src/games/ssj/units.ts), so a write that misses it throws.
   */
  clone?(state: S): S;
  /**
   * The state as the rules hold it, from one read back from JSON (a snapshot, an archive):
   * optional, for a game whose state holds more than plain JSON (a class with a `toJSON`).
   * The engine calls it on each state a timeline starts from (`Timeline`, so `fold` and every
   * load); a state already in that shape comes back as it is.
   */
  revive?(state: S): S;
  /** Applies a legal action (throws RuleError otherwise). May mutate `state`: the engine passes a copy. */
  apply(state: S, side: string, action: A, ctx: ApplyContext): Applied<S>;
  /** Everything `viewer` may see, and nothing else. */
  view(state: S, viewer: Viewer): unknown;
  result(state: S): Result | null;
  /** The game's public data (counters, tables, map), which every player may know. */
  publicData(): unknown;
  /** Where a match stands, in words for people (the state body's `stage`; see labels.ts). */
  labels?: GameLabels;
}

/**
 * A game's words for where a match stands, read from a view only — so they can tell a
 * viewer nothing its own view does not.
 */
export interface GameLabels<V = any> {
  /** Every phase (or chart step) id the game's views name, with its name for people. */
  phases: Readonly<Record<string, string>>;
  /** Each side's name for people ("Allied"). */
  sides: Readonly<Record<string, string>>;
  /** The phase a view stands at, and the sides whose decision the match waits for there. */
  stage(view: V): { phase: string; waitingFor: readonly string[] };
}
