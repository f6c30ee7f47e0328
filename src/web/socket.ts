/**
 * The live link to one match: socket.io with the seat token in the handshake. The server
 * sends `state` on (re)connect and after every accepted action; socket.io reconnects by
 * itself after a dropped connection, and the fresh `state` that follows replaces what the
 * page held. A handshake the server refuses for a passing reason (too many connections, the
 * database briefly away) is not retried by socket.io: it is retried here, with back-off.
 *
 * Pushes come as patches (issue #13, patches.ts): a `sync` (a full body at a version) on
 * connecting, then a `patch` against the version held after each change. The link makes
 * each pushed body whole again before the page sees it; a patch it cannot apply (a missed
 * push, another server process's chain) makes it ask `resync` for a full body, and if that
 * fails too, the page fetches the state over HTTP (`on.stale`). The push an action of this
 * socket makes comes in the action's acknowledgement (`Moved`) and is taken in the same way; an
 * acknowledgement lost with the connection is not replayed, so a link that reconnects with an
 * action unanswered asks for a full body.
 */
import { io, type Socket } from 'socket.io-client';
import type { Ack, Action, ClientToServerEvents, LogEntry, Moved, ServerToClientEvents, StateBody, StatePatch, VersionedState } from '../protocol';
import { applyStatePatch } from './patches';

export type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

/** The answer to an action: the new seq (and the push it made for this socket, taken in here), or the refusal (with the state as the sender may see it now). */
export type ActionAck = Ack<Moved>;

export interface MatchLink {
  /** Sends an action; resolves with the server's acknowledgement. */
  send(seq: number, action: Action): Promise<ActionAck>;
  /** Takes back this seat's last decision. */
  undo(seq: number): Promise<ActionAck>;
  connected(): boolean;
  close(): void;
}

/** The wait before the `attempt`-th retry of a refused handshake: doubling from half a second to 15 s, ±20 %. */
export function retryDelay(attempt: number, jitter: number = Math.random()): number {
  return Math.round(Math.min(15_000, 500 * 2 ** attempt) * (0.8 + 0.4 * jitter));
}

export function connectMatch(
  token: string,
  on: {
    state(body: StateBody): void;
    status(s: LinkStatus, detail?: string): void;
    watchers?(count: number): void;
    /** A patch did not apply and no full body came over the socket: fetch the state over HTTP. */
    stale?(): void;
  },
  /** The server (default: the page's own). */
  url?: string,
  /** This seat's dice commitment, when connecting takes the seat (src/web/fairness.ts); the value is revealed later. */
  commit?: { commitment: string },
): MatchLink {
  const options = { auth: { token, patches: true, pushInAck: true, ...(commit ? { commitment: commit.commitment } : {}) }, reconnectionDelayMax: 10_000 };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = url ? io(url, options) : io(options);
  let refusals = 0;
  // The chain of patches: the full body held and its version; patches that come while a resync is asked are kept for after it.
  let held: VersionedState | null = null;
  let waiting: StatePatch[] | null = null;
  // A new session (not one socket.io recovered) gets a `sync` first: patches before it are older.
  let fresh = true;
  // Each resync asked; only the answer to the last one, with no `sync` since, is taken.
  let asked = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  on.status('connecting');
  // Actions sent and not yet answered; `lost`: one was unanswered when the connection dropped (its push went with it).
  let unanswered = 0;
  let lost = false;
  socket.on('connect', () => {
    refusals = 0;
    if (!socket.recovered) fresh = true;
    else if (lost) queueMicrotask(() => resync());
    lost = false;
    // The commitment goes with the first connection only: a reconnection must not bring back one the server voided.
    socket.auth = { token, patches: true, pushInAck: true };
    on.status('live');
  });
  socket.on('restarting', () => on.status('reconnecting', 'The server is restarting.'));
  socket.on('disconnect', (reason) => {
    if (unanswered > 0) lost = true;
    // A disconnect the server asked for is final; any other is retried by socket.io.
    if (reason === 'io server disconnect') on.status('refused', 'The server closed the connection.');
    else on.status('reconnecting');
  });
  socket.on('connect_error', (err: Error) => {
    if (/unauthorized/.test(err.message)) return on.status('refused', 'This link is not valid for any match.');
    on.status('reconnecting');
    // Refused by the server (not a lost connection): socket.io leaves it there; try again later.
    if (!socket.active) {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), retryDelay(refusals++));
    }
  });
  socket.on('state', (body) => on.state(body));
  const take = (s: VersionedState) => {
    held = s;
    on.state(s.body);
  };
  const resync = () => {
    waiting = [];
    const mine = ++asked;
    socket.emit('resync', { since: held?.body.seq ?? -1 }, (ack) => {
      if (mine !== asked) return;
      const kept = waiting ?? [];
      waiting = null;
      if (!ack.ok) return on.stale?.();
      take({ v: ack.v, body: ack.body });
      for (const p of kept) {
        const next = applyStatePatch(held, p);
        if (next) take(next);
      }
    });
  };
  const onSync = (s: VersionedState) => {
    fresh = false;
    waiting = null;
    asked++;
    take(s);
  };
  const onPatch = (p: StatePatch) => {
    if (fresh) return;
    if (waiting) return void waiting.push(p);
    const next = applyStatePatch(held, p);
    if (next) take(next);
    else resync();
  };
  socket.on('sync', onSync);
  socket.on('patch', onPatch);
  socket.on('watchers', (w) => on.watchers?.(w.count));
  socket.on('failure', (r) => {
    on.status(socket.connected ? 'live' : 'reconnecting', r?.error?.message);
    // The first body failed (the server could not make it): ask again.
    if (fresh && socket.connected && !waiting) {
      fresh = false;
      resync();
    }
  });
  /** One acknowledged request (an action or an undo): the push comes in its answer; no answer in 15 s is a timeout. */
  const ask = (emit: (answer: (ack: ActionAck) => void) => void): Promise<ActionAck> =>
    new Promise((resolve) => {
      unanswered++;
      let done = false;
      const settle = (ack: ActionAck) => {
        if (done) return;
        done = true;
        unanswered--;
        clearTimeout(timer);
        resolve(ack);
      };
      const timer = setTimeout(() => settle({ ok: false, error: { code: 'timeout', message: 'The server did not answer in time. Try again.' } }), 15_000);
      emit((ack) => {
        // This socket's push comes in the answer, before the page hears of it.
        if (ack.ok && ack.sync) onSync(ack.sync);
        else if (ack.ok && ack.patch) onPatch(ack.patch);
        else if (ack.ok && ack.state) on.state(ack.state);
        settle(ack);
      });
    });

  return {
    send: (seq, action) => ask((answer) => socket.emit('action', { seq, action }, answer)),
    undo: (seq) => ask((answer) => socket.emit('undo', { seq }, answer)),
    connected: () => socket.connected,
    close: () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

/**
 * Folds a new state body into the one held: a body with `logFrom` -1 (or whose log holds
 * entries at or before `logFrom`) carries the whole log and replaces the held one;
 * otherwise its entries follow those the page already has up to `logFrom`. Older bodies
 * than the held one are ignored.
 */
export function mergeState(held: StateBody | null, body: StateBody): StateBody {
  if (!held || held.id !== body.id) return body;
  if (body.seq < held.seq && body.status === held.status) return held;
  const whole = body.logFrom < 0 || body.log.some((e) => e.seq <= body.logFrom);
  const log: LogEntry[] = whole ? body.log : [...held.log.filter((e) => e.seq <= body.logFrom), ...body.log];
  return { ...body, log };
}
