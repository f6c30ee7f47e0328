/**
 * socket.io on the same port: a socket authenticates with `auth: { token, since? }` at the
 * handshake (a bad token is refused there), joins its match's room for its side (or the
 * spectators'), gets `state` on connect (the log after `since`) and after every change it
 * may know of. A socket that reconnects within two minutes on this process is recovered by
 * socket.io (the missed pushes are replayed) while its last push is among those kept
 * (session-adapter.ts: the last 2,048 at most); otherwise `since` gives it every log entry
 * it missed. Every socket of a seat is in the seat's room, so all of them stay in sync.
 *
 * A socket that connects with `auth.patches: true` (the web client) gets pushes as deltas
 * (issue #13, src/matches/push-patch.ts): `sync` { v, body } on connect — the full body at
 * its audience's version —, then `patch` { base, v, ops, log, logFrom, clock? } after each
 * change, made once per audience for every such socket (the room `<match>:<audience>:patch`; the
 * other sockets are in `<match>:<audience>:full`, and no whole body is encoded for an audience with none);
 * a client holding another version than `base` asks `resync` { since? } and gets { v, body }.
 *
 * Events in, each with an acknowledgement `{ ok: true, … }` / `{ ok: false, error }` (or a
 * `failure` event without one): `action` { seq, action }, `undo` { seq }, `resign`,
 * `chat` { text, channel?, name? }, `chat:history` { channel?, after? }, `resync` { since? }.
 * A socket that connects with `auth.pushInAck: true` (the web client) gets the push its own accepted
 * `action`, `undo` or `resign` makes in that event's acknowledgement (`state`, `sync` or `patch`;
 * `Moved` in src/protocol/socket.ts), which no event repeats to it: one message where there were two.
 * Events out: `state` (or `sync` and `patch`), `chat`, `rematch` { id }, `overdue` { sides }, `failure`.
 * Every event in counts against the rate limits per token and per address.
 */
import type { Server, Socket } from 'socket.io';
import type { Logger } from 'pino';
import { z, type ZodType } from 'zod';
import { hashToken, zodMessage, type MatchService } from '../matches/service';
import type { Mover } from '../matches/pushes';
import type { Lobby } from '../matches/lobby';
import type { Chat } from '../matches/chat';
import type { RateLimits } from './limits';
import type { Metrics } from './metrics';
import { errorReply, INTERNAL, unstorableError, unstorableText, type ErrorBody } from './errors';
import { Watchers } from './watchers';
import { pushedBytes } from './push-encoder';
import { ActionMessage, ChatHistoryMessage, ChatMessageIn, Handshake, ResignMessage, UndoMessage } from './schemas';
import type { Owners } from './owners';
import { callMatch, type CallDeps } from './owner-calls';
import { OrderedPostgresAdapter } from './socket-adapter';

/** A server-to-server message: a match changed in another process. */
const MATCH_CHANGED = 'ironbottom:match-changed';

export const room = (matchId: string, audience: string) => `${matchId}:${audience}`;
/** The sockets of an audience that take pushes as patches (each is in the audience's room too). */
export const patchRoom = (matchId: string, audience: string) => `${matchId}:${audience}:patch`;
/** The sockets of an audience that take pushes as whole bodies (the audience's room less its patch room). */
export const fullRoom = (matchId: string, audience: string) => `${matchId}:${audience}:full`;

/** The handshake, with the choices of patches and of the sender's push in its acknowledgement (src/protocol/socket.ts). */
const SocketHandshake = Handshake.extend({ patches: z.boolean().optional(), pushInAck: z.boolean().optional() });
const ResyncMessage = z.strictObject({ since: z.number().int().min(-1).optional() }).optional();

interface SocketData {
  matchId: string;
  side: string;
  tokenHash: string;
  patches: boolean;
  /** The acknowledgement of this socket's action carries its push (`Moved`), which no event then repeats to it. */
  pushInAck: boolean;
}

interface Deps {
  service: MatchService;
  lobby: Lobby;
  chat: Chat;
  rateLimits: RateLimits;
  metrics: Metrics;
  logger: Logger;
  /** Other server processes share this one's pushes (a cluster adapter is installed). */
  cluster?: boolean;
  /** Several server processes with MATCH_OWNERS: each match's owner (owners.ts). */
  owners?: Owners;
}

type Reply = (r: unknown) => void;

export function attachSockets(io: Server, { service, lobby, chat, rateLimits, metrics, logger, cluster, owners }: Deps): void {
  const calls: CallDeps = { service, lobby, ...(owners ? { owners, io } : {}) };
  const watchers = new Watchers(io, logger);
  // "When away" notices ask whether a socket of the seat is connected.
  service.opts.notifier?.setPresence((matchId, side) => watchers.present(matchId, side));

  io.use(async (socket, next) => {
    const hs = SocketHandshake.safeParse(socket.handshake.auth);
    if (!hs.success) return next(new Error('unauthorized: send auth { token, since? }'));
    if (!(await rateLimits.byAddress(socket.handshake.address)).ok) return next(new Error('rate-limited: too many connections from your address'));
    try {
      const seat = await service.seatOf(hs.data.token);
      if (!seat) return next(new Error('unauthorized: this token opens no match'));
      (socket.data as SocketData) = {
        matchId: seat.matchId,
        side: seat.side,
        tokenHash: hashToken(hs.data.token),
        patches: hs.data.patches === true,
        pushInAck: hs.data.pushInAck === true,
      };
      next();
    } catch (e) {
      logger.error({ err: e }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  // Several processes (owners.ts): a match's owner alone holds it and pushes its changes, once per
  // audience, to the audience's rooms across the adapter (the sockets of every process); the other
  // processes forward their sockets' calls to it and push nothing of that match. A change another
  // process made itself (a seat taken, a deadline, a creator's decision: what is not forwarded) is
  // told to the others once; the owner takes it into its copy in the match's lane and pushes each
  // row as that process would have (MatchService.follow). The owner keeps a match in memory while
  // a socket of any process watches it.
  const changed = new Set<string>();
  const mine = (matchId: string) => !owners || owners.ownsNow(matchId);
  const watched = (matchId: string) => (io.sockets.adapter.rooms.get(Watchers.room(matchId))?.size ?? 0) > 0;
  // Without owners, several processes each push to their own sockets only (`io.local`) and follow every change the others tell of.
  const out = cluster && !owners ? io.local : io;
  // With owners and an adapter that serves this process's sockets at once (socket-adapter.ts): a push
  // for a room no other process has a socket in goes to this process's sockets only, not to every
  // process over the database (a match whose sockets a load balancer sends to its owner crosses nothing).
  // Not with the Redis adapter, which serves its own sockets only after its round trip (mixing the two would reorder them).
  const synchronous = io.of('/').adapter instanceof OrderedPostgresAdapter;
  const to = (name: string) => (owners && synchronous && !owners.remoteIn(name) ? io.local : out).to(name);
  if (cluster && !owners) service.matches.keep = watched;
  if (owners) {
    service.matches.keep = (matchId) => watched(matchId) || owners.watchedRemotely(matchId);
    service.matches.hold = (matchId) => owners.ownsNow(matchId);
    // The owner is gone: the sockets here watching its matches reconnect by themselves (their connections
    // closed, not their sockets), and their first call registers them with the new owner.
    owners.onOwnerGone = (matchId) => {
      for (const id of io.sockets.adapter.rooms.get(Watchers.room(matchId)) ?? []) io.sockets.sockets.get(id)?.conn.close();
    };
  }
  // The patch and full rooms are all here (or registered by the other processes' sockets): no patch is made, nor a body encoded,
  // for a room with no socket, nor one that may come back within socket.io's recovery window (its missed pushes are replayed to it).
  const patchTakers = new PatchTakers(io, RECOVERY_MS);
  const present = (name: string, except?: string) => patchTakers.present(name, except) || (owners?.remoteIn(name, except) ?? false);
  service.onPublish(
    (matchId, audience, body, mover) => {
      if (!mine(matchId)) return;
      // A whole body goes only to a full room with a socket in it (or one that may come back): an audience
      // whose sockets all take patches, or that has none (a player away, a match nobody watches: most
      // moves of a match played by turns), has none encoded for it, nor kept for recovery.
      const full = fullRoom(matchId, audience);
      const taker = mover && !mover.patches ? mover : undefined;
      // A mover takes its body in its acknowledgement; the room gets it only if another socket is there (or may come back).
      if (present(full, taker?.socketId)) {
        to(full)
          .except(taker?.socketId ?? [])
          .emit('state', body);
        metrics.pushed(audience, pushedBytes(io, body));
        taker?.deliver({ state: body });
      } else if (taker) {
        taker.deliver({ state: body });
        metrics.pushed(audience, pushedBytes(io, body));
      }
    },
    { followed: true },
  );
  service.pushes.onPatch(
    (matchId, audience, step, mover) => {
      const name = patchRoom(matchId, audience);
      const taker = mover?.patches ? mover : undefined;
      if (!taker || present(name, taker.socketId)) {
        to(name)
          .except(taker?.socketId ?? [])
          .emit(step.kind === 'patch' ? 'patch' : 'sync', step.message);
        metrics.pushed(audience, pushedBytes(io, step.message));
        taker?.deliver(step.kind === 'patch' ? { patch: step.message } : { sync: step.message });
      } else {
        taker.deliver(step.kind === 'patch' ? { patch: step.message } : { sync: step.message });
        metrics.pushed(audience, pushedBytes(io, step.message));
      }
    },
    (matchId, audience) => mine(matchId) && present(patchRoom(matchId, audience)),
  );
  // A change made here to a match another process owns is told to the others (its owner follows it).
  service.pushes.onChanged((matchId) => {
    if (!cluster || owners?.ownsNow(matchId) || changed.has(matchId)) return;
    changed.add(matchId);
    queueMicrotask(() => {
      changed.delete(matchId);
      io.serverSideEmit(MATCH_CHANGED, matchId);
    });
  });
  io.on(MATCH_CHANGED, (matchId: unknown) => {
    if (typeof matchId !== 'string') return;
    if (owners ? !owners.ownsNow(matchId) : !watched(matchId)) return service.forget(matchId);
    service.follow(matchId).catch((err: unknown) => logger.error({ err, matchId }, 'could not follow a change made by another process'));
  });
  service.onEvent((matchId, audiences, event, payload) => {
    io.to(audiences.map((a) => room(matchId, a))).emit(event, payload);
  });
  service.onSeatRevoked((matchId, side) => {
    io.in(room(matchId, side)).disconnectSockets(true);
  });

  io.on('connection', (socket: Socket) => {
    const { matchId, side, tokenHash, patches, pushInAck } = socket.data as SocketData;
    const log = logger.child({ matchId, side });
    const address = socket.handshake.address;

    /**
     * A handler for `event`: zod first, then the rate limits, then `work`; its answer goes to the ack or a `failure` event.
     * `work` gets the socket as the change's mover when the sender asked for an acknowledgement: its own push then comes
     * in that acknowledgement, sent in the turn the push is made (Mover in src/matches/pushes.ts), and `work`'s answer is not sent again.
     * (Its seq is the pushed body's: the seq the answer would carry.)
     */
    const handle = <T>(event: string, schema: ZodType<T>, work: (msg: T, mover?: Mover) => Promise<Record<string, unknown>>) => {
      socket.on(event, async (...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as Reply) : null;
        let answered = false;
        const reply: Reply = (r) => {
          if (answered) return;
          answered = true;
          (ack ?? ((x) => socket.emit('failure', x)))(r);
        };
        if (!(await rateLimits.byToken(tokenHash)).ok || !(await rateLimits.byAddress(address)).ok) {
          return reply({ ok: false, error: { code: 'rate-limited', message: 'Too many messages: slow down.' } });
        }
        const unstorable = unstorableText(args[0]);
        if (unstorable) return reply({ ok: false, ...errorReply(unstorableError(unstorable))!.body });
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) {
          if (event === 'action' || event === 'undo' || event === 'resign') metrics.refused(event, 'invalid-request');
          return reply({ ok: false, error: { code: 'invalid-request', message: `Bad ${event} message: ${zodMessage(parsed.error)}` } });
        }
        // The mover's push is its acknowledgement, sent at once, in the push's turn (its audience's next push cannot come first).
        const mover: Mover | undefined = ack && pushInAck ? { audience: side, socketId: socket.id, patches, deliver: (push, seq) => reply({ ok: true, seq, ...push }) } : undefined;
        try {
          const out = await work(parsed.data, mover);
          reply({ ok: true, ...out });
        } catch (e) {
          if (answered) log.error({ err: e }, 'socket handler failed after its answer');
          else reply({ ok: false, ...errorBody(e, log) });
        }
      });
    };

    // Listeners first, synchronously: a message sent right after connecting must find them.
    // The acknowledgement carries the seq only (the state itself comes as a push): no body is made for it.
    // Each runs where the match lives (here, or at its owner: owner-calls.ts).
    const run = (call: Parameters<typeof callMatch>[2], mover?: Mover) => callMatch(calls, matchId, call, mover) as Promise<Record<string, unknown>>;
    handle('action', ActionMessage, (m, mover) => metrics.action('action', 'socket', () => run({ op: 'action', side, seq: m.seq, action: m.action, answer: 'seq' }, mover)));
    handle('undo', UndoMessage, (m, mover) => metrics.action('undo', 'socket', () => run({ op: 'undo', side, seq: m.seq, answer: 'seq' }, mover)));
    handle('resign', ResignMessage, (_m, mover) => metrics.action('resign', 'socket', () => run({ op: 'resign', side, answer: 'seq' }, mover)));
    handle('chat', ChatMessageIn, async (m) => {
      const key = tokenHash + (side === 'spectator' ? `:${address}` : '');
      return { message: await chat.post(matchId, side, m.channel, m.text, m.name, key) };
    });
    handle('chat:history', ChatHistoryMessage, async (m) => ({ messages: await chat.list(matchId, side, m?.channel, m?.after ?? 0) }));
    handle('resync', ResyncMessage, async (m) => ({ ...(await run({ op: 'resync', side, since: m?.since ?? -1 })) }));
    const known = new Set(['action', 'undo', 'resign', 'chat', 'chat:history', 'resync']);
    socket.onAny((event: string, ...args: unknown[]) => {
      if (known.has(event)) return;
      const ack = typeof args.at(-1) === 'function' ? (args.at(-1) as Reply) : (r: unknown) => socket.emit('failure', r);
      ack({ ok: false, error: { code: 'unknown-event', message: `There is no event "${String(event).slice(0, 40)}". Events: ${[...known].join(', ')}.` } });
    });

    void (async () => {
      const own = patches ? patchRoom(matchId, side) : fullRoom(matchId, side);
      // With owners, the match's owner puts the socket in its push room as it sends the first body (owner-calls.ts), on the one channel.
      await socket.join(owners ? [room(matchId, side), Watchers.room(matchId)] : [room(matchId, side), Watchers.room(matchId), own]);
      socket.once('disconnect', (reason) => {
        if (RECOVERABLE.has(reason)) patchTakers.left(own);
        // Its registration with the match's owner goes (a no-op where this process owns the match).
        if (owners && !owners.ownsNow(matchId)) run({ op: 'leave', socketId: socket.id, room: own }).catch(() => undefined);
      });
      if (side === 'spectator') {
        watchers.changed(matchId);
        socket.once('disconnect', () => watchers.changed(matchId));
      } else watchers.tell(socket, matchId);
      const hs = SocketHandshake.safeParse(socket.handshake.auth).data;
      const since = hs?.since ?? -1;
      try {
        // Recovered (its missed pushes replayed by socket.io): registered with the match's owner, nothing more.
        if (socket.recovered) {
          if (owners && !owners.ownsNow(matchId)) await run({ op: 'join', socketId: socket.id, room: own });
          return;
        }
        // Connecting with a seat's link takes the seat. With a dice commitment, before the first
        // state: nothing this socket sends can come before its commitment (docs/fairness.md).
        const commit = hs?.commitment !== undefined || hs?.value !== undefined ? { commitment: hs.commitment, value: hs.value } : null;
        const touch = side !== 'spectator' && commit ? { commit } : null;
        const first = await run({ op: 'open', side, since, patches, socketId: socket.id, room: own, touch });
        // With owners the owner has sent it (through the adapter); without, it is sent here.
        if (!owners) socket.emit(patches ? 'sync' : 'state', first);
        if (!commit && side !== 'spectator') await run({ op: 'touch', side });
      } catch (e) {
        socket.emit('failure', { ok: false, ...errorBody(e, log) });
      }
    })();
  });
}

/** socket.io's connection state recovery window (src/server/app.ts). */
const RECOVERY_MS = 2 * 60 * 1000;

/**
 * The reasons for which socket.io keeps a disconnected socket's session to recover it (its own
 * RECOVERABLE_DISCONNECT_REASONS in socket.io/dist/socket.js, not exported): the connection was
 * lost, not closed on purpose. A socket that disconnected itself, or that the server sent away,
 * never comes back as itself (it connects anew and gets a full body), so its room is not kept
 * alive for it: under load that was every socket of every ended match, 40,000 names held for
 * two minutes, and pushes made for rooms nobody could come back to.
 */
export const RECOVERABLE: ReadonlySet<string> = new Set(['transport error', 'transport close', 'forced close', 'ping timeout', 'server shutting down', 'forced server close']);

/** Which push rooms (an audience's patch or full room) have a socket here, or had one that may still be recovered. */
class PatchTakers {
  private leftAt = new Map<string, number>();
  constructor(
    private io: Server,
    private windowMs: number,
  ) {}

  /** `except`: whether a socket other than that one is here (or one may come back). */
  present(name: string, except?: string): boolean {
    const here = this.io.sockets.adapter.rooms.get(name);
    if (here && here.size > (except !== undefined && here.has(except) ? 1 : 0)) return true;
    const until = this.leftAt.get(name);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.leftAt.delete(name);
    return false;
  }

  left(name: string): void {
    const now = Date.now();
    if (this.leftAt.size > 10_000) for (const [k, t] of this.leftAt) if (t <= now) this.leftAt.delete(k);
    this.leftAt.set(name, now + this.windowMs);
  }
}

function errorBody(e: unknown, log: Logger): ErrorBody {
  const known = errorReply(e);
  if (known) return known.body;
  log.error({ err: e }, 'socket handler failed');
  return INTERNAL;
}
