/**
 * socket.io's connection state recovery in one process, with its memory bounded (issue #13).
 *
 * socket.io's own SessionAwareAdapter keeps every packet broadcast in the last two to three
 * minutes, whoever may need it: under load (3 pushes a move, a thousand moves a second) that
 * is hundreds of thousands of state bodies, most of the server's memory and a good part of
 * its garbage collection. This one keeps the same packets for the same window, but at most
 * `maxPackets` of them (the oldest go first), and looks an offset up from the newest end.
 *
 * Nothing is lost by the bound: a socket whose last packet is no longer kept is not
 * recovered, and connects as a new one, which gets the full state with the log after the
 * `since` it sends (src/server/sockets.ts), as after any longer absence.
 */
import { Adapter, type BroadcastOptions, type PrivateSessionId, type Room, type Session } from 'socket.io-adapter';
import { randomBytes } from 'node:crypto';
import { PushEncoder } from './push-encoder';
import { withFields } from '../engine/objects';

type SessionToPersist = Omit<Session, 'missedPackets'>;

interface Kept {
  id: string;
  opts: BroadcastOptions;
  /** The packet's arguments, or their JSON (a push: a flat string, not a body's many objects kept alive). */
  data: unknown[] | null;
  json: string | null;
  emittedAt: number;
}

/** How many broadcast packets a process keeps for recovery, at most (newest first). */
export const MAX_KEPT_PACKETS = 2048;

/** An EVENT packet (socket.io-parser's PacketType.EVENT). */
const EVENT = 2;

export class BoundedSessionAdapter extends Adapter {
  /** Tests may lower it. */
  static maxPackets = MAX_KEPT_PACKETS;
  private readonly windowMs: number;
  private readonly sessions = new Map<PrivateSessionId, SessionToPersist & { disconnectedAt: number }>();
  /** The kept packets, oldest first from `head` (the slots before it are dropped, compacted now and then). */
  private packets: Kept[] = [];
  private head = 0;
  private readonly prefix = randomBytes(6).toString('base64url');
  private count = 0;
  private expiredAt = 0;

  constructor(nsp: { server: { opts: { connectionStateRecovery: { maxDisconnectionDuration: number } } } }) {
    super(nsp);
    this.windowMs = nsp.server.opts.connectionStateRecovery.maxDisconnectionDuration;
  }

  override persistSession(session: SessionToPersist): void {
    const now = Date.now();
    this.sessions.set(session.pid, withFields(session, { disconnectedAt: now }));
    this.expireSessions(now);
  }

  override restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
    const session = this.sessions.get(pid);
    // socket.io awaits a falsy answer as "not recovered" (its own adapter answers null too).
    const none = null as unknown as Promise<Session>;
    if (!session) return none;
    this.sessions.delete(pid);
    const now = Date.now();
    if (session.disconnectedAt + this.windowMs < now) return none;
    this.prune(now);
    let index = -1;
    for (let i = this.packets.length - 1; i >= this.head; i--) {
      if (this.packets[i]!.id === offset) {
        index = i;
        break;
      }
    }
    if (index === -1) return none;
    const missedPackets: unknown[][] = [];
    for (let i = index + 1; i < this.packets.length; i++) {
      const p = this.packets[i]!;
      if (included(session.rooms, p.opts)) missedPackets.push(p.data ?? (JSON.parse(p.json!) as unknown[]));
    }
    const { disconnectedAt: _at, ...rest } = session;
    return Promise.resolve(withFields(rest, { missedPackets }));
  }

  override broadcast(packet: { type: number; id?: number; data: unknown[] }, opts: BroadcastOptions): void {
    // As socket.io's own: events without an acknowledgement, not volatile, get an offset (the last argument) and are kept.
    if (packet.type === EVENT && packet.id === undefined && opts.flags?.volatile === undefined) {
      const id = `${this.prefix}${(this.count++).toString(36)}`;
      packet.data.push(id);
      const now = Date.now();
      const kept: Kept = { id, opts, data: packet.data, json: null, emittedAt: now };
      this.packets.push(kept);
      if (this.packets.length - this.head > BoundedSessionAdapter.maxPackets || (this.count & 255) === 0) this.prune(now);
      super.broadcast(packet, opts);
      // The push's text, made by the encoder just now, instead of its objects.
      const encoder: unknown = (this.nsp as { server: { encoder: unknown } }).server.encoder;
      const json = encoder instanceof PushEncoder ? encoder.jsonOf(packet.data) : undefined;
      if (json !== undefined) {
        kept.json = json;
        kept.data = null;
      }
      return;
    }
    super.broadcast(packet, opts);
  }

  /** Drops the packets past the window or beyond the bound, and compacts the array once half of it is dropped. */
  private prune(now: number): void {
    const threshold = now - this.windowMs;
    let head = Math.max(this.head, this.packets.length - BoundedSessionAdapter.maxPackets);
    while (head < this.packets.length && this.packets[head]!.emittedAt < threshold) head++;
    for (let i = this.head; i < head; i++) this.packets[i] = undefined as unknown as Kept;
    this.head = head;
    this.expireSessions(now);
    if (this.head > 1024 && this.head * 2 > this.packets.length) {
      this.packets = this.packets.slice(this.head);
      this.head = 0;
    }
  }

  /** Drops the sessions past the window (at most once a minute, as socket.io's own). */
  private expireSessions(now: number): void {
    if (now - this.expiredAt < 60_000) return;
    this.expiredAt = now;
    for (const [pid, s] of this.sessions) if (s.disconnectedAt + this.windowMs < now) this.sessions.delete(pid);
  }

  /** How many packets are kept now (tests, metrics). */
  get kept(): number {
    return this.packets.length - this.head;
  }
}

function included(sessionRooms: Room[], opts: BroadcastOptions): boolean {
  const into = opts.rooms.size === 0 || sessionRooms.some((r) => opts.rooms.has(r));
  return into && sessionRooms.every((r) => !opts.except?.has(r));
}
