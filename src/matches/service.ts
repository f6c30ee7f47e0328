/**
 * The match service: the only place that combines the engine and the store. A facade
 * over its parts, each one concern:
 *
 * - `matches` (loading.ts): live copies, their lanes, rebuild from the store, eviction;
 * - `play` (play.ts): submit, undo, end, commit, publish — one store call per change;
 * - `seats` (seats.ts): tokens and authentication;
 * - `creation` (create.ts): new matches and their links;
 * - `pushes` (pushes.ts) and `notices` (notices.ts): where committed changes go;
 * - `banks` (time-bank.ts): the time banks' expiries and pause;
 * - `orders` (orders.ts): each side's standing orders, kept secret, and the steps they take;
 * - the deadline and time-bank policies (deadline-policy.ts, clock-policy.ts), pure.
 *
 * Lobby, Deadlines, Chat and Archive are built from the service but each takes only the
 * parts it names (its `…Deps` interface), never the whole.
 *
 * On the in-memory store, as a test or a benchmark builds it:
 *   new MatchService(new MemoryMatchStore(), { games: GAMES, publicUrl: 'http://x', snapshotEvery: 50, idleMs: 60_000, logger: pino({ level: 'silent' }) })
 */
import type { Logger } from 'pino';
import type { GameModule, Viewer } from '../engine';
import type { MatchStore } from '../store/match-store';
import { gameOf, type MatchContext } from './context';
import { Creation, type CreatedMatch, type CreateOptions } from './create';
import type { Live, StateBody } from './live';
import { LiveMatches } from './loading';
import { Notices } from './notices';
import { StandingOrders } from './orders';
import type { Notifier } from './notify';
import { Play, type Answer, type Answered } from './play';
import { Pushes, type EventPublisher, type Mover, type Publisher, type SeatRevoked } from './pushes';
import { Seats } from './seats';
import { TimeBanks } from './time-bank';

export type { MatchStatus, StateBody } from './live';
export type { CreatedMatch, CreateOptions, SeatLink } from './create';
export type { EventPublisher, Publisher, SeatRevoked } from './pushes';
export type { Answer, Answered, Change } from './play';
export { hashToken, newToken, sha256 } from './tokens';
export { zodMessage } from './errors';

export interface MatchServiceOptions {
  games: ReadonlyMap<string, GameModule>;
  publicUrl: string;
  snapshotEvery: number;
  idleMs: number;
  logger: Logger;
  /** The clock (idle eviction, deadlines; never reaches the rules). */
  now?: () => number;
  /** Where seeds come from: 32 random bytes by default; tests may fix them. */
  newSeed?: () => string;
  /** Where "your move" notices go (none: they are dropped). */
  notifier?: Notifier;
  /** How long a token's seat stays cached (another process may revoke it meanwhile). */
  seatCacheMs?: number;
  /**
   * False: seats' dice values are checked but not taken, so the dice come from the server's
   * seed alone (docs/fairness.md) — for tests whose fixed seed must give the engine's own dice
   * whatever their browsers commit. True by default; the server's configuration never sets it.
   */
  seatValues?: boolean;
}

export class MatchService {
  readonly ctx: MatchContext;
  readonly matches: LiveMatches;
  readonly pushes = new Pushes();
  readonly notices: Notices;
  readonly play: Play;
  readonly seats: Seats;
  readonly creation: Creation;
  readonly banks: TimeBanks;
  readonly orders: StandingOrders;

  constructor(
    readonly store: MatchStore,
    readonly opts: MatchServiceOptions,
  ) {
    const now = opts.now ?? (() => Date.now());
    this.ctx = {
      store,
      games: opts.games,
      logger: opts.logger,
      now,
      link: (matchId, token) => `${opts.publicUrl}/m/${matchId}${token ? `#t=${token}` : ''}`,
      seatValues: opts.seatValues ?? true,
    };
    this.matches = new LiveMatches(this.ctx, opts.idleMs);
    this.notices = new Notices(this.ctx, opts.notifier);
    this.play = new Play(this.ctx, this.matches, this.pushes, this.notices, opts.snapshotEvery);
    this.matches.onFollow = (live, change) => this.play.followed(live, change);
    this.banks = new TimeBanks(this);
    this.play.banks = this.banks;
    this.orders = new StandingOrders({ ctx: this.ctx, matches: this.matches, play: this.play });
    this.play.orders = this.orders;
    this.notices.orders = this.orders;
    this.seats = new Seats(this.ctx, this.matches, this.pushes, opts.seatCacheMs);
    this.creation = new Creation(this.ctx, opts.newSeed, (m) => {
      this.matches.adopt(m);
      this.seats.adopt(m);
    });
  }

  onPublish(p: Publisher, opts?: { followed?: boolean }): void {
    this.pushes.onPublish(p, opts);
  }

  onEvent(p: EventPublisher): void {
    this.pushes.onEvent(p);
  }

  onSeatRevoked(r: SeatRevoked): void {
    this.pushes.onSeatRevoked(r);
  }

  get logger(): Logger {
    return this.ctx.logger;
  }

  now(): number {
    return this.ctx.now();
  }

  listGames(): GameModule[] {
    return [...this.opts.games.values()];
  }

  gameModule(id: string): GameModule {
    return gameOf(this.ctx, id);
  }

  link(matchId: string, token?: string): string {
    return this.ctx.link(matchId, token);
  }

  create(gameId: string, options: unknown, extra: CreateOptions = {}): Promise<CreatedMatch> {
    return this.creation.create(gameId, options, extra);
  }

  /** Who holds `token` in match `matchId` (a side or 'spectator'); 403 for any other token. */
  authenticate(matchId: string, token: string | undefined): Promise<Viewer> {
    return this.seats.authenticate(matchId, token);
  }

  /** The match and side a token opens, or null. */
  seatOf(token: string | undefined): Promise<{ matchId: string; side: Viewer } | null> {
    return this.seats.seatOf(token);
  }

  /** 403 unless `token` is the creator's token of `matchId`. */
  authenticateCreator(matchId: string, token: string): Promise<void> {
    return this.seats.authenticateCreator(matchId, token);
  }

  /** What `viewer` may see of the match now, with the log entries after its seq `afterSeq`. */
  async state(matchId: string, viewer: Viewer, afterSeq = -1): Promise<StateBody> {
    return this.play.body(await this.matches.load(matchId), viewer, afterSeq);
  }

  /** See Play.submit: resolves once the action's row is stored; 400, 409 or 422 and no change otherwise. */
  submit<A extends Answer = 'body'>(matchId: string, side: Viewer, expectedSeq: number, action: unknown, answer?: A, mover?: Mover): Promise<Answered<A>> {
    return this.play.submit(matchId, side, expectedSeq, action, answer, mover);
  }

  /** Takes back `side`'s last decision, if nothing was learned since. */
  undo<A extends Answer = 'body'>(matchId: string, side: Viewer, expectedSeq: number, answer?: A, mover?: Mover): Promise<Answered<A>> {
    return this.play.undo(matchId, side, expectedSeq, answer, mover);
  }

  /** Ends the match: `side` resigns (or, by the creator's decision, forfeits). */
  end<A extends Answer = 'body'>(matchId: string, side: Viewer, kind: 'resign' | 'forfeit', check?: (live: Live) => void, answer?: A, mover?: Mover): Promise<Answered<A>> {
    return this.play.end(matchId, side, kind, check, answer, mover);
  }

  /** The live copy of a match (tests and tools; the parts use `matches`). */
  load(matchId: string): Promise<Live> {
    return this.matches.load(matchId);
  }

  /** Drops the live copy (another process changed the match). */
  forget(matchId: string): void {
    this.matches.forget(matchId);
  }

  /**
   * Another process changed the match: a held copy catches up in its lane, and this
   * process's sockets are pushed each change as that process pushed it (in order: the
   * lane runs one thing at a time, and a reload takes the rows in seq order).
   */
  follow(matchId: string): Promise<void> {
    return this.matches.ifHeld(matchId, async () => void (await this.matches.reload(matchId, true)));
  }

  /** Refuses new work and waits for every action in progress (graceful shutdown). */
  stop(): Promise<void> {
    return this.matches.stop();
  }

  /** Waits for every action in progress. */
  drain(): Promise<void> {
    return this.matches.drain();
  }

  health(): Promise<void> {
    return this.store.ping();
  }
}
