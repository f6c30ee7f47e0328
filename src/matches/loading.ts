/**
 * Live matches: the in-memory copy of each match in use, its lane, and how a copy is
 * rebuilt from the store (the latest usable snapshot plus the rows after it, folded by
 * the engine's timeline) and evicted when idle.
 *
 * Caches, and why each is safe: a copy changes only inside its lane and only after the
 * store has taken the change; another process's change shows as a client ahead of our
 * seq, as a SeqTaken on append, or as the cluster's "match changed" message. Each of them
 * brings the held copy up to the store in place (`reload`): the rows after its seq are
 * replayed one by one and each is handed to `onFollow`, which pushes it to this process's
 * sockets as the process that stored it pushed it to its own: in order, to the same
 * audiences (docs/architecture.md, "Several processes").
 */
import { fold, NeedsEarlierBase, SPECTATOR, type Row } from '../engine';
import { UNSET_SEAT_COLUMNS, type MatchRecord, type NewMatch, type SeatRecord } from '../store/match-store';
import { gameOf, type MatchContext } from './context';
import { liveClock } from './clock-policy';
import { storedSeal } from './dice';
import { jsonCopy } from './json-copy';
import { DEFLATED } from './log-packer';
import { ApiError, notFound } from './errors';
import { Lanes } from './lane';
import { statusWith, withChanges } from './deadline-policy';
import { isOver, type Live, type SeatState } from './live';

/**
 * A match that has ended is dropped from memory this soon after its last use (at most `idleMs`):
 * long enough for its last pushes and the requests that come straight after them, and no
 * longer, as a busy server ends many matches a second. `bench:load -- 100 30 1` (2026-11-27,
 * about 50 matches ending a second): peak RSS 328 MiB with 10 s, 256 MiB with 2 s, 243 MiB with 1 s.
 * 2026-11-28, 60 matches ending a second, turn about: 192–198 MiB with 2 s (swept each second), 188–189
 * with 1 s (swept each half second), 184–187 with half a second; the same CPU a move. A copy
 * dropped comes back from the store on its next use (an ended match has a snapshot at its end).
 */
const ENDED_IDLE_MS = 1_000;
/** The least time between two sweeps for idle copies. */
const SWEEP_MIN_MS = 500;

export class LiveMatches {
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private lanes = new Lanes();
  private closing = false;

  /** When idle copies were last looked for (a use of any match looks again after SWEEP_MIN_MS). */
  private swept = 0;

  /**
   * Told of each change another process made that a reload takes into a held copy: a row
   * (`row`), or the match's own columns alone (`row` null, with `columns` true when they
   * changed); `before` is the copy's seqs before it, `wasOver` whether it had ended.
   */
  onFollow: ((live: Live, change: Followed) => void) | null = null;

  /** A copy for which this is true (sockets of this process watch it) is not dropped when idle. */
  keep: (matchId: string) => boolean = () => false;

  /**
   * Whether this process may hold a copy of the match in memory (several processes: only the
   * match's owner, src/server/owners.ts). A copy another process may change meanwhile is read
   * for each use and not kept.
   */
  hold: (matchId: string) => boolean = () => true;

  constructor(
    private ctx: MatchContext,
    /** A copy unused this long is dropped, on the next use of any match after SWEEP_MIN_MS. */
    private idleMs: number,
  ) {}

  /** How many matches are held in memory now. */
  get size(): number {
    return this.live.size;
  }

  /** Runs `work` in the match's lane with its live copy: the work of one match never interleaves in this process. */
  inLane<T>(matchId: string, work: (live: Live) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new ApiError(503, 'shutting-down', 'The server is restarting; try again in a moment.'));
    return this.lanes.run(matchId, async () => work(await this.load(matchId)));
  }

  /** The live copy of a match: from memory, or rebuilt from the store. */
  async load(matchId: string): Promise<Live> {
    const hit = this.live.get(matchId);
    if (hit) {
      // No timer (a timer would keep every service, and all it holds, alive for good): a sweep rides on the traffic.
      const now = this.ctx.now();
      if (now - this.swept >= SWEEP_MIN_MS) {
        hit.lastUsed = now;
        this.evictIdle();
      }
      return hit;
    }
    let pending = this.loading.get(matchId);
    if (!pending) {
      pending = this.rebuild(matchId).finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, pending);
    }
    const live = await pending;
    if (!this.hold(matchId)) return live;
    const fresh = this.live.get(matchId) !== live;
    this.live.set(matchId, live);
    if (fresh) this.packWhenServed(matchId, live);
    // A sweep walks every copy: at most once a second, however many matches start.
    if (this.ctx.now() - this.swept >= SWEEP_MIN_MS) this.evictIdle();
    return live;
  }

  /**
   * Packs a loaded copy's log (held-log.ts) once the work that loaded it is done: after the
   * lane's work queued so far (a cold action reads the whole log for its answer, as it came
   * from the store: packed before, it would be inflated and parsed again at once) and after
   * the response made of it (the next turn of the event loop).
   */
  private packWhenServed(matchId: string, live: Live): void {
    void this.lanes.run(matchId, () => new Promise<void>((resolve) => setImmediate(() => resolve(live.tl.packLog(DEFLATED)))));
  }

  /**
   * Takes a match this process has just stored into memory as the store would give it back,
   * with no read: the sockets and requests that follow it find it here. Unused, it goes after
   * ENDED_IDLE_MS, as an ended match does (a flood of creations holds no memory for long).
   */
  adopt(m: NewMatch): void {
    const snap = m.snapshots.find((s) => s.seq === 0);
    if (this.closing || !snap || (m.rows?.length ?? 0) > 0 || this.live.has(m.id) || this.loading.has(m.id)) return;
    const game = gameOf(this.ctx, m.game);
    const now = this.ctx.now();
    const record = recordOf(m, new Date(now));
    const tl = fold(game, record.setupLog, [], { seq: 0, state: jsonCopy(snap.state) }, undefined, storedSeal(record, game));
    tl.packLog(DEFLATED);
    this.live.set(m.id, { ...liveFields(record), game, tl, lastUsed: now - this.idleMs + Math.min(this.idleMs, ENDED_IDLE_MS) });
  }

  /**
   * Brings the copy up to the store (another process may have changed the match): the held
   * copy, in place (so its push chains go on), or a new one. Each row after the copy's seq
   * is replayed and handed to `onFollow`, then the match's columns; with `columns`, a change
   * of the columns alone is handed on too. Call it inside the match's lane.
   */
  async reload(matchId: string, columns = false): Promise<Live> {
    const live = this.live.get(matchId);
    if (!live) return this.load(matchId);
    const since = await this.ctx.store.readSince(matchId, live.tl.seq);
    if (!since) {
      this.forget(matchId);
      throw notFound(`There is no match "${matchId}".`);
    }
    const { match: m, rows } = since;
    const seal = storedSeal(m, live.game);
    const sameColumns = columnsText(liveFields(m)) === columnsText(live);
    try {
      for (let i = 0; i < rows.length; i++) {
        if (seal && live.tl.seq >= seal.seq) live.tl.seal(seal.dice);
        const before = live.tl.seqs.snapshot();
        const wasOver = isOver(live.status);
        live.tl.replayRow(rows[i]!);
        if (i === rows.length - 1) Object.assign(live, liveFields(m));
        else rowColumns(live, rows[i]!, m);
        this.onFollow?.(live, { row: rows[i]!, before, wasOver, columns: false });
      }
    } catch (e) {
      if (!(e instanceof NeedsEarlierBase)) {
        // A copy left half-way is no copy: the next use rebuilds it from the store.
        this.forget(matchId);
        throw e;
      }
      // An undo reaching behind the copy's base: rebuilt whole, and handed on as one change.
      const before = live.tl.seqs.snapshot();
      const wasOver = isOver(live.status);
      Object.assign(live, await this.rebuild(matchId), { lastUsed: live.lastUsed });
      live.tl.packLog(DEFLATED);
      // To the audiences whose seq moved, or to everyone if the columns changed (Play.followed): a private undo reaches its side alone.
      this.onFollow?.(live, { row: null, before, wasOver, columns: !sameColumns });
      return live;
    }
    if (seal && live.tl.seq >= seal.seq) live.tl.seal(seal.dice);
    if (rows.length === 0) {
      const before = live.tl.seqs.snapshot();
      const wasOver = isOver(live.status);
      Object.assign(live, liveFields(m));
      if (columns && !sameColumns) this.onFollow?.(live, { row: null, before, wasOver, columns: true });
    }
    return live;
  }

  /**
   * Runs `work` in the match's lane if this process holds a copy of it then, or is loading
   * one (a load that read the store before the change must take it in too); none is loaded
   * for it otherwise.
   */
  ifHeld(matchId: string, work: (live: Live) => Promise<void>): Promise<void> {
    if (this.closing) return Promise.resolve();
    return this.lanes.run(matchId, async () => {
      const live = this.live.get(matchId) ?? (this.loading.has(matchId) ? await this.load(matchId) : undefined);
      if (live) await work(live);
    });
  }

  /** Drops the live copy (it is rebuilt from the store on next use). */
  forget(matchId: string): void {
    this.live.delete(matchId);
  }

  /** Whether the match is held in memory now. */
  holds(matchId: string): boolean {
    return this.live.has(matchId);
  }

  /** Marks the copy as used now (eviction counts from its last use). */
  touch(live: Live): void {
    live.lastUsed = this.ctx.now();
  }

  /** Refuses new work and waits for every piece in progress (graceful shutdown). */
  async stop(): Promise<void> {
    this.closing = true;
    await this.lanes.drain();
  }

  /** Waits for every piece of work in progress. */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  /**
   * Rebuilds a match from the latest snapshot at or before its last public cut-off (so
   * that every decision that may still be taken back is replayed with the state before
   * it) plus the rows after it; earlier if an undo reaches further back. The match, its
   * seats and that snapshot come in one read; the rows at or before the snapshot, which the
   * fold only counts, without their payloads (read again whole from an earlier snapshot).
   */
  private async rebuild(matchId: string): Promise<Live> {
    const store = this.ctx.store;
    const found = await store.readForLoad(matchId);
    if (!found) throw notFound(`There is no match "${matchId}".`);
    const { match: m } = found;
    const game = gameOf(this.ctx, m.game);
    let snap = found.snapshot;
    for (;;) {
      if (!snap) throw new ApiError(500, 'corrupt', `Match ${matchId} has no snapshot.`);
      const rows = await store.readRows(matchId, m.seq, { payloadsAfter: snap.seq });
      try {
        const tl = fold(game, m.setupLog, rows, snap, undefined, storedSeal(m, game));
        return { ...liveFields(m), game, tl, lastUsed: this.ctx.now() };
      } catch (e) {
        if (!(e instanceof NeedsEarlierBase)) throw e;
        snap = await store.snapshotAtOrBefore(matchId, e.target - 1);
      }
    }
  }

  private evictIdle(): void {
    const now = this.ctx.now();
    this.swept = now;
    const cutoff = now - this.idleMs;
    const endedCutoff = now - Math.min(this.idleMs, ENDED_IDLE_MS);
    for (const [id, l] of this.live) if (l.lastUsed < (isOver(l.status) ? endedCutoff : cutoff) && !this.keep(id)) this.live.delete(id);
  }
}

/**
 * The columns a row changed where the process that stored it appended it, as far as the rows
 * and the stored match tell (a follower taking in several rows pushes each with these; the
 * last takes the stored columns whole): acting takes the actor's seat, the status follows
 * the seats, and the dice are sealed from the row after the stored seal's seq, with the
 * seats' stored part in them. Deadlines and time banks are the stored ones from the last row.
 */
function rowColumns(live: Live, row: Pick<Row, 'seq' | 'side' | 'kind'>, m: MatchRecord): void {
  const seat = live.seats[row.side];
  if (row.kind !== 'forfeit' && seat && !seat.claimed) live.seats = withChanges(live.seats, { [row.side]: { claimed: true } });
  live.status = statusWith(live.game, live.status, live.seats);
  if (m.diceSealSeq !== null && row.seq > m.diceSealSeq && live.dice.sealSeq === null) {
    live.dice = { ...live.dice, sealSeq: m.diceSealSeq };
    const stored = liveFields(m).seats;
    const sealing = Object.fromEntries(Object.entries(stored).map(([side, s]) => [side, { commitment: s.commitment, value: s.value, committedBy: s.committedBy }]));
    live.seats = withChanges(live.seats, sealing);
  }
}

/** A change another process made, as a reload takes it in (see `LiveMatches.onFollow`). */
export interface Followed {
  row: Pick<Row, 'seq' | 'side' | 'private' | 'unshared'> | null;
  before: Record<string, number>;
  wasOver: boolean;
  /** The match's own columns changed (row null; with no row and unchanged columns, a rebuild: the audiences whose seq moved). */
  columns: boolean;
}

/** The columns of a live copy that another process may change, as one text (to tell whether they did). */
const columnsText = (l: Omit<Live, 'game' | 'tl' | 'lastUsed'>): string => JSON.stringify([l.status, l.listed, l.deadlineMs, l.clock, l.rematchId, l.rematchSwap, l.dice, l.seats]);

/** A live copy's fields that come straight from the stored match and its seats. */
export function liveFields(m: MatchRecord): Omit<Live, 'game' | 'tl' | 'lastUsed'> {
  const seats: Record<string, SeatState> = {};
  for (const s of m.seats) {
    if (s.side === SPECTATOR) continue;
    seats[s.side] = {
      name: s.name,
      claimed: s.claimedAt !== null,
      notify: s.notify,
      orders: s.orders ?? null,
      secret: s.webhookSecret,
      dueAt: s.dueAt,
      remindedAt: s.remindedAt,
      overdueAt: s.overdueAt,
      commitment: s.commitment,
      value: s.value,
      committedBy: s.committedBy,
      bankMs: s.bankMs ?? null,
      bankDueAt: s.bankDueAt ?? null,
      bankOutAt: s.bankOutAt ?? null,
    };
  }
  return {
    id: m.id,
    options: m.options,
    seed: m.seed,
    seedHash: m.seedHash,
    status: m.status,
    listed: m.listed,
    deadlineMs: m.moveDeadlineMs,
    clock: liveClock(m),
    rematchId: m.rematchId,
    rematchSwap: m.rematchSwap === true,
    dice: { version: m.diceVersion, sealSeq: m.diceSealSeq },
    seats,
  };
}

/** A new match as the store reads it back: its JSON columns copied through JSON, every unset column null. */
function recordOf(m: NewMatch, now: Date): MatchRecord {
  const seat = (s: NewMatch['seats'][number]): SeatRecord => ({
    ...UNSET_SEAT_COLUMNS,
    // A field given as undefined is a column left unset: null, as the store reads it.
    ...(Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as typeof s),
    ...(s.notify ? { notify: jsonCopy(s.notify) } : {}),
    ...(s.orders ? { orders: jsonCopy(s.orders) } : {}),
  });
  return {
    id: m.id,
    game: m.game,
    options: jsonCopy(m.options ?? {}),
    seed: m.seed,
    seedHash: m.seedHash,
    status: m.status,
    seq: 0,
    setupLog: jsonCopy(m.setupLog),
    listed: m.listed ?? false,
    creatorHash: m.creatorHash,
    moveDeadlineMs: m.moveDeadlineMs,
    result: m.result ? jsonCopy(m.result) : null,
    endedAt: m.endedAt ?? null,
    rematchId: null,
    rematchSwap: null,
    diceVersion: m.diceVersion ?? 0,
    diceSealSeq: m.diceSealSeq ?? null,
    clock: m.clock ? jsonCopy(m.clock) : null,
    clockPausedAt: null,
    clockPauseBy: null,
    createdAt: m.createdAt ?? now,
    updatedAt: now,
    seats: m.seats.map(seat).sort((a, b) => (a.side < b.side ? -1 : a.side > b.side ? 1 : 0)),
  };
}
