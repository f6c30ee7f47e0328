/**
 * The only place that combines the engine and the store: load a match, check the actor
 * and the expected seq, apply the action, append it in one short transaction, then
 * publish one view per audience. See docs/architecture.md, "The hot path".
 */
import { createHash, randomBytes } from 'node:crypto';
import { nanoid } from 'nanoid';
import type { Logger } from 'pino';
import {
  canSee,
  createMatchState,
  REFEREE,
  SeqCounter,
  RuleError,
  SPECTATOR,
  step,
  type GameModule,
  type LogEntry,
  type MatchState,
  type Prompt,
  type Result,
  type StampedLogEntry,
  type Viewer,
} from '../engine';
import type { PrismaClient } from '../store/prisma';
import { Prisma } from '../store/generated/client';
import { ApiError, badRequest, conflict, forbidden, notFound, unprocessable } from './errors';
import { Lanes } from './lane';

export type MatchStatus = 'waiting' | 'active' | 'finished' | 'abandoned';

/** The body of GET /api/matches/:id and of the socket `state` event. */
export interface StateBody {
  id: string;
  game: string;
  seq: number;
  you: Viewer;
  status: MatchStatus;
  view: unknown;
  prompt: Prompt | null;
  /** Log entries after seq `logFrom` (0 with the set-up's entries = the whole log). */
  log: StampedLogEntry[];
  logFrom: number;
  result: Result | null;
  /** sha256 of the seed, published at creation. */
  seedHash: string;
  /** The seed itself, once the match is over. */
  seed?: string;
}

export interface SeatLink {
  token: string;
  url: string;
}

export interface CreatedMatch {
  id: string;
  game: string;
  seedHash: string;
  seats: Record<string, SeatLink>;
  spectator: SeatLink;
}

export type Publisher = (matchId: string, audience: Viewer, body: StateBody) => void;

/** A log entry with the seq each viewer knows it by (see SeqCounter). */
interface HeldEntry {
  entry: LogEntry;
  vis: Record<string, number>;
}

interface Live {
  id: string;
  game: GameModule;
  options: unknown;
  seed: string;
  seedHash: string;
  status: MatchStatus;
  /** The real number of actions; each viewer's own count is in `seqs`. */
  seq: number;
  seqs: SeqCounter;
  state: MatchState;
  log: HeldEntry[];
  lastUsed: number;
}

export interface MatchServiceOptions {
  games: ReadonlyMap<string, GameModule>;
  publicUrl: string;
  snapshotEvery: number;
  idleMs: number;
  logger: Logger;
  /** The clock for idle eviction only (never reaches the rules). */
  now?: () => number;
  /** Where seeds come from: 32 random bytes by default; tests may fix them. */
  newSeed?: () => string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class MatchService {
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private lanes = new Lanes();
  private seats = new Map<string, { matchId: string; side: Viewer }>();
  private publishers: Publisher[] = [];
  private now: () => number;

  constructor(
    private prisma: PrismaClient,
    private opts: MatchServiceOptions,
  ) {
    this.now = opts.now ?? (() => Date.now());
  }

  onPublish(p: Publisher): void {
    this.publishers.push(p);
  }

  listGames(): GameModule[] {
    return [...this.opts.games.values()];
  }

  gameModule(id: string): GameModule {
    const g = this.opts.games.get(id);
    if (!g) throw notFound(`There is no game "${id}". Known games: ${[...this.opts.games.keys()].join(', ')}.`);
    return g;
  }

  async create(gameId: string, options: unknown): Promise<CreatedMatch> {
    const game = this.gameModule(gameId);
    const parsed = game.options.safeParse(options ?? {});
    if (!parsed.success) throw badRequest(`Invalid options for ${game.name}: ${zodMessage(parsed.error)}`, 'invalid-options');
    const id = nanoid(12);
    const seed = this.opts.newSeed ? this.opts.newSeed() : randomBytes(32).toString('hex');
    const seedHash = createHash('sha256').update(seed).digest('hex');
    const first = createMatchState(game, parsed.data, seed);
    const tokens: Record<string, string> = {};
    for (const side of [...game.sides, SPECTATOR]) tokens[side] = nanoid(32);
    await this.prisma.match.create({
      data: {
        id,
        game: game.id,
        options: parsed.data as Prisma.InputJsonValue,
        seed,
        seedHash,
        status: 'active',
        seq: 0,
        setupLog: first.log as unknown as Prisma.InputJsonValue,
        seats: {
          create: Object.entries(tokens).map(([side, token]) => ({ id: nanoid(12), side, tokenHash: hashToken(token) })),
        },
        snapshots: { create: { seq: 0, state: first.state as unknown as Prisma.InputJsonValue } },
      },
    });
    this.opts.logger.info({ matchId: id, game: game.id }, 'match created');
    const link = (token: string): SeatLink => ({ token, url: `${this.opts.publicUrl}/m/${id}#t=${token}` });
    return {
      id,
      game: game.id,
      seedHash,
      seats: Object.fromEntries(game.sides.map((s) => [s, link(tokens[s]!)])),
      spectator: link(tokens[SPECTATOR]!),
    };
  }

  /** Who holds `token` in match `matchId` (a side or 'spectator'); 403 for any other token. */
  async authenticate(matchId: string, token: string | undefined): Promise<Viewer> {
    const seat = await this.seatOf(token);
    if (!seat || seat.matchId !== matchId) {
      await this.requireMatch(matchId);
      throw forbidden('This token does not open this match.', 'bad-token');
    }
    return seat.side;
  }

  /** The match and side a token opens, or null. */
  async seatOf(token: string | undefined): Promise<{ matchId: string; side: Viewer } | null> {
    if (!token || token.length > 200) return null;
    const h = hashToken(token);
    const cached = this.seats.get(h);
    if (cached) return cached;
    const row = await this.prisma.seat.findUnique({ where: { tokenHash: h }, select: { matchId: true, side: true } });
    if (!row) return null;
    const seat = { matchId: row.matchId, side: row.side };
    this.seats.set(h, seat);
    return seat;
  }

  async state(matchId: string, viewer: Viewer, afterSeq = -1): Promise<StateBody> {
    const live = await this.load(matchId);
    return this.body(live, viewer, afterSeq);
  }

  /**
   * Applies `action` for `side` if `expectedSeq` is the match's seq. Resolves with the
   * sender's new state once the action's row is committed; rejects with an ApiError
   * (400, 409, 422) and no change otherwise.
   */
  submit(matchId: string, side: Viewer, expectedSeq: number, action: unknown): Promise<StateBody> {
    return this.lanes.run(matchId, async () => {
      const live = await this.load(matchId);
      if (side === SPECTATOR || !live.game.sides.includes(side)) throw forbidden('Spectators cannot act.', 'spectator');
      const parsed = live.game.action.safeParse(action);
      if (!parsed.success) throw badRequest(`Invalid action: ${zodMessage(parsed.error)}`, 'invalid-action');
      const known = live.seqs.of(side);
      if (expectedSeq !== known) {
        throw conflict(`The match has moved on: you sent seq ${expectedSeq}, it is at ${known}.`, this.body(live, side, -1));
      }
      if (live.status !== 'active') throw unprocessable(`The match is ${live.status}.`, 'not-active');
      let out;
      try {
        out = step(live.game, live.state, side, parsed.data);
      } catch (e) {
        if (e instanceof RuleError) throw unprocessable(e.message, e.code);
        throw e;
      }
      const seq = live.seq + 1;
      const result = live.game.result(out.state.game);
      const status: MatchStatus = result ? 'finished' : 'active';
      const writes: Prisma.PrismaPromise<unknown>[] = [
        this.prisma.action.create({
          data: {
            matchId,
            seq,
            side,
            private: out.private,
            payload: parsed.data as Prisma.InputJsonValue,
            log: out.log as unknown as Prisma.InputJsonValue,
            rolls: out.rolls as unknown as Prisma.InputJsonValue,
          },
        }),
        this.prisma.match.update({ where: { id: matchId }, data: { seq, status } }),
      ];
      if (seq % this.opts.snapshotEvery === 0 || status !== 'active') {
        writes.push(
          this.prisma.snapshot.create({ data: { matchId, seq, state: out.state as unknown as Prisma.InputJsonValue } }),
        );
      }
      try {
        await this.prisma.$transaction(writes);
      } catch (e) {
        if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
          // Another process appended this seq first: our copy is stale.
          this.live.delete(matchId);
          const fresh = await this.load(matchId);
          throw conflict('Another action was accepted first.', this.body(fresh, side, -1));
        }
        throw e;
      }
      const before = live.seqs.snapshot();
      live.state = out.state;
      live.seq = seq;
      live.status = status;
      hold(live, side, out.private, out.log);
      this.opts.logger.info({ matchId, seq, side, status }, 'action accepted');
      this.publish(live, out.private ? [side] : [...live.game.sides, SPECTATOR], before);
      return this.body(live, side, -1);
    });
  }

  /** Pushes the new state to each audience that may know of it: one body per audience, computed once. */
  private publish(live: Live, audiences: readonly Viewer[], before: Record<string, number>): void {
    if (this.publishers.length === 0) return;
    for (const audience of audiences) {
      const body = this.body(live, audience, before[audience] ?? -1);
      for (const p of this.publishers) p(live.id, audience, body);
    }
  }

  private body(live: Live, viewer: Viewer, afterSeq: number): StateBody {
    live.lastUsed = this.now();
    const over = live.status === 'finished' || live.status === 'abandoned';
    // When the match is over, everything is revealed to all: the referee's view and log, and the seed.
    const eye = over ? REFEREE : viewer;
    const g = live.state.game;
    const log: StampedLogEntry[] = [];
    for (const h of live.log) {
      const seq = h.vis[eye] ?? 0;
      if (seq > afterSeq && canSee(h.entry, eye)) log.push({ ...h.entry, seq });
    }
    return {
      id: live.id,
      game: live.game.id,
      seq: live.seqs.of(eye),
      you: viewer,
      status: live.status,
      view: live.game.view(g, eye),
      prompt: live.status === 'active' && live.game.sides.includes(viewer) ? live.game.prompt(g, viewer) : null,
      log,
      logFrom: Math.max(afterSeq, 0),
      result: live.game.result(g),
      seedHash: live.seedHash,
      ...(over ? { seed: live.seed } : {}),
    };
  }

  private async requireMatch(matchId: string): Promise<void> {
    if (this.live.has(matchId)) return;
    const row = await this.prisma.match.findUnique({ where: { id: matchId }, select: { id: true } });
    if (!row) throw notFound(`There is no match "${matchId}".`);
  }

  /** The live copy of a match: from memory, or rebuilt from its latest snapshot and the actions after it. */
  private async load(matchId: string): Promise<Live> {
    const hit = this.live.get(matchId);
    if (hit) return hit;
    let pending = this.loading.get(matchId);
    if (!pending) {
      pending = this.readMatch(matchId).finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, pending);
    }
    const live = await pending;
    this.live.set(matchId, live);
    this.evictIdle();
    return live;
  }

  private async readMatch(matchId: string): Promise<Live> {
    const row = await this.prisma.match.findUnique({ where: { id: matchId } });
    if (!row) throw notFound(`There is no match "${matchId}".`);
    const game = this.gameModule(row.game);
    const snap = await this.prisma.snapshot.findFirst({
      where: { matchId, seq: { lte: row.seq } },
      orderBy: { seq: 'desc' },
    });
    if (!snap) throw new ApiError(500, 'corrupt', `Match ${matchId} has no snapshot.`);
    const actions = await this.prisma.action.findMany({
      where: { matchId, seq: { lte: row.seq } },
      orderBy: { seq: 'asc' },
      select: { seq: true, side: true, private: true, payload: true, log: true },
    });
    let state = snap.state as unknown as MatchState;
    const live: Live = {
      id: row.id,
      game,
      options: row.options,
      seed: row.seed,
      seedHash: row.seedHash,
      status: row.status as MatchStatus,
      seq: row.seq,
      seqs: new SeqCounter(game.sides),
      state,
      log: (row.setupLog as unknown as LogEntry[]).map((entry) => ({ entry, vis: {} })),
      lastUsed: this.now(),
    };
    for (const a of actions) {
      if (a.seq > snap.seq) state = step(game, state, a.side, a.payload).state;
      hold(live, a.side, a.private, a.log as unknown as LogEntry[]);
    }
    live.state = state;
    return live;
  }

  private evictIdle(): void {
    const cutoff = this.now() - this.opts.idleMs;
    for (const [id, l] of this.live) if (l.lastUsed < cutoff) this.live.delete(id);
  }

  /** Waits for every action in progress (graceful shutdown). */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  async health(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}

/** Counts an action for its viewers and keeps its log entries; a private step's entries stay its actor's. */
function hold(live: Live, actor: string, isPrivate: boolean, entries: readonly LogEntry[]): void {
  live.seqs.add(actor, isPrivate);
  const vis = live.seqs.snapshot();
  for (const entry of entries) {
    const to = isPrivate ? (entry.to === 'public' ? [actor] : entry.to.filter((s) => s === actor)) : entry.to;
    live.log.push({ entry: { ...entry, to }, vis });
  }
}

function zodMessage(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
