/**
 * The live link to one match: socket.io with the seat token in the handshake. The server
 * sends `state` on (re)connect and after every accepted action; socket.io reconnects by
 * itself, and the fresh `state` that follows replaces what the page held.
 */
import { io, type Socket } from 'socket.io-client';
import type { Action, ErrorBody, LogEntry, StateBody } from './types';

export type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface Ack {
  ok: boolean;
  seq?: number;
  error?: ErrorBody;
  state?: StateBody;
}

export interface MatchLink {
  /** Sends an action; resolves with the server's acknowledgement. */
  send(seq: number, action: Action): Promise<Ack>;
  connected(): boolean;
  close(): void;
}

export function connectMatch(
  token: string,
  on: { state(body: StateBody): void; status(s: LinkStatus, detail?: string): void },
): MatchLink {
  const socket: Socket = io({ auth: { token }, reconnectionDelayMax: 10_000 });
  on.status('connecting');
  socket.on('connect', () => on.status('live'));
  socket.on('disconnect', (reason) => {
    // A disconnect the server asked for is final; any other is retried by socket.io.
    if (reason === 'io server disconnect') on.status('refused', 'The server closed the connection.');
    else on.status('reconnecting');
  });
  socket.on('connect_error', (err: Error) => {
    if (/unauthorized/.test(err.message)) on.status('refused', 'This link is not valid for any match.');
    else on.status('reconnecting');
  });
  socket.on('state', (body: StateBody) => on.state(body));
  socket.on('failure', (r: { error?: ErrorBody }) => on.status(socket.connected ? 'live' : 'reconnecting', r?.error?.message));
  return {
    send(seq, action) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, error: { code: 'timeout', message: 'The server did not answer in time. Try again.' } }), 15_000);
        socket.emit('action', { seq, action }, (ack: Ack) => {
          clearTimeout(timer);
          resolve(ack);
        });
      });
    },
    connected: () => socket.connected,
    close: () => {
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
