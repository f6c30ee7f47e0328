/**
 * socket.io's events, both ways (src/server/sockets.ts). A socket connects with
 * `auth: { token, since? }`; every event in is answered by its acknowledgement, to its
 * sender only (or, without one, by a `failure` event). With `pushInAck`, an acknowledged
 * action, undo or resignation carries the sender's own push (`Moved`), which no event then repeats.
 */
import type { Action, ErrorBody, LogEntry } from './common';
import type { Channel, ChatMessage } from './chat';
import type { Clock, StateBody } from './state';

export interface Handshake {
  token: string;
  /** The last seq this client holds: the first `state` carries the log after it. */
  since?: number;
  /** Connecting with a seat's link takes the seat: its dice commitment and value (docs/fairness.md), as a claim carries them. */
  commitment?: string;
  value?: string;
  /**
   * Take pushes as patches (issue #13): a `sync` (a full body at a version) on connecting,
   * then a `patch` against the version held after each change; without it, `state` as before.
   */
  patches?: boolean;
  /**
   * The acknowledgement of this socket's accepted action, undo or resignation carries the push
   * that change makes for it (`Moved`), and no event repeats it to this socket (issue #13: one
   * message, not an acknowledgement and a push). Without it, the acknowledgement is `{ seq }`
   * and the push comes as an event, as to every other socket.
   */
  pushInAck?: boolean;
}

/** A full state body at its version `v` (`<epoch>.<n>`) in its audience's chain of patches. */
export interface VersionedState {
  v: string;
  body: StateBody;
}

/** One RFC 6902 operation (fast-json-patch's `compare` makes add, remove and replace). */
export interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/**
 * The next body as a patch of the body at version `base`: `ops` apply to it without its
 * `log`, `logFrom` and `clock`, which come whole (the log entries after `logFrom`, as in
 * every body). A client that holds another version than `base` asks for a full body (`resync`).
 */
export interface StatePatch {
  base: string;
  v: string;
  ops: JsonPatchOp[];
  log: LogEntry[];
  logFrom: number;
  clock?: Clock;
}

/** `retryable`: the refusal changed nothing and the same request may be sent again shortly (503 `db-unavailable`). */
export type Refusal = { ok: false; error: ErrorBody; state?: StateBody; retryable?: boolean };
export type Ack<T extends object = object> = ({ ok: true } & T) | Refusal;

/** What a client sends (the HTTP routes take the same bodies). */
export interface ActionMessage {
  /** The seq the client holds: an action sent on an older one is refused (stale). */
  seq: number;
  action: Action;
}
export interface UndoMessage {
  seq: number;
}
export interface ChatIn {
  text: string;
  channel?: Channel;
  name?: string;
}
export interface ChatHistoryIn {
  channel?: Channel;
  after?: number;
}

/**
 * The acknowledgement of an accepted action, undo or resignation: the new seq and, for a socket
 * that asked for it (`pushInAck`), the push its change makes for it, exactly one of: `state` (a socket taking whole bodies), `sync` or `patch` (a socket
 * taking patches), as the event of that name would have brought it. The other sockets of the seat
 * get the push as an event. It is absent when the change pushed nothing to the sender's audience.
 */
export interface Moved {
  seq: number;
  state?: StateBody;
  sync?: VersionedState;
  patch?: StatePatch;
}

export interface ClientToServerEvents {
  action(m: ActionMessage, ack: (r: Ack<Moved>) => void): void;
  undo(m: UndoMessage, ack: (r: Ack<Moved>) => void): void;
  resign(m: Record<string, never> | undefined, ack: (r: Ack<Moved>) => void): void;
  chat(m: ChatIn, ack: (r: Ack<{ message: ChatMessage }>) => void): void;
  'chat:history'(m: ChatHistoryIn | undefined, ack: (r: Ack<{ messages: ChatMessage[] }>) => void): void;
  /** A socket taking patches that lost its place in the chain: the full body at the current version, with the log after `since`. */
  resync(m: { since?: number } | undefined, ack: (r: Ack<VersionedState>) => void): void;
}

export interface ServerToClientEvents {
  /** The state as this socket's viewer may see it: on connecting, and after every change it may know of. */
  state(body: StateBody): void;
  /** To a socket taking patches: a full body at its version (on connecting, or the first push of a chain). */
  sync(s: VersionedState): void;
  /** To a socket taking patches: the change, against the version it names. */
  patch(p: StatePatch): void;
  chat(message: ChatMessage): void;
  /** A player asked for a rematch: its id (each player asks for their own link). */
  rematch(r: { id: string; by: string; swapped: boolean }): void;
  /** Sides whose move deadline has passed, or whose time bank ran out (flagged). */
  overdue(o: { sides: string[] }): void;
  /** How many spectator sockets are connected to the match (on connecting, and whenever it changes). */
  watchers(w: { count: number }): void;
  /** The answer to an event sent without an acknowledgement, or a failure at connection. */
  failure(r: Refusal): void;
  /** The server is shutting down: the connection closes, and the client reconnects by itself. */
  restarting(r: { message: string }): void;
}
