/**
 * socket.io on the same port: a socket authenticates with `auth: { token }` at the
 * handshake (a bad token is refused there), joins its match's room for its side (or the
 * spectators'), gets `state` on connect and after every accepted action, and may emit
 * `action` `{ seq, action }` with an acknowledgement `{ ok: true, seq }` / `{ ok: false, error }`.
 */
import type { Server, Socket } from 'socket.io';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ApiError } from '../matches/errors';
import type { MatchService } from '../matches/service';

const Handshake = z.object({ token: z.string().min(1).max(200), since: z.number().int().min(-1).optional() });
const ActionMessage = z.strictObject({ seq: z.number().int().nonnegative(), action: z.unknown() });

export const room = (matchId: string, audience: string) => `${matchId}:${audience}`;

interface SocketData {
  matchId: string;
  side: string;
}

export function attachSockets(io: Server, service: MatchService, logger: Logger): void {
  io.use(async (socket, next) => {
    const hs = Handshake.safeParse(socket.handshake.auth);
    if (!hs.success) return next(new Error('unauthorized: send auth { token }'));
    try {
      const seat = await service.seatOf(hs.data.token);
      if (!seat) return next(new Error('unauthorized: this token opens no match'));
      (socket.data as SocketData) = { matchId: seat.matchId, side: seat.side };
      next();
    } catch (e) {
      logger.error({ err: e }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  service.onPublish((matchId, audience, body) => {
    io.to(room(matchId, audience)).emit('state', body);
  });

  io.on('connection', (socket: Socket) => {
    const { matchId, side } = socket.data as SocketData;
    const log = logger.child({ matchId, side });
    // Listeners first, synchronously: a message sent right after connecting must find them.
    socket.on('action', async (msg: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : (r: unknown) => socket.emit('failure', r);
      const parsed = ActionMessage.safeParse(msg);
      if (!parsed.success) {
        return reply({ ok: false, error: { code: 'invalid-request', message: 'Send { seq, action }.' } });
      }
      try {
        const body = await service.submit(matchId, side, parsed.data.seq, parsed.data.action);
        reply({ ok: true, seq: body.seq });
      } catch (e) {
        reply({ ok: false, ...errorBody(e, log) });
      }
    });
    void (async () => {
      await socket.join(room(matchId, side));
      if (socket.recovered) return;
      const since = Handshake.safeParse(socket.handshake.auth).data?.since ?? -1;
      try {
        socket.emit('state', await service.state(matchId, side, since));
      } catch (e) {
        socket.emit('failure', { ok: false, ...errorBody(e, log) });
      }
    })();
  });
}

function errorBody(e: unknown, log: Logger): { error: { code: string; message: string }; state?: unknown } {
  if (e instanceof ApiError) {
    return { error: { code: e.code, message: e.message }, ...(e.detail !== undefined ? { state: e.detail } : {}) };
  }
  log.error({ err: e }, 'socket handler failed');
  return { error: { code: 'internal', message: 'Internal error.' } };
}
