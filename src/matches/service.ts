/**
 * The only place that combines the engine and the store: load a match, check the actor
 * and the expected seq, apply the action, append it in one short transaction, then
 * publish one view per audience. See docs/architecture.md, "The hot path".
 *
 * Seats, deadlines, chat, notices and the admin's archive live beside it (lobby.ts,
 * deadlines.ts, chat.ts, notify.ts, archive.ts) and reach the match only through the
 * lane-and-commit methods marked "internal" below.
 */
import { createHash, randomBytes } from 'node:crypto';
import { nanoid } from 'nanoid';
import type { Logger } from 'pino';
import { createMatchState, jsonEqual, promptOf, REFEREE, RuleError, SPECTATOR, step, type GameModule, type LogEntry, type MatchState, type Viewer } from '../engine';
import type { PrismaClient } from '../store/prisma';
import { Prisma } from '../store/generated/client';
import { ApiError, badRequest, conflict, forbidden, notFound, unprocessable } from './errors';
import { Lanes } from './lane';
import { isOver, stateBody, type Live, type MatchStatus, type Notify, type SeatState, type StateBody } from './live';
import type { Notice, NoticeEvent, Notifier } from './notify';
import { endLog, endResult, fold, NeedsEarlierBase, NOTHING_TO_UNDO, undoLog, type Row, type RowKind } from './timeline';

export type { MatchStatus, StateBody } from './live';

export interface SeatLink {
  token: string;
  url: string;
}

export interface CreatedMatch {
  id: string;
  game: string;
  seedHash: string;
  status: MatchStatus;
  seats: Record<string, SeatLink>;
  spectator: SeatLink;
  /** The creator's token: re-issues seats, sets the deadline, abandons. Shown once. */
  creator: { token: string };
}

export interface CreateOptions {
  /** Listed in GET /api/matches?status=open, where anyone may take a free seat. */
  listed?: boolean;
  /** Each side's time for a decision, in minutes. */
  deadlineMinutes?: number | null;
}

export type Publisher = (matchId: string, audience: Viewer, body: StateBody) => void;
/** Any other push: `event` with `payload` to each audience's room. */
export type EventPublisher = (matchId: string, audiences: readonly Viewer[], event: string, payload: unknown) => void;
/** A seat's token was revoked (left, re-issued): its sockets must go. */
export type SeatRevoked = (matchId: string, side: string) => void;

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
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => nanoid(32);
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The writes of one change besides the action row: seat marks and the match's own columns. */
export interface Change {
  seats?: Record<string, Partial<SeatState>>;
  status?: MatchStatus;
}

export class MatchService {
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private lanes = new Lanes();
  private seatCache = new Map<string, { matchId: string; side: Viewer; at: number }>();
  private publishers: Publisher[] = [];
  private eventPublishers: EventPublisher[] = [];
  private revokers: SeatRevoked[] = [];
  private closing = false;
  readonly now: () => number;

  constructor(
    readonly prisma: PrismaClient,
    readonly opts: MatchServiceOptions,
  ) {
    this.now = opts.now ?? (() => Date.now());
  }

  onPublish(p: Publisher): void {
    this.publishers.push(p);
  }

  onEvent(p: EventPublisher): void {
    this.eventPublishers.push(p);
  }

  onSeatRevoked(r: SeatRevoked): void {
    this.revokers.push(r);
  }

  get logger(): Logger {
    return this.opts.logger;
  }

  listGames(): GameModule[] {
    return [...this.opts.games.values()];
  }

  gameModule(id: string): GameModule {
    const g = this.opts.games.get(id);
    if (!g) throw notFound(`There is no game "${id}". Known games: ${[...this.opts.games.keys()].join(', ')}.`);
    return g;
  }

  link(matchId: string, token?: string): string {
    return `${this.opts.publicUrl}/m/${matchId}${token ? `#t=${token}` : ''}`;
  }

  async create(gameId: string, options: unknown, extra: CreateOptions = {}): Promise<CreatedMatch> {
    const game = this.gameModule(gameId);
    const parsed = game.options.safeParse(options ?? {});
    if (!parsed.success) throw badRequest(`Invalid options for ${game.name}: ${zodMessage(parsed.error)}`, 'invalid-options');
    const id = nanoid(12);
    const seed = this.opts.newSeed ? this.opts.newSeed() : randomBytes(32).toString('hex');
    const seedHash = sha256(seed);
    const first = createMatchState(game, parsed.data, seed);
    const tokens: Record<string, string> = {};
    for (const side of [...game.sides, SPECTATOR]) tokens[side] = newToken();
    const creator = newToken();
    await this.prisma.match.create({
      data: {
        id,
        game: game.id,
        options: parsed.data as Prisma.InputJsonValue,
        seed,
        seedHash,
        status: 'waiting',
        seq: 0,
        setupLog: first.log as unknown as Prisma.InputJsonValue,
        listed: extra.listed ?? false,
        creatorHash: hashToken(creator),
        moveDeadlineMs: extra.deadlineMinutes ? Math.round(extra.deadlineMinutes * 60_000) : null,
        seats: {
          create: Object.entries(tokens).map(([side, token]) => ({ id: nanoid(12), side, tokenHash: hashToken(token) })),
        },
        snapshots: { create: { seq: 0, state: first.state as unknown as Prisma.InputJsonValue } },
      },
    });
    this.opts.logger.info({ matchId: id, game: game.id, listed: extra.listed ?? false }, 'match created');
    const link = (token: string): SeatLink => ({ token, url: this.link(id, token) });
    return {
      id,
      game: game.id,
      seedHash,
      status: 'waiting',
      seats: Object.fromEntries(game.sides.map((s) => [s, link(tokens[s]!)])),
      spectator: link(tokens[SPECTATOR]!),
      creator: { token: creator },
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
    const cached = this.seatCache.get(h);
    if (cached && this.now() - cached.at < (this.opts.seatCacheMs ?? 30_000)) return cached;
    const row = await this.prisma.seat.findUnique({ where: { tokenHash: h }, select: { matchId: true, side: true } });
    if (!row) {
      this.seatCache.delete(h);
      return null;
    }
    const seat = { matchId: row.matchId, side: row.side, at: this.now() };
    this.seatCache.set(h, seat);
    return seat;
  }

  /** 403 unless `token` is the creator's token of `matchId`. */
  async authenticateCreator(matchId: string, token: string): Promise<void> {
    const row = await this.prisma.match.findUnique({ where: { id: matchId }, select: { creatorHash: true } });
    if (!row) throw notFound(`There is no match "${matchId}".`);
    if (!row.creatorHash || row.creatorHash !== hashToken(token)) throw forbidden('This is not the creator\'s token of this match.', 'not-creator');
  }

  async state(matchId: string, viewer: Viewer, afterSeq = -1): Promise<StateBody> {
    const live = await this.load(matchId);
    return this.body(live, viewer, afterSeq);
  }

  /**
   * Applies `action` for `side` if `expectedSeq` is the seq it knows. Resolves with the
   * sender's new state once the action's row is committed; rejects with an ApiError
   * (400, 409, 422) and no change otherwise.
   */
  submit(matchId: string, side: Viewer, expectedSeq: number, action: unknown): Promise<StateBody> {
    return this.inLane(matchId, async (cached) => {
      this.requireSide(cached, side);
      const parsed = cached.game.action.safeParse(action);
      if (!parsed.success) throw badRequest(`Invalid action: ${zodMessage(parsed.error)}`, 'invalid-action');
      const live = await this.requireSeq(cached, side, expectedSeq);
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const before = live.tl.state;
      let out;
      try {
        out = step(live.game, before, side, parsed.data);
      } catch (e) {
        if (e instanceof RuleError) throw unprocessable(e.message, e.code);
        throw e;
      }
      const result = live.game.result(out.state.game);
      // A cut-off for undo: the engine's flag, the end, or a decision passed to another side.
      let cut = out.reveals || result !== null;
      if (!cut && !out.private) {
        for (const o of live.game.sides) {
          if (o !== side && !jsonEqual(promptOf(live.game, before.game, o), promptOf(live.game, out.state.game, o))) cut = true;
        }
      }
      const row: Row = { seq: live.tl.seq + 1, side, kind: 'action', private: out.private, reveals: cut, payload: parsed.data, log: out.log, rolls: out.rolls };
      return this.append(live, row, out.state, () => live.tl.advance(row.seq, side, row.payload, out.state, row.private, cut), {
        status: result ? 'finished' : undefined,
      });
    });
  }

  /** Takes back `side`'s last decision, if nothing was learned since (see Timeline.planUndo). */
  undo(matchId: string, side: Viewer, expectedSeq: number): Promise<StateBody> {
    return this.inLane(matchId, async (cached) => {
      this.requireSide(cached, side);
      const live = await this.requireSeq(cached, side, expectedSeq);
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const plan = live.tl.planUndo(side);
      if (!plan) throw unprocessable(NOTHING_TO_UNDO, 'cannot-undo');
      const row: Row = {
        seq: live.tl.seq + 1,
        side,
        kind: 'undo',
        private: plan.target.private,
        reveals: false,
        payload: { seq: plan.target.seq },
        log: undoLog(side, plan.target.private),
        rolls: [],
      };
      return this.append(live, row, plan.state, () => live.tl.commitUndo(plan), {});
    });
  }

  /** Ends the match: `side` resigns (or, by the creator's decision, forfeits). */
  end(matchId: string, side: Viewer, kind: 'resign' | 'forfeit', check?: (live: Live) => void): Promise<StateBody> {
    return this.inLane(matchId, async (live) => {
      this.requireSide(live, side);
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      check?.(live);
      const row: Row = { seq: live.tl.seq + 1, side, kind, private: false, reveals: true, payload: {}, log: endLog(kind, side), rolls: [] };
      return this.append(live, row, live.tl.state, () => (live.tl.chain = []), { status: 'finished' });
    });
  }

  /**
   * Appends one row (with its state) in one transaction, then applies it to the live copy,
   * publishes, and sends the notices it calls for. Runs inside the match's lane.
   */
  private async append(live: Live, row: Row, next: MatchState, apply: () => void, change: Change): Promise<StateBody> {
    const side = row.side;
    const promptsBefore = this.promptHolders(live);
    const seatChanges: Record<string, Partial<SeatState>> = {};
    // Acting with a seat's link takes the seat (the creator handed the link to its player).
    if (row.kind !== 'forfeit' && !live.seats[side]?.claimed) seatChanges[side] = { claimed: true };
    const status = change.status ?? this.statusWith(live, seatChanges);
    const ended = isOver(status) && !isOver(live.status);
    const writes: Prisma.PrismaPromise<unknown>[] = [
      this.prisma.action.create({
        data: {
          matchId: live.id,
          seq: row.seq,
          side,
          kind: row.kind,
          private: row.private,
          reveals: row.reveals,
          payload: row.payload as Prisma.InputJsonValue,
          log: row.log as unknown as Prisma.InputJsonValue,
          rolls: row.rolls as unknown as Prisma.InputJsonValue,
        },
      }),
      this.prisma.match.update({
        where: { id: live.id },
        data: {
          seq: row.seq,
          status,
          ...(ended ? { endedAt: new Date(this.now()) } : {}),
          ...(row.kind === 'resign' || row.kind === 'forfeit' ? { result: endResult(live.game, row.kind, side) as unknown as Prisma.InputJsonValue } : {}),
        },
      }),
    ];
    if (row.seq % this.opts.snapshotEvery === 0 || ended) {
      writes.push(this.prisma.snapshot.create({ data: { matchId: live.id, seq: row.seq, state: next as unknown as Prisma.InputJsonValue } }));
    }
    const due = this.dueChanges(live, next, status, row.kind === 'action' && !row.private ? side : undefined);
    for (const [s, c] of Object.entries(due)) seatChanges[s] = { ...seatChanges[s], ...c };
    writes.push(...this.seatWrites(live, seatChanges));
    try {
      await this.prisma.$transaction(writes);
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
        // Another process appended this seq first: our copy is stale.
        this.live.delete(live.id);
        const fresh = await this.load(live.id);
        throw conflict('Another action was accepted first.', this.body(fresh, side, -1));
      }
      throw e;
    }
    const seqsBefore = live.tl.seqs.snapshot();
    const wasOver = isOver(live.status);
    apply();
    live.tl.hold(row);
    this.applySeats(live, seatChanges);
    live.status = status;
    this.opts.logger.info({ matchId: live.id, seq: row.seq, side, kind: row.kind, status }, 'action accepted');
    const everyone = [...live.game.sides, SPECTATOR];
    this.publish(live, row.private && !ended ? [side] : everyone, ended && !wasOver ? {} : seqsBefore);
    this.afterChange(live, promptsBefore, side, ended);
    return this.body(live, side, -1);
  }

  /** Notices after a change: "your move" to each other side that now has a decision, "over" to all at the end. */
  afterChange(live: Live, promptsBefore: Record<string, boolean>, actor: string | null, ended: boolean): void {
    if (ended) {
      for (const s of live.game.sides) this.notice(live, s, 'match-over');
      return;
    }
    if (live.status !== 'active') return;
    const now = this.promptHolders(live);
    for (const s of live.game.sides) if (s !== actor && now[s] && !promptsBefore[s]) this.notice(live, s, 'your-move');
  }

  /** Which sides have a decision to make now. */
  promptHolders(live: Live, state: MatchState = live.tl.state): Record<string, boolean> {
    return Object.fromEntries(live.game.sides.map((s) => [s, promptOf(live.game, state.game, s) !== null]));
  }

  /** Queues a notice for `side` (nothing hidden: the match, the side, its own seq, a link without a token). */
  notice(live: Live, side: string, event: NoticeEvent, extra: Partial<Notice> = {}): void {
    const seat = live.seats[side];
    const notifier = this.opts.notifier;
    if (!notifier || !seat?.notify || (!seat.notify.webhook && !seat.notify.email)) return;
    const result = live.tl.result();
    notifier.notify(
      { ...seat.notify, secret: seat.secret ?? undefined },
      {
        event,
        match: live.id,
        game: live.game.id,
        gameName: live.game.name,
        side,
        seq: live.tl.seqs.of(side),
        link: this.link(live.id),
        at: new Date(this.now()).toISOString(),
        ...(event === 'match-over' && result ? { result: result.text } : {}),
        ...(seat.dueAt ? { dueAt: seat.dueAt.toISOString() } : {}),
        ...extra,
      },
    );
  }

  /** The status once `seatChanges` apply: waiting while a seat is free, else active (an ended match keeps its status). */
  statusWith(live: Live, seatChanges: Record<string, Partial<SeatState>> = {}): MatchStatus {
    if (isOver(live.status)) return live.status;
    const taken = live.game.sides.every((s) => seatChanges[s]?.claimed ?? live.seats[s]?.claimed ?? false);
    return taken ? 'active' : 'waiting';
  }

  /**
   * How the move deadlines change with `state` and `status`: a side that has a decision and
   * no due time gets one; a side without a decision loses its due time and marks; `decided`
   * (the actor of a public action) starts afresh on its next decision. A private step
   * leaves the clock running: the decision it belongs to is not made yet.
   */
  dueChanges(live: Live, state: MatchState, status: MatchStatus, decided?: string): Record<string, Partial<SeatState>> {
    const out: Record<string, Partial<SeatState>> = {};
    for (const s of live.game.sides) {
      const seat = live.seats[s]!;
      const wants = status === 'active' && live.deadlineMs !== null && promptOf(live.game, state.game, s) !== null;
      if (wants && (!seat.dueAt || s === decided)) out[s] = { dueAt: new Date(this.now() + live.deadlineMs!), remindedAt: null, overdueAt: null };
      else if (!wants && (seat.dueAt || seat.overdueAt)) out[s] = { dueAt: null, remindedAt: null, overdueAt: null };
    }
    return out;
  }

  seatWrites(live: Live, changes: Record<string, Partial<SeatState>>): Prisma.PrismaPromise<unknown>[] {
    return Object.entries(changes).map(([side, c]) =>
      this.prisma.seat.updateMany({
        where: { matchId: live.id, side },
        data: {
          ...(c.claimed !== undefined ? { claimedAt: c.claimed ? new Date(this.now()) : null } : {}),
          ...('name' in c ? { name: c.name } : {}),
          ...('notify' in c ? { notify: c.notify === null ? Prisma.DbNull : (c.notify as Prisma.InputJsonValue) } : {}),
          ...('secret' in c ? { webhookSecret: c.secret } : {}),
          ...('dueAt' in c ? { dueAt: c.dueAt } : {}),
          ...('remindedAt' in c ? { remindedAt: c.remindedAt } : {}),
          ...('overdueAt' in c ? { overdueAt: c.overdueAt } : {}),
        },
      }),
    );
  }

  applySeats(live: Live, changes: Record<string, Partial<SeatState>>): void {
    for (const [side, c] of Object.entries(changes)) live.seats[side] = { ...live.seats[side]!, ...c };
  }

  /**
   * internal: commits a change that appends no row (a seat taken or left, a deadline, an
   * abandonment) and publishes it. Runs inside the match's lane.
   */
  async commitChange(live: Live, change: Change, extra: Prisma.PrismaPromise<unknown>[] = [], actor: string | null = null): Promise<void> {
    const seats = { ...change.seats };
    const status = change.status ?? this.statusWith(live, seats);
    const due = this.dueChanges(live, live.tl.state, status);
    for (const [s, c] of Object.entries(due)) seats[s] = { ...c, ...seats[s] };
    const ended = isOver(status) && !isOver(live.status);
    const promptsBefore = live.status === 'active' ? this.promptHolders(live) : Object.fromEntries(live.game.sides.map((s) => [s, false]));
    await this.prisma.$transaction([
      ...extra,
      this.prisma.match.update({ where: { id: live.id }, data: { status, ...(ended ? { endedAt: new Date(this.now()) } : {}) } }),
      ...this.seatWrites(live, seats),
      // The state an ended match ends with is kept, so that its verification compares with it.
      ...(ended
        ? [
            this.prisma.snapshot.upsert({
              where: { matchId_seq: { matchId: live.id, seq: live.tl.seq } },
              create: { matchId: live.id, seq: live.tl.seq, state: live.tl.state as unknown as Prisma.InputJsonValue },
              update: {},
            }),
          ]
        : []),
    ]);
    const seqsBefore = live.tl.seqs.snapshot();
    this.applySeats(live, seats);
    live.status = status;
    this.publish(live, [...live.game.sides, SPECTATOR], ended ? {} : seqsBefore);
    this.afterChange(live, promptsBefore, actor, ended);
  }

  /** internal: runs `work` in the match's lane with its live copy. */
  inLane<T>(matchId: string, work: (live: Live) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new ApiError(503, 'shutting-down', 'The server is restarting; try again in a moment.'));
    return this.lanes.run(matchId, async () => work(await this.load(matchId)));
  }

  /** internal: forgets a revoked token and tells the sockets of its seat to go. */
  revoked(matchId: string, side: string): void {
    for (const [h, s] of this.seatCache) if (s.matchId === matchId && s.side === side) this.seatCache.delete(h);
    for (const r of this.revokers) r(matchId, side);
  }

  /** internal: pushes another event (chat, rematch) to audiences' rooms. */
  emit(matchId: string, audiences: readonly Viewer[], event: string, payload: unknown): void {
    for (const p of this.eventPublishers) p(matchId, audiences, event, payload);
  }

  /** Pushes the new state to each audience that may know of it: one body per audience, computed once. */
  private publish(live: Live, audiences: readonly Viewer[], before: Record<string, number>): void {
    if (this.publishers.length === 0) return;
    for (const audience of audiences) {
      // Once over, every audience reads the referee's log: the entries after the referee's seq before.
      const after = isOver(live.status) ? (before[REFEREE] ?? -1) : (before[audience] ?? -1);
      const body = this.body(live, audience, after);
      for (const p of this.publishers) p(live.id, audience, body);
    }
  }

  body(live: Live, viewer: Viewer, afterSeq: number): StateBody {
    live.lastUsed = this.now();
    return stateBody(live, viewer, afterSeq);
  }

  private requireSide(live: Live, side: Viewer): void {
    if (side === SPECTATOR || !live.game.sides.includes(side)) throw forbidden('Spectators cannot act.', 'spectator');
  }

  /**
   * The live copy if `expectedSeq` is the seq `side` knows; 409 with the current state if not.
   * A client ahead of our copy means another process appended meanwhile: reload once and look again.
   */
  private async requireSeq(live: Live, side: Viewer, expectedSeq: number): Promise<Live> {
    let known = live.tl.seqs.of(side);
    if (expectedSeq > known) {
      this.live.delete(live.id);
      live = await this.load(live.id);
      known = live.tl.seqs.of(side);
    }
    if (expectedSeq !== known) {
      throw conflict(`The match has moved on: you sent seq ${expectedSeq}, it is at ${known}.`, this.body(live, side, -1));
    }
    return live;
  }

  private async requireMatch(matchId: string): Promise<void> {
    if (this.live.has(matchId)) return;
    const row = await this.prisma.match.findUnique({ where: { id: matchId }, select: { id: true } });
    if (!row) throw notFound(`There is no match "${matchId}".`);
  }

  /** internal: the live copy of a match: from memory, or rebuilt from its rows. */
  async load(matchId: string): Promise<Live> {
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

  /** internal: drops the live copy (it reloads from the database on next use). */
  forget(matchId: string): void {
    this.live.delete(matchId);
  }

  /**
   * Rebuilds a match from the latest snapshot at or before its last public cut-off (so
   * that every decision that may still be taken back is replayed with the state before
   * it) plus the rows after it; earlier if an undo reaches further back.
   */
  private async readMatch(matchId: string): Promise<Live> {
    const row = await this.prisma.match.findUnique({ where: { id: matchId }, include: { seats: true } });
    if (!row) throw notFound(`There is no match "${matchId}".`);
    const game = this.gameModule(row.game);
    const rows = await readRows(this.prisma, matchId, row.seq, false);
    let limit = rows.reduce((m, r) => (r.reveals && !r.private ? r.seq : m), 0);
    for (;;) {
      const snap = await this.prisma.snapshot.findFirst({ where: { matchId, seq: { lte: limit } }, orderBy: { seq: 'desc' } });
      if (!snap) throw new ApiError(500, 'corrupt', `Match ${matchId} has no snapshot.`);
      try {
        const tl = fold(game, row.setupLog as unknown as LogEntry[], rows, { seq: snap.seq, state: snap.state as unknown as MatchState });
        const seats: Record<string, SeatState> = {};
        for (const s of row.seats) {
          if (s.side === SPECTATOR) continue;
          seats[s.side] = {
            name: s.name,
            claimed: s.claimedAt !== null,
            notify: (s.notify as Notify | null) ?? null,
            secret: s.webhookSecret,
            dueAt: s.dueAt,
            remindedAt: s.remindedAt,
            overdueAt: s.overdueAt,
          };
        }
        return {
          id: row.id,
          game,
          options: row.options,
          seed: row.seed,
          seedHash: row.seedHash,
          status: row.status as MatchStatus,
          listed: row.listed,
          deadlineMs: row.moveDeadlineMs,
          rematchId: row.rematchId,
          tl,
          seats,
          lastUsed: this.now(),
        };
      } catch (e) {
        if (e instanceof NeedsEarlierBase) {
          limit = e.target - 1;
          continue;
        }
        throw e;
      }
    }
  }

  private evictIdle(): void {
    const cutoff = this.now() - this.opts.idleMs;
    for (const [id, l] of this.live) if (l.lastUsed < cutoff) this.live.delete(id);
  }

  /** Refuses new work and waits for every action in progress (graceful shutdown). */
  async stop(): Promise<void> {
    this.closing = true;
    await this.lanes.drain();
  }

  /** Waits for every action in progress. */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  async health(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}

/** A match's rows up to `upto`, ascending, as the fold reads them. */
export async function readRows(prisma: PrismaClient, matchId: string, upto: number, withRolls: boolean): Promise<Row[]> {
  const found = await prisma.action.findMany({
    where: { matchId, seq: { lte: upto } },
    orderBy: { seq: 'asc' },
    select: { seq: true, side: true, kind: true, private: true, reveals: true, payload: true, log: true, rolls: withRolls },
  });
  return found.map((a) => ({
    seq: a.seq,
    side: a.side,
    kind: a.kind as RowKind,
    private: a.private,
    reveals: a.reveals,
    payload: a.payload,
    log: a.log as unknown as LogEntry[],
    rolls: withRolls ? ((a as { rolls?: unknown }).rolls as Row['rolls']) : [],
  }));
}

export function zodMessage(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
