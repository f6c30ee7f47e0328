/**
 * The storage port in memory: the same contract as PostgreSQL behind Prisma, for tests
 * and benchmarks that drive thousands of matches through the real match service. Shared
 * by several services, it behaves as one database shared by several processes.
 *
 * Honest where it matters: every call is all-or-nothing; the unique (match, seq) guard
 * refuses a second append of a seq with SeqTaken; token hashes, creator hashes and match
 * ids are unique; a write to a match that does not exist fails as a foreign key would.
 * Values are kept as primitives and JSON text, and parsed on every read, so nothing is
 * shared with the caller; jsonb columns come back with their keys in jsonb's order
 * (shorter keys first, then bytewise), the snapshot's json column in the order written,
 * and text refuses the NUL character, as in PostgreSQL.
 */
import type { Row } from '../engine';
import {
  keepsPayload,
  SeqTaken,
  type ChatChannel,
  type ChatRecord,
  type MatchFilter,
  type MatchListing,
  type MatchRecord,
  type MatchStore,
  type MatchSummary,
  type NewChat,
  type NewMatch,
  type OutboxJob,
  type RunningBank,
  type RowsOptions,
  type RunningClock,
  type Snapshot,
  type StoredRow,
  type Write,
  UNSET_SEAT_COLUMNS,
} from './match-store';
import {
  date,
  jsonb,
  KeptRows,
  keepRow,
  matchPatch,
  ms,
  patchSeat,
  readMatch,
  readSeat,
  sortedSeats,
  text,
  type Kept,
  type KeptChat,
  type KeptMatch,
  type KeptSeat,
} from './memory-kept';
import { MemoryPushSubscriptions } from './memory-push';
import type { NewPushSubscription, PushSubscriptionRecord } from './push-store';

export interface MemoryMatchStoreOptions {
  /** The clock of createdAt/updatedAt (the database's own clock in PostgreSQL). */
  now?: () => number;
}

export class MemoryMatchStore implements MatchStore {
  private matches = new Map<string, Kept>();
  private tokens = new Map<string, { matchId: string; side: string }>();
  private creators = new Set<string>();
  private chat: KeptChat[] = [];
  /** The outbox: each job a change owed, by key (the first written is kept). */
  readonly outbox = new Map<string, OutboxJob>();
  private ticks = 0;
  private readonly now: () => number;
  private push: MemoryPushSubscriptions;

  constructor(opts: MemoryMatchStoreOptions = {}) {
    this.now = opts.now ?? (() => Date.now());
    this.push = new MemoryPushSubscriptions((id) => this.matches.has(id), this.now);
  }

  /**
   * An independent copy of everything stored, as it stands (tests that branch a match:
   * the fog harness). Kept values are never changed in place, so the copy shares them.
   */
  fork(opts: MemoryMatchStoreOptions = { now: this.now }): MemoryMatchStore {
    const copy = new MemoryMatchStore(opts);
    for (const [id, k] of this.matches) copy.matches.set(id, { ...k, seats: new Map(k.seats), rows: k.rows.fork(), snapshots: new Map(k.snapshots) });
    copy.tokens = new Map(this.tokens);
    copy.creators = new Set(this.creators);
    copy.chat = this.chat.slice();
    copy.ticks = this.ticks;
    for (const [key, job] of this.outbox) copy.outbox.set(key, job);
    copy.push = this.push.fork((id) => copy.matches.has(id), copy.now);
    return copy;
  }

  async createMatch(m: NewMatch): Promise<void> {
    if (this.matches.has(m.id)) throw unique('matches.id');
    if (m.creatorHash && this.creators.has(m.creatorHash)) throw unique('matches.creator_hash');
    const sides = new Set<string>();
    const hashes = new Set<string>();
    for (const s of m.seats) {
      if (sides.has(s.side)) throw unique('seats.(match_id, side)');
      if (this.tokens.has(s.tokenHash) || hashes.has(s.tokenHash)) throw unique('seats.token_hash');
      sides.add(s.side);
      hashes.add(s.tokenHash);
    }
    const rows = m.rows ?? [];
    const seqs = new Set<number>();
    for (const r of rows) {
      if (seqs.has(r.seq)) throw unique('actions.(match_id, seq)');
      seqs.add(r.seq);
    }
    const now = this.now();
    const match: KeptMatch = {
      id: m.id,
      game: text(m.game),
      options: jsonb(m.options ?? {}),
      seed: text(m.seed),
      seedHash: text(m.seedHash),
      status: m.status,
      seq: rows.at(-1)?.seq ?? 0,
      setupLog: jsonb(m.setupLog),
      listed: m.listed ?? false,
      creatorHash: m.creatorHash,
      moveDeadlineMs: m.moveDeadlineMs,
      result: m.result ? jsonb(m.result) : null,
      endedAt: ms(m.endedAt),
      rematchId: null,
      rematchSwap: null,
      diceVersion: m.diceVersion ?? 0,
      diceSealSeq: m.diceSealSeq ?? null,
      clock: m.clock ? jsonb(m.clock) : null,
      clockPausedAt: null,
      clockPauseBy: null,
      createdAt: m.createdAt?.getTime() ?? now,
      updatedAt: now,
    };
    const kept: Kept = { match, touched: ++this.ticks, created: this.ticks, seats: new Map(), rows: new KeptRows(), lastSeq: 0, snapshots: new Map() };
    for (const s of m.seats) {
      const seat: KeptSeat = {
        side: text(s.side),
        tokenHash: s.tokenHash,
        ...UNSET_SEAT_COLUMNS,
      };
      kept.seats.set(s.side, patchSeat(seat, s));
    }
    for (const s of m.snapshots) kept.snapshots.set(s.seq, JSON.stringify(s.state));
    for (const r of rows) {
      kept.rows.set(r.seq, keepRow(r, r.createdAt?.getTime() ?? now));
      kept.lastSeq = Math.max(kept.lastSeq, r.seq);
    }
    this.matches.set(m.id, kept);
    for (const s of m.seats) this.tokens.set(s.tokenHash, { matchId: m.id, side: s.side });
    if (m.creatorHash) this.creators.add(m.creatorHash);
  }

  async readMatch(id: string): Promise<MatchRecord | null> {
    const k = this.matches.get(id);
    return k ? { ...readMatch(k.match), seats: sortedSeats(k).map(readSeat) } : null;
  }

  async hasMatch(id: string): Promise<boolean> {
    return this.matches.has(id);
  }

  async seatByToken(tokenHash: string): Promise<{ matchId: string; side: string } | null> {
    const t = this.tokens.get(tokenHash);
    return t ? { ...t } : null;
  }

  async readSince(id: string, after: number): Promise<{ match: MatchRecord; rows: StoredRow[] } | null> {
    const match = await this.readMatch(id);
    return match && { match, rows: await this.readRows(id, match.seq, { after }) };
  }

  async readForLoad(id: string): Promise<{ match: MatchRecord; snapshot: Snapshot | null } | null> {
    const k = this.matches.get(id);
    if (!k) return null;
    const match = (await this.readMatch(id))!;
    let limit = 0;
    for (let seq = Math.min(match.seq, k.lastSeq); seq >= 1 && limit === 0; seq--) {
      const r = k.rows.get(seq);
      if (r && r.reveals && !r.private) limit = seq;
    }
    return { match, snapshot: await this.snapshotAtOrBefore(id, limit) };
  }

  async readRows(matchId: string, upto: number, opts: RowsOptions = {}): Promise<StoredRow[]> {
    const k = this.matches.get(matchId);
    if (!k) return [];
    const out: StoredRow[] = [];
    // Rows are numbered from 1: walk the seqs asked for (not every row the match has).
    const last = Math.min(upto, k.lastSeq);
    for (let seq = Math.max(1, (opts.after ?? 0) + 1); seq <= last; seq++) {
      const r = k.rows.get(seq);
      if (!r) continue;
      out.push({
        seq: r.seq,
        side: r.side,
        kind: r.kind,
        private: r.private,
        ...(r.unshared ? { unshared: true } : {}),
        reveals: r.reveals,
        payload: keepsPayload(r, opts.payloadsAfter) ? JSON.parse(r.payload) : null,
        log: JSON.parse(r.log),
        rolls: opts.rolls ? JSON.parse(r.rolls) : [],
        createdAt: new Date(r.createdAt),
      });
    }
    return out;
  }

  async snapshotAtOrBefore(matchId: string, seq: number): Promise<Snapshot | null> {
    const k = this.matches.get(matchId);
    let best = -1;
    for (const s of k?.snapshots.keys() ?? []) if (s <= seq && s > best) best = s;
    return best < 0 ? null : { seq: best, state: JSON.parse(k!.snapshots.get(best)!) };
  }

  async append(matchId: string, row: Row, write: Write = {}): Promise<void> {
    const k = this.matches.get(matchId);
    if (!k) throw foreignKey(matchId);
    if (k.rows.has(row.seq)) throw new SeqTaken(matchId, row.seq);
    const kept = keepRow(row, this.now());
    const apply = this.prepare(k, write, row.seq);
    k.rows.set(row.seq, kept);
    k.lastSeq = Math.max(k.lastSeq, row.seq);
    apply();
  }

  async update(matchId: string, write: Write): Promise<void> {
    const k = this.matches.get(matchId);
    if (!k) {
      // As in SQL: seat updates of no match change nothing; the match's row or a snapshot needs the match.
      if (Object.keys(matchPatch(write.match ?? {})).length > 0) throw new Error(`No match "${matchId}" to update.`);
      if (write.snapshot) throw foreignKey(matchId);
      return;
    }
    this.prepare(k, write)();
  }

  /** Checks and converts every part of a write first (nothing changes if one fails), and returns what makes it. */
  private prepare(k: Kept, w: Write, seq?: number): () => void {
    const seats = new Map<string, KeptSeat>();
    const moves = new Map<string, string>();
    for (const [side, p] of Object.entries(w.seats ?? {})) {
      const old = k.seats.get(side);
      if (!old) continue;
      if (p.tokenHash !== undefined && p.tokenHash !== old.tokenHash) {
        if (this.tokens.has(p.tokenHash) || [...moves.values()].includes(p.tokenHash)) throw unique('seats.token_hash');
        moves.set(old.tokenHash, p.tokenHash);
      }
      seats.set(side, patchSeat(old, p));
    }
    const patch = matchPatch(w.match ?? {});
    const touch = Object.keys(patch).length > 0 || seq !== undefined;
    const snapshot = w.snapshot && !k.snapshots.has(w.snapshot.seq) ? JSON.stringify(w.snapshot.state) : null;
    return () => {
      if (touch) {
        k.match = { ...k.match, ...patch, ...(seq !== undefined ? { seq } : {}), updatedAt: this.now() };
        k.touched = ++this.ticks;
      }
      for (const [side, seat] of seats) k.seats.set(side, seat);
      for (const [from, to] of moves) {
        const who = this.tokens.get(from)!;
        this.tokens.delete(from);
        this.tokens.set(to, who);
      }
      if (snapshot !== null) k.snapshots.set(w.snapshot!.seq, snapshot);
      this.keepJobs(w.jobs);
    };
  }

  private keepJobs(jobs: readonly OutboxJob[] = []): void {
    for (const j of jobs) if (!this.outbox.has(j.key)) this.outbox.set(j.key, JSON.parse(JSON.stringify(j)));
  }

  async markSeat(matchId: string, side: string, mark: 'remindedAt' | 'overdueAt', dueAt: Date, at: Date, jobs?: readonly OutboxJob[]): Promise<boolean> {
    const seat = this.matches.get(matchId)?.seats.get(side);
    if (!seat || seat.dueAt !== dueAt.getTime() || seat[mark] !== null) return false;
    this.matches.get(matchId)!.seats.set(side, { ...seat, [mark]: at.getTime() });
    this.keepJobs(jobs);
    return true;
  }

  async runningClocks(): Promise<RunningClock[]> {
    const out: RunningClock[] = [];
    for (const [matchId, { match, seats }] of this.matches) {
      if (match.status !== 'active' || match.moveDeadlineMs === null) continue;
      for (const s of seats.values()) {
        if (s.dueAt !== null && s.overdueAt === null)
          out.push({ matchId, side: s.side, dueAt: new Date(s.dueAt), remindedAt: date(s.remindedAt), moveDeadlineMs: match.moveDeadlineMs });
      }
    }
    return out;
  }

  async markBankOut(matchId: string, side: string, dueAt: Date, at: Date, jobs?: readonly OutboxJob[]): Promise<boolean> {
    const seat = this.matches.get(matchId)?.seats.get(side);
    if (!seat || seat.bankDueAt !== dueAt.getTime() || seat.bankOutAt !== null) return false;
    this.matches.get(matchId)!.seats.set(side, { ...seat, bankMs: 0, bankDueAt: null, bankOutAt: at.getTime() });
    this.keepJobs(jobs);
    return true;
  }

  async runningBanks(): Promise<RunningBank[]> {
    const out: RunningBank[] = [];
    for (const [matchId, { match, seats }] of this.matches) {
      if (match.status !== 'active' || match.clock === null) continue;
      for (const s of seats.values()) if (s.bankDueAt !== null && s.bankOutAt === null) out.push({ matchId, side: s.side, dueAt: new Date(s.bankDueAt) });
    }
    return out;
  }

  async addChat(m: NewChat): Promise<ChatRecord> {
    if (!this.matches.has(m.matchId)) throw foreignKey(m.matchId);
    const kept: KeptChat = {
      // Its number in its match's channel (see ChatRecord.id).
      id: this.chat.filter((c) => c.matchId === m.matchId && c.channel === m.channel).length + 1,
      matchId: m.matchId,
      channel: m.channel,
      sender: text(m.sender),
      name: m.name === null ? null : text(m.name),
      text: text(m.text),
      createdAt: this.now(),
    };
    this.chat.push(kept);
    return { ...kept, createdAt: new Date(kept.createdAt) };
  }

  async listChat(matchId: string, channel: ChatChannel, after: number, limit: number): Promise<ChatRecord[]> {
    const out: ChatRecord[] = [];
    for (const c of this.chat) {
      if (out.length >= limit) break;
      if (c.matchId === matchId && c.channel === channel && c.id > after) out.push({ ...c, createdAt: new Date(c.createdAt) });
    }
    return out;
  }

  savePushSubscription(p: NewPushSubscription): Promise<void> {
    return this.push.savePushSubscription(p);
  }

  listPushSubscriptions(matchId: string, side: string): Promise<PushSubscriptionRecord[]> {
    return this.push.listPushSubscriptions(matchId, side);
  }

  removePushSubscription(matchId: string, side: string, endpoint: string): Promise<boolean> {
    return this.push.removePushSubscription(matchId, side, endpoint);
  }

  markPushDelivered(matchId: string, side: string, endpoint: string, key: string): Promise<void> {
    return this.push.markPushDelivered(matchId, side, endpoint, key);
  }

  async listMatches(q: MatchListing): Promise<MatchSummary[]> {
    const key = (k: Kept) => (q.order === 'created' ? [k.match.createdAt, k.created] : [k.match.updatedAt, k.touched]) as [number, number];
    const found = [...this.matches.values()].filter((k) => matches(k.match, q));
    found.sort((a, b) => {
      const [a1, a2] = key(a);
      const [b1, b2] = key(b);
      return b1 - a1 || b2 - a2;
    });
    const offset = q.offset ?? 0;
    return found.slice(offset, offset + q.limit).map((k) => {
      const m = readMatch(k.match);
      return {
        id: m.id,
        game: m.game,
        status: m.status,
        seq: m.seq,
        listed: m.listed,
        moveDeadlineMs: m.moveDeadlineMs,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
        endedAt: m.endedAt,
        seats: sortedSeats(k).map((s) => ({ side: s.side, name: s.name, claimedAt: date(s.claimedAt), dueAt: date(s.dueAt), overdueAt: date(s.overdueAt) })),
      };
    });
  }

  async countMatches(filter: MatchFilter): Promise<number> {
    let n = 0;
    for (const k of this.matches.values()) if (matches(k.match, filter)) n++;
    return n;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}

function matches(m: KeptMatch, f: MatchFilter): boolean {
  return (f.status === undefined || m.status === f.status) && (f.listed === undefined || m.listed === f.listed);
}

function unique(what: string): Error {
  return new Error(`Unique constraint failed on ${what}.`);
}

function foreignKey(matchId: string): Error {
  return new Error(`Foreign key constraint failed: there is no match "${matchId}".`);
}
