/**
 * A player's replay (issue #14): what a viewer saw at each of its own seqs while the match
 * runs, and the referee's whole match, step by step, once it is over.
 *
 * Indexed by the viewer's own seq, never by the real one: a viewer's seq N is the point
 * where its own count of the actions it may know of reached N (SeqCounter), so the answer
 * at N is the view it was sent then, whatever number of private steps the other side took
 * before or after. Its log is the one it read, stamped with its own seqs. The real seq, and
 * the real position behind a viewer's N, never leave this module while the match runs.
 *
 * Cache: each match's rows are folded once, through the engine's timeline as the admin's
 * replay and the verifier fold them, into a "head" timeline (the log with every viewer's
 * stamps), a checkpoint every `every` rows (the state and the undo chain then: states are
 * never changed once made, so a checkpoint holds references, not copies), and per viewer
 * the real position at which each of its seqs was reached. A step costs at most `every`
 * rows replayed (from the checkpoint before it), and about one when stepping back or forth. New rows are folded onto the head as the match goes on. The matches held are an
 * LRU of `max` entries.
 */
import {
  REFEREE,
  SPECTATOR,
  stageOf,
  Timeline,
  viewOf,
  withoutOthersOrders,
  type ChainEntry,
  type GameModule,
  type LogEntry,
  type Result,
  type Row,
  type Seal,
  type Viewer,
} from '../engine';
import type { HistoryBody } from '../protocol';
import type { MatchRecord } from '../store/match-store';
import { gameOf, type MatchContext } from './context';
import { storedSeal } from './dice';
import { ApiError, unprocessable } from './errors';
import { isOver } from './live';
import type { LiveMatches } from './loading';

/** Rows folded between two turns of the event loop when a match's history is first built. */
const FOLD_SLICE = 64;

/** What the history needs of the match service. */
export interface HistoryDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'load'>;
}

export interface HistoryOptions {
  /** Matches held at once (least recently used dropped first). */
  max?: number;
  /** A checkpoint every this many rows: a step replays fewer rows than this. */
  every?: number;
}

interface Checkpoint {
  seq: number;
  state: Timeline['state'];
  chain: ChainEntry[];
  ended: Result | null;
}

/** One match folded: its rows, the head timeline, checkpoints, and where each viewer's seqs were reached. */
interface Entry {
  game: GameModule;
  setupLog: LogEntry[];
  rows: Row[];
  head: Timeline;
  seal: Seal | null;
  checkpoints: Checkpoint[];
  /** Per viewer (sides and spectator): `reached[v][n]` = the real seq at which v's seq became n. */
  reached: Map<Viewer, number[]>;
  /** The states after each row of the checkpoint interval last stepped in, as far as computed. */
  segment: { block: number; points: Checkpoint[] } | null;
}

/** Figures for tests and benchmarks: rows replayed to answer steps, and full folds made. */
export interface HistoryStats {
  folds: number;
  rowsFolded: number;
  rowsReplayed: number;
}

export class History {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<Entry>>();
  private readonly max: number;
  private readonly every: number;
  readonly stats: HistoryStats = { folds: 0, rowsFolded: 0, rowsReplayed: 0 };

  constructor(
    private svc: HistoryDeps,
    opts: HistoryOptions = {},
  ) {
    this.max = Math.max(1, opts.max ?? 8);
    this.every = Math.max(1, opts.every ?? 16);
  }

  /**
   * What `viewer` (a side or the spectator) saw at its own seq `at` (its latest when
   * omitted), with the log entries it read after its seq `since` up to then; once the
   * match is over, the referee's state after real seq `at`, everything revealed.
   */
  async at(matchId: string, viewer: Viewer, at?: number, since = -1): Promise<HistoryBody> {
    const live = await this.svc.matches.load(matchId);
    const revealed = isOver(live.status);
    const entry = await this.entry(matchId, live.tl.seq);
    const eye: Viewer = revealed ? REFEREE : viewer;
    const total = revealed ? entry.head.seq : entry.head.seqs.of(eye);
    const n = at ?? total;
    if (n > total) {
      throw unprocessable(
        revealed
          ? `The match has ${total} steps: step ${n} is beyond its end (ask for 0 to ${total}).`
          : `You have seen ${total} steps of this match so far: step ${n} is beyond them (ask for 0 to ${total}).`,
        'out-of-range',
      );
    }
    const reached = revealed ? null : entry.reached.get(eye);
    if (!revealed && !reached) throw new ApiError(403, 'forbidden', 'Only the seats and the spectators of a match step through its history.');
    const real = reached ? reached[n]! : n;
    const tl = this.timelineAt(entry, real);
    const view = viewOf(entry.game, tl.state.game, eye);
    const from = Math.min(since, n);
    return {
      id: matchId,
      game: entry.game.id,
      you: viewer,
      eye,
      revealed,
      at: n,
      total,
      view,
      stage: stageOf(entry.game, view),
      log: revealed ? withoutOthersOrders(entry.head.logFor(eye, from, n), viewer) : entry.head.logFor(eye, from, n),
      logFrom: from,
      result: tl.result(),
    };
  }

  /** Drops a match's folded history (tests; a match forgotten). */
  forget(matchId: string): void {
    this.entries.delete(matchId);
  }

  /** The match folded up to at least real seq `upto` (the live copy's): from the cache, extended, or folded anew. */
  private async entry(matchId: string, upto: number): Promise<Entry> {
    const hit = this.entries.get(matchId);
    if (hit) {
      this.entries.delete(matchId);
      this.entries.set(matchId, hit);
      if (hit.head.seq >= upto) return hit;
      const m = await this.readMatch(matchId);
      const rows = await this.svc.ctx.store.readRows(matchId, m.seq, { after: hit.head.seq });
      hit.seal = storedSeal(m, hit.game);
      this.extend(hit, rows);
      return hit;
    }
    let p = this.pending.get(matchId);
    if (!p) {
      p = this.build(matchId).finally(() => this.pending.delete(matchId));
      this.pending.set(matchId, p);
    }
    const entry = await p;
    this.entries.set(matchId, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  private async readMatch(matchId: string): Promise<MatchRecord> {
    const m = await this.svc.ctx.store.readMatch(matchId);
    if (!m) throw new ApiError(404, 'not-found', `There is no match "${matchId}".`);
    return m;
  }

  private async build(matchId: string): Promise<Entry> {
    const t0 = performance.now();
    const m = await this.readMatch(matchId);
    const game = gameOf(this.svc.ctx, m.game);
    const [rows, base] = await Promise.all([this.svc.ctx.store.readRows(matchId, m.seq), this.svc.ctx.store.snapshotAtOrBefore(matchId, 0)]);
    if (!base) throw new ApiError(500, 'corrupt', `Match ${matchId} has no snapshot.`);
    const setupLog = m.setupLog as LogEntry[];
    const head = new Timeline(game, base.state, setupLog);
    const reached = new Map<Viewer, number[]>([...game.sides, SPECTATOR].map((v) => [v, [0]]));
    const entry: Entry = { game, setupLog, rows: [], head, seal: storedSeal(m, game), checkpoints: [], reached, segment: null };
    entry.checkpoints.push(checkpoint(head));
    // In slices, with the event loop between them: a long campaign's first fold takes seconds,
    // and every other match of this process must go on meanwhile (concurrent asks share this fold).
    for (let i = 0; i < rows.length; i += FOLD_SLICE) {
      this.extend(entry, rows.slice(i, i + FOLD_SLICE));
      if (i + FOLD_SLICE < rows.length) await new Promise((resolve) => setImmediate(resolve));
    }
    this.stats.folds++;
    this.svc.ctx.logger.debug({ matchId, rows: rows.length, ms: Math.round(performance.now() - t0) }, 'history folded');
    return entry;
  }

  /** Folds `rows` onto the head (those it holds already are skipped): checkpoints and each viewer's seqs. */
  private extend(entry: Entry, rows: readonly Row[]): void {
    const { head, seal } = entry;
    for (const row of rows) {
      if (row.seq <= head.seq) continue;
      if (row.seq !== head.seq + 1) throw new ApiError(500, 'corrupt', `The rows of the match skip from seq ${head.seq} to ${row.seq}.`);
      if (seal && head.seq >= seal.seq) head.seal(seal.dice);
      head.replayRow(row);
      entry.rows.push(row);
      this.stats.rowsFolded++;
      for (const [v, list] of entry.reached) if (head.seqs.of(v) === list.length) list.push(row.seq);
      if (head.seq % this.every === 0) entry.checkpoints.push(checkpoint(head));
    }
    if (seal && head.seq >= seal.seq) head.seal(seal.dice);
  }

  /**
   * A timeline standing after real seq `real`. The points of the checkpoint interval last
   * stepped in are kept (`segment`): a step back within it replays nothing, a step forward
   * the rows since its last point, a jump elsewhere the rows from that interval's checkpoint.
   */
  private timelineAt(entry: Entry, real: number): Timeline {
    if (real === entry.head.seq) return entry.head;
    const block = Math.floor(real / this.every);
    if (entry.segment?.block !== block) entry.segment = { block, points: [entry.checkpoints[block]!] };
    const points = entry.segment.points;
    const last = points[points.length - 1]!;
    if (last.seq >= real) return resume(entry.game, points[real - points[0]!.seq]!);
    const tl = resume(entry.game, last);
    const { seal } = entry;
    while (tl.seq < real) {
      if (seal && tl.seq >= seal.seq) tl.seal(seal.dice);
      tl.replayRow(entry.rows[tl.seq]!);
      this.stats.rowsReplayed++;
      points.push(checkpoint(tl));
    }
    return tl;
  }
}

/** A timeline going on from a point (its log is not kept: the head's is read). */
function resume(game: GameModule, p: Checkpoint): Timeline {
  const tl = new Timeline(game, p.state, []);
  tl.seq = p.seq;
  tl.chain = p.chain.slice();
  tl.ended = p.ended;
  return tl;
}

function checkpoint(tl: Timeline): Checkpoint {
  return { seq: tl.seq, state: tl.state, chain: tl.chain.slice(), ended: tl.ended };
}
