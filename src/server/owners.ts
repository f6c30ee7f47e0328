/**
 * A match lives on one process (issue #43): with several server processes on one database,
 * each live match has one owner (a lease in PostgreSQL, src/store/lease-store.ts), which alone
 * holds it in memory and advances it. Every other process serves its own sockets and requests
 * for that match by forwarding them to the owner over internal HTTP (`POST /internal/call`,
 * with the owner's secret): a state, a socket's first body, an action, an undo, a resignation.
 * The owner computes each audience's push once and emits it to the audience's rooms across the
 * socket.io adapter, so the sockets of every process get it; no process replays another's moves.
 *
 * - The lease is taken on first use (a match's creation, or the first call for it anywhere),
 *   and is its owner's while the owner's heartbeat (every HEARTBEAT_MS, alive for TTL_MS) goes on.
 * - The owner dies: calls to it fail to connect, and once its time has passed the next call
 *   takes the lease over (within TTL_MS); the sockets of the other processes watching its matches
 *   are closed so that the clients reconnect by themselves and register with the new owner.
 * - The owner stops (drains): it gives its leases up as it goes; the next call takes them.
 * - Which rooms the owner must push to: its own sockets' (local), and those the other processes
 *   registered with it as their sockets opened (`open`), until they leave or their process dies.
 */
import { Agent, request } from 'undici';
import { nanoid } from 'nanoid';
import type { Logger } from 'pino';
import type { Viewer } from '../engine';
import { ApiError } from '../matches/errors';
import type { MatchService } from '../matches/service';
import type { LeaseStore, Peer } from '../store/lease-store';

/** How often a process renews its life, and for how long each renewal keeps it alive. */
export const HEARTBEAT_MS = 1_000;
export const TTL_MS = 4_000;
/** How long a forwarded call keeps trying (the owner dead: until its lease can be taken over). */
const CALL_PATIENCE_MS = TTL_MS + 6_000;
/** Every how many heartbeats a process gives up its leases of ended matches it no longer holds. */
const SWEEP_EVERY = 30;
/** How many matches' owners a process remembers before it forgets those of the matches it does not hold. */
const PRUNE_FROM = 20_000;
export const INTERNAL_PATH = '/internal/call';
export const SECRET_HEADER = 'x-ironbottom-internal';

/** A seat's socket takes its seat as it opens: with a dice commitment before its first body, else after it (sockets.ts). */
export interface Touch {
  commit: { commitment?: string | undefined; value?: string | undefined } | null;
}

/** What another process asks the owner to do for one of its sockets or requests. */
export type Call =
  | { op: 'state'; side: Viewer; since: number }
  /** A socket opens (or resyncs): its first body (versioned for a patch taker), its push room registered. */
  | { op: 'open'; side: Viewer; since: number; patches: boolean; socketId: string; room: string | null; touch: Touch | null }
  | { op: 'resync'; side: Viewer; since: number }
  /** A seat's socket, its first body sent, takes its seat (no dice commitment). */
  | { op: 'touch'; side: Viewer }
  | { op: 'join'; socketId: string; room: string }
  | { op: 'leave'; socketId: string; room: string }
  | { op: 'action'; side: Viewer; seq: number; action: unknown; answer: 'body' | 'seq' }
  | { op: 'undo'; side: Viewer; seq: number; answer: 'body' | 'seq' }
  | { op: 'resign'; side: Viewer; answer: 'body' | 'seq' };

/** The owner's answer: the call's result (never a push: those all go through the adapter, in the owner's order). */
export interface Reply {
  result: unknown;
}

export class Owners {
  readonly self: Peer;
  /** The owner of each match this process has asked about (its id). */
  private owners = new Map<string, string>();
  private peers = new Map<string, Peer>();
  /** The other processes' sockets in this process's rooms: room → socket id → process id. */
  private remote = new Map<string, Map<string, string>>();
  /** How many of the other processes' sockets watch each match (registered here). */
  private remoteMatches = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private lastBeat = 0;
  private beats = 0;
  private started: Promise<void> | null = null;
  private closing = false;
  private stopped: Promise<void> | null = null;
  /** The connections to the other processes (kept alive between calls). */
  private agent = new Agent({ keepAliveTimeout: 30_000, connections: 16 });
  /** Told of each match whose owner died or left, that this process had asked about. */
  onOwnerGone: (matchId: string) => void = () => {};

  constructor(
    private leases: LeaseStore,
    private service: MatchService,
    private logger: Logger,
  ) {
    this.self = { id: nanoid(12), url: '', secret: nanoid(32) };
  }

  /** Registers this process, reachable at `url`, and starts its heartbeat. */
  start(url: string): Promise<void> {
    this.self.url = url;
    this.started = (async () => {
      await this.leases.beat(this.self, TTL_MS);
      this.lastBeat = Date.now();
      await this.refresh();
      this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
      this.timer.unref();
    })();
    return this.started;
  }

  /**
   * Stops (once its actions in progress are done): gives every lease up, so that the others take
   * this process's matches at once; a call forwarded here from now on is sent back (not-owner).
   */
  stop(): Promise<void> {
    this.stopped ??= this.leaveAll();
    return this.stopped;
  }

  private async leaveAll(): Promise<void> {
    this.closing = true;
    this.owners.clear();
    if (this.timer) clearInterval(this.timer);
    if (this.started) await this.started.catch(() => undefined);
    await this.leases.leave(this.self.id).catch((err: unknown) => this.logger.warn({ err }, 'could not give the leases up'));
    await this.leases.close().catch(() => undefined);
    await this.agent.close().catch(() => undefined);
  }

  /** Whether this process owns `matchId` as far as it knows now (no query). */
  ownsNow(matchId: string): boolean {
    return this.owners.get(matchId) === this.self.id && this.alive();
  }

  /** Takes the lease of a match this process has just created: true if it is this process's. */
  async adopt(matchId: string): Promise<boolean> {
    return (await this.owner(matchId)) === null;
  }

  /**
   * A match this process has just created (a new match, a rematch, an import): its lease taken
   * here, or, if another process took it first, the copy made here dropped (the owner's is the one).
   */
  async created(matchId: string): Promise<void> {
    if (!(await this.adopt(matchId))) this.service.forget(matchId);
  }

  /**
   * Gives up the leases of this process's ended matches that it no longer holds in memory (so the
   * table keeps the live matches only); one is taken anew if the match is used again (a late view,
   * a rematch asked). Returns the matches let go.
   */
  async sweep(): Promise<string[]> {
    const gone = (await this.leases.ended(this.self.id)).filter((id) => !this.service.matches.holds(id));
    await this.leases.release(this.self.id, gone);
    for (const id of gone) if (this.owners.get(id) === this.self.id) this.owners.delete(id);
    return gone;
  }

  /** The owner of `matchId`: null for this process (taking the lease if no live process holds it). */
  async owner(matchId: string): Promise<Peer | null> {
    const id = this.owners.get(matchId);
    if (id === this.self.id && this.alive()) return null;
    if (id !== undefined && id !== this.self.id) {
      const peer = this.peers.get(id);
      if (peer) return peer;
    }
    if (!this.started) throw new ApiError(503, 'unavailable', 'The server is starting; try again in a moment.');
    await this.started;
    let owner: Peer;
    try {
      owner = await this.leases.take(matchId, this.self.id);
    } catch {
      // Two processes took it at once: the other's lease is there now.
      owner = await this.leases.take(matchId, this.self.id);
    }
    this.owners.set(matchId, owner.id);
    if (owner.id === this.self.id) return null;
    this.peers.set(owner.id, owner);
    return owner;
  }

  /**
   * Runs `call` for `matchId` here if this process owns the match (`local`), else at its owner.
   * An owner that cannot be reached is dropped, and the call tried again (another takes the lease
   * once the dead one's time is up) for CALL_PATIENCE_MS; then 503.
   */
  async run(matchId: string, call: Call, local: () => Promise<Reply>): Promise<Reply> {
    const until = Date.now() + CALL_PATIENCE_MS;
    for (;;) {
      const peer = await this.owner(matchId);
      if (!peer) return local();
      const answer = await this.forward(peer, matchId, call);
      if (answer !== 'retry') return answer;
      if (Date.now() > until || this.closing) throw new ApiError(503, 'unavailable', 'The process that holds this match is not answering; try again in a moment.');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  private async forward(peer: Peer, matchId: string, call: Call): Promise<Reply | 'retry'> {
    let res;
    try {
      res = await request(`${peer.url}${INTERNAL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: peer.secret },
        body: JSON.stringify({ matchId, from: this.self.id, call }),
        dispatcher: this.agent,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
    } catch (err) {
      // Not reachable: taken for gone here; the lease passes on once its time is up.
      this.logger.warn({ err: (err as Error).message, owner: peer.id, matchId }, 'the owner of a match did not answer');
      this.gone(peer.id);
      return 'retry';
    }
    const body = (await res.body.json()) as { reply?: Reply; error?: { code: string; message: string }; state?: unknown };
    if (res.statusCode === 200 && body.reply) return body.reply;
    // Not (or no longer) the owner, or stopping: the lease is asked again.
    if (body.error?.code === 'not-owner' || body.error?.code === 'shutting-down' || res.statusCode === 404) {
      this.owners.delete(matchId);
      return 'retry';
    }
    const e = body.error ?? { code: 'internal', message: 'The owner of this match failed.' };
    throw new ApiError(res.statusCode, e.code, e.message, body.state);
  }

  /** Whether an internal call carries this process's secret. */
  authentic(secret: unknown): boolean {
    return typeof secret === 'string' && secret === this.self.secret;
  }

  /** The owner's side of a forwarded call: 409 not-owner if this process does not own the match (the caller asks the lease again). */
  async checkOwner(matchId: string): Promise<void> {
    if (this.closing) throw new ApiError(409, 'not-owner', 'This process is stopping.');
    if (this.ownsNow(matchId)) return;
    // The lease may be this process's without its knowing yet (its cache dropped): asked again.
    if ((await this.owner(matchId)) !== null) throw new ApiError(409, 'not-owner', 'This process does not own the match.');
  }

  /** Whether a socket of another process is in `room` (registered with this owner). */
  remoteIn(room: string, except?: string): boolean {
    const here = this.remote.get(room);
    return !!here && here.size > (except !== undefined && here.has(except) ? 1 : 0);
  }

  /** Whether a socket of another process watches `matchId` (its copy is kept in memory, as for a socket here). */
  watchedRemotely(matchId: string): boolean {
    return (this.remoteMatches.get(matchId) ?? 0) > 0;
  }

  join(matchId: string, room: string, socketId: string, process: string): void {
    let here = this.remote.get(room);
    if (!here) this.remote.set(room, (here = new Map()));
    if (here.has(socketId)) return;
    here.set(socketId, process);
    this.remoteMatches.set(matchId, (this.remoteMatches.get(matchId) ?? 0) + 1);
  }

  leave(matchId: string, room: string, socketId: string): void {
    const here = this.remote.get(room);
    if (!here?.delete(socketId)) return;
    if (here.size === 0) this.remote.delete(room);
    const n = (this.remoteMatches.get(matchId) ?? 1) - 1;
    if (n > 0) this.remoteMatches.set(matchId, n);
    else this.remoteMatches.delete(matchId);
  }

  /** This process's last heartbeat is recent enough that its leases are still its own. */
  private alive(): boolean {
    return Date.now() - this.lastBeat < TTL_MS - HEARTBEAT_MS;
  }

  private async heartbeat(): Promise<void> {
    if (this.closing) return;
    try {
      await this.leases.beat(this.self, TTL_MS);
      this.lastBeat = Date.now();
      await this.refresh();
      if (++this.beats % SWEEP_EVERY === 0) await this.sweep();
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'lease heartbeat failed');
      // Past its time, this process may have lost its matches to another: its copies are not the truth any more.
      if (this.alive()) return;
      for (const [matchId, id] of this.owners) {
        if (id !== this.self.id) continue;
        this.owners.delete(matchId);
        this.service.forget(matchId);
      }
    }
  }

  /** The processes alive now: the others' gone ones are dropped with what they owned. */
  private async refresh(): Promise<void> {
    const alive = await this.leases.alive();
    const ids = new Set(alive.map((p) => p.id));
    for (const p of alive) if (p.id !== this.self.id) this.peers.set(p.id, p);
    for (const id of [...this.peers.keys()]) if (!ids.has(id)) this.gone(id);
    // What it knows of owners is bounded: past PRUNE_FROM, only the matches it holds are kept (the others are asked again).
    if (this.owners.size > PRUNE_FROM) for (const matchId of [...this.owners.keys()]) if (!this.service.matches.holds(matchId)) this.owners.delete(matchId);
  }

  /** A process gone: the matches it owned are asked about again, and its sockets leave this owner's rooms. */
  private gone(id: string): void {
    this.peers.delete(id);
    for (const [matchId, owner] of this.owners) {
      if (owner !== id) continue;
      this.owners.delete(matchId);
      this.onOwnerGone(matchId);
    }
    for (const [room, here] of this.remote) for (const [socketId, process] of here) if (process === id) this.leave(matchOfRoom(room), room, socketId);
  }
}

/** The match a room belongs to (rooms are `<match>:<audience>[:patch|:full]`; match ids have no colon). */
export const matchOfRoom = (room: string): string => room.slice(0, room.indexOf(':'));
