/**
 * What a game gives the web client (src/web/games/<game>/index.tsx): its board, its
 * decision panel, how it reads its view and its public data, and its dice. The pages
 * (match, admin replay) know no game by name: they load the game's module by the body's
 * `game` and draw what it gives.
 */
import type { ComponentType } from 'preact';
import type { Action, LogEntry, Prompt, Stage } from '../../protocol';

/** What a log line names, for the board to highlight while the line is hovered or focused. */
export interface Highlight {
  /** Pieces, by id or face-down tag. */
  ships: readonly string[];
  group?: string;
  /** Hexes, by the game's own hex key. */
  hexes?: readonly string[];
}

/** What a game's board and decision panel are drawn from. */
export interface Shown<V, D, P> {
  view: V;
  /** The game's public data (GET /api/games/:game → data), as the game read it. */
  data: D;
  /** Who looks: a side, 'spectator', or (admin replays) 'referee'. */
  you: string;
  /** Where the match stands, in the game's words (the state body's stage). */
  stage: Stage | null;
  /** The prompt's actions as the game laid them out for the board and the panel. */
  plan: P;
  /** The board key (a piece, a hex) the player picked, or null. */
  selected: string | null;
  select(key: string | null): void;
  /** Sends one of the prompt's actions. */
  send(action: Action): void;
  /** Sends several of the prompt's actions, one after the other, as one decision of the player's (it stops at the first refused). */
  sendAll?(actions: readonly Action[]): void;
  /**
   * Sends `first`, then, while `next` finds one in the prompt the server gives after each step, the next
   * action (a stack moved together: each piece's step read from the prompt the step before left).
   */
  sendChain?(first: Action, next: (prompt: Prompt | null, view: unknown) => Action | null): void;
  busy: boolean;
  /** Takes back the player's last decision, where the server allows it now (the body's `canUndo`); absent otherwise. */
  undo?: (() => void) | undefined;
}

export interface BoardProps<V, D, P> extends Shown<V, D, P> {
  highlight?: Highlight | null | undefined;
  zoom: number;
  /** The log this viewer has been given (its own entries: the public ones and those addressed to it), oldest first. */
  log?: readonly LogEntry[] | undefined;
}

export interface DecisionProps<V, D, P> extends Shown<V, D, P> {
  prompt: Prompt;
}

export interface WebGame<V = any, D = any, P = any> {
  /** Whether a state body's view is this game's (the wire carries it as unknown). */
  isView(view: unknown): view is V;
  /**
   * The parts of the game's public data the client draws from (GET /api/games/:game?only=…),
   * none for a game that draws from its views alone. Only these reach the page: a player's
   * page never holds a counter sheet it has no use for.
   */
  dataKeys: readonly string[];
  /** Reads those parts; throws if they are not what the client needs. */
  readData(raw: unknown): D;
  /** The die a log line's roll was made with, when the line does not say. */
  dice: number;
  /** What a log line names on the board. */
  refs(entry: LogEntry): Highlight | null;
  /** Lays the prompt's actions (none: a replay, or not your move) out for the board and the panel. Pure. */
  plan(view: V, data: D, you: string, prompt: Prompt | null): P;
  /** Whether a board key may stay selected under a new plan. */
  selectable(plan: P, key: string): boolean;
  Board: ComponentType<BoardProps<V, D, P>>;
  Decision: ComponentType<DecisionProps<V, D, P>>;
  /** Anything else a player follows, under the log (SSJ: the victory points). */
  Aside?: ComponentType<{ view: V; data: D }>;
}
