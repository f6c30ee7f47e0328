/**
 * The storage port: every read and write the match service and its collaborators make,
 * in the domain's terms (a match with its seats, its append-only rows, its snapshots,
 * its chat). Two adapters implement it: `PrismaMatchStore` (PostgreSQL, the server's)
 * and `MemoryMatchStore` (in memory, for tests and benchmarks); one contract test suite
 * (test/store/match-store.test.ts) runs against both.
 *
 * Every call is atomic: it happens whole or not at all. Values go in and come out as
 * copies (JSON as the database keeps it), never shared with the caller.
 */
import type { LogEntry, MatchState, Result, Row } from '../engine';
import type { PushSubscriptionStore } from './push-store';

export type MatchStatus = 'waiting' | 'active' | 'finished' | 'abandoned';

/** When a channel's notices go: always, only while no socket of the seat is connected (the default), or never. */
export type NotifyMode = 'always' | 'away' | 'never';

/** Where a seat's "your move" notices go, and when (kept in the seat's `notify` JSON). */
export interface Notify {
  webhook?: string;
  email?: string;
  /** Whether the seat's holder subscribed a device to Web Push (the devices: push-store.ts). */
  push?: boolean;
  /** Per channel; absent: "away". */
  when?: { webhook?: NotifyMode; email?: NotifyMode; push?: NotifyMode };
  /** The seat's email opt-out key (in its unsubscribe link); never sent to a client. */
  optOut?: string;
}

/** A side's standing orders as kept: by order kind of its game's order book (src/bots/orders.ts), the rule chosen. */
export type StandingOrders = Record<string, string>;

/**
 * A match's time banks (issue #15): each side's total time, the increment added after each
 * of its decisions, and what happens when a side runs out (src/matches/clock-policy.ts).
 */
export interface ClockConfig {
  bankMs: number;
  incrementMs: number;
  onTimeout: 'flag' | 'forfeit';
}

/** A seat of a match: a side of the game, or "spectator" (the spectator link). */
/** The columns of a seat that a new match leaves unset, as the store reads them back (null). */
export const UNSET_SEAT_COLUMNS = {
  name: null,
  notify: null,
  webhookSecret: null,
  claimedAt: null,
  dueAt: null,
  remindedAt: null,
  overdueAt: null,
  commitment: null,
  value: null,
  committedBy: null,
  bankMs: null,
  bankDueAt: null,
  bankOutAt: null,
} as const;

export interface SeatRecord {
  side: string;
  /** sha256 of the seat's token (the token itself is never stored). */
  tokenHash: string;
  name: string | null;
  notify: Notify | null;
  /** The side's standing orders (issue #41): by order kind, the rule chosen; secret to the seat's holder. Absent or null: none. */
  orders?: StandingOrders | null;
  /** The key of this seat's webhook signatures. */
  webhookSecret: string | null;
  /** When a player took the seat; null while it is free. */
  claimedAt: Date | null;
  /** The move deadline of this side's current decision, and its reminder and overdue marks. */
  dueAt: Date | null;
  remindedAt: Date | null;
  overdueAt: Date | null;
  /** sha256 (hex) of the seat's own random value (public), and the value, escrowed: never sent to anyone before the match ends. */
  commitment: string | null;
  value: string | null;
  /** Who stands for the seat in the dice: 'seat' (its own value) or 'server' (none of its own at the seal); null before. */
  committedBy: CommittedBy | null;
  /**
   * The side's time bank: the time left (ms) when it last stopped or started (null: the
   * whole bank, never run), when it runs out while it runs (null: stopped), and when it ran
   * out (flagged: for good).
   */
  bankMs?: number | null;
  bankDueAt?: Date | null;
  bankOutAt?: Date | null;
}

/** Who stands for a seat in the dice (docs/fairness.md). */
export type CommittedBy = 'seat' | 'server';

export interface MatchRecord {
  id: string;
  game: string;
  options: unknown;
  /** Secret until the match ends. */
  seed: string;
  seedHash: string;
  status: MatchStatus;
  /** The real number of rows. */
  seq: number;
  /** The set-up's log entries (seq 0). */
  setupLog: LogEntry[];
  listed: boolean;
  /** sha256 of the creator's token. */
  creatorHash: string | null;
  moveDeadlineMs: number | null;
  /** A result decided outside the rules (a resignation, a forfeit). */
  result: Result | null;
  endedAt: Date | null;
  rematchId: string | null;
  rematchSwap: boolean | null;
  /** How the dice start (docs/fairness.md): 0, from the seed at the set-up; 1, sealed later from the seed and the seats' values. */
  diceVersion: number;
  /** Version 1: the real seq after which the dice were sealed; null while unsealed. */
  diceSealSeq: number | null;
  /** The time banks (null: none); since when they are paused by both players, and a pause one side proposed. */
  clock?: ClockConfig | null;
  clockPausedAt?: Date | null;
  clockPauseBy?: string | null;
  createdAt: Date;
  updatedAt: Date;
  seats: SeatRecord[];
}

/** A stored row: what the fold reads, and when it was appended. */
export interface StoredRow extends Row {
  createdAt: Date;
}

export interface Snapshot {
  seq: number;
  state: MatchState;
}

export type NewSeat = Pick<SeatRecord, 'side' | 'tokenHash'> & Partial<Omit<SeatRecord, 'side' | 'tokenHash'>>;

/** A new match with its seats and its first snapshot(s); an import brings its rows too. */
export type NewMatch = Pick<MatchRecord, 'id' | 'game' | 'options' | 'seed' | 'seedHash' | 'status' | 'setupLog' | 'creatorHash' | 'moveDeadlineMs'> &
  Partial<Pick<MatchRecord, 'listed' | 'result' | 'createdAt' | 'endedAt' | 'diceVersion' | 'diceSealSeq' | 'clock'>> & {
    seats: NewSeat[];
    /** At least the set-up's (seq 0). */
    snapshots: Snapshot[];
    /** Rows 1..n in order (an import); the match's seq is the last one's. */
    rows?: (Row & { createdAt?: Date })[];
  };

/** A change to a seat; absent fields stay as they are. */
export type SeatPatch = Partial<Omit<SeatRecord, 'side'>>;

/** A change to a match's own columns; absent fields stay as they are. */
export interface MatchPatch {
  status?: MatchStatus;
  endedAt?: Date | null;
  result?: Result | null;
  moveDeadlineMs?: number | null;
  rematch?: { id: string; swap: boolean };
  /** Where the dice were sealed (version 1). */
  diceSealSeq?: number | null;
  /** The time banks' pause (both players agreed) and a pause proposed by one side. */
  clockPausedAt?: Date | null;
  clockPauseBy?: string | null;
}

/** The writes that go with a row, or alone: all of them in one transaction. */
export interface Write {
  match?: MatchPatch;
  /** By side (a side of the game or "spectator"). */
  seats?: Record<string, SeatPatch>;
  /** A snapshot; ignored if the match already has one at that seq. */
  snapshot?: Snapshot;
  /** The jobs the change owes (the transactional outbox): written with it, or not at all; a key already there is kept as it is. */
  jobs?: readonly OutboxJob[];
}

/**
 * A job a change owes — a notice on one channel, a deadline's reminder or expiry, a time bank's
 * run-out — as the outbox keeps it until the relay hands it to the job queue (src/server/outbox.ts).
 */
export interface OutboxJob {
  /** The idempotency key: one job per key, however often it is written. */
  key: string;
  queue: 'notices' | 'deadlines';
  data: unknown;
  /** Not run before this time (null: at once). */
  startAfter: Date | null;
}

/** The unique (match, seq) guard refused an append: another writer took that seq first. */
export class SeqTaken extends Error {
  constructor(
    readonly matchId: string,
    readonly seq: number,
  ) {
    super(`Match ${matchId} already has a row at seq ${seq}.`);
    this.name = 'SeqTaken';
  }
}

/** A running move clock: a seat with a due time, not yet overdue, of an active match with a deadline. */
export interface RunningClock {
  matchId: string;
  side: string;
  dueAt: Date;
  remindedAt: Date | null;
  moveDeadlineMs: number;
}

/** A running time bank: a seat whose bank runs out at `dueAt`, not yet out, of an active match. */
export interface RunningBank {
  matchId: string;
  side: string;
  dueAt: Date;
}

export type ChatChannel = 'players' | 'spectators';

export interface NewChat {
  matchId: string;
  channel: ChatChannel;
  /** A side, or "spectator". */
  sender: string;
  name: string | null;
  text: string;
}

export interface ChatRecord extends NewChat {
  /**
   * Its number in its match's channel: 1, 2, … in the order the channel's messages were
   * stored. Never shared with the other channel or another match, whose messages a reader may
   * not see: the gaps would count them.
   */
  id: number;
  createdAt: Date;
}

/** A match as a list shows it: no seed, no token hash, no state. */
export interface MatchSummary {
  id: string;
  game: string;
  status: MatchStatus;
  seq: number;
  listed: boolean;
  moveDeadlineMs: number | null;
  createdAt: Date;
  updatedAt: Date;
  endedAt: Date | null;
  seats: Pick<SeatRecord, 'side' | 'name' | 'claimedAt' | 'dueAt' | 'overdueAt'>[];
}

export interface MatchFilter {
  status?: MatchStatus;
  listed?: boolean;
}

export interface MatchListing extends MatchFilter {
  /** Newest first by creation, or by last change. */
  order: 'created' | 'updated';
  limit: number;
  offset?: number;
}

/** How `MatchStore.readRows` reads. */
export interface RowsOptions {
  rolls?: boolean;
  after?: number;
  payloadsAfter?: number;
}

/** Whether `readRows` with `payloadsAfter` gives a row's payload: after that seq, or a row that ends the match. */
export const keepsPayload = (row: Pick<Row, 'seq' | 'kind'>, payloadsAfter: number | undefined): boolean =>
  payloadsAfter === undefined || row.seq > payloadsAfter || row.kind === 'resign' || row.kind === 'forfeit';

/** Every read and write of the service; the Web Push devices' part is push-store.ts's. */
export interface MatchStore extends PushSubscriptionStore {
  /** Stores a new match with its seats, snapshots (and rows, for an import). */
  createMatch(m: NewMatch): Promise<void>;
  /** A match with its seats, or null. */
  readMatch(id: string): Promise<MatchRecord | null>;
  hasMatch(id: string): Promise<boolean>;
  /** The match and side a token hash opens, or null. */
  seatByToken(tokenHash: string): Promise<{ matchId: string; side: string } | null>;
  /** A match with its seats and its rows after seq `after` (ascending, no rolls), in one call: what a copy needs to catch up. */
  readSince(id: string, after: number): Promise<{ match: MatchRecord; rows: StoredRow[] } | null>;
  /**
   * The match's rows with `after` < seq ≤ `upto` (from the first by default), ascending; their rolls only when asked for (empty otherwise).
   * With `payloadsAfter`, the rows at or before that seq come without their payload (null), but for resignations and forfeits
   * (their payload says why the match ended): a fold from a snapshot at that seq only counts them (Timeline.hold).
   */
  readRows(matchId: string, upto: number, opts?: RowsOptions): Promise<StoredRow[]>;
  /**
   * A match with its seats and where a rebuild of it starts, in one call (LiveMatches.rebuild): the latest snapshot at or
   * before its last public cut-off (its last row that reveals and is not private; 0 with none), null when it has none there.
   */
  readForLoad(id: string): Promise<{ match: MatchRecord; snapshot: Snapshot | null } | null>;
  /** The latest snapshot at or before `seq`, or null. */
  snapshotAtOrBefore(matchId: string, seq: number): Promise<Snapshot | null>;
  /**
   * Appends one row, sets the match's seq to its seq, and makes `write`'s changes, in one
   * transaction. Rejects with SeqTaken (and changes nothing) when the match has a row at
   * that seq already.
   */
  append(matchId: string, row: Row, write?: Write): Promise<void>;
  /** Makes `write`'s changes in one transaction (a change that appends no row). */
  update(matchId: string, write: Write): Promise<void>;
  /**
   * Sets a seat's reminder or overdue mark to `at` if the seat's due time is still `dueAt`
   * and the mark is unset; true when this call set it (two processes: one wins). `jobs` are
   * written with the mark, in the same statement, only when it is set.
   */
  markSeat(matchId: string, side: string, mark: 'remindedAt' | 'overdueAt', dueAt: Date, at: Date, jobs?: readonly OutboxJob[]): Promise<boolean>;
  runningClocks(): Promise<RunningClock[]>;
  /**
   * Marks a seat's time bank run out at `at` (left 0, stopped) if it still runs out at
   * `dueAt` and is not out already; true when this call marked it (two processes: one wins).
   * `jobs` are written with the mark, in the same statement, only when it is set.
   */
  markBankOut(matchId: string, side: string, dueAt: Date, at: Date, jobs?: readonly OutboxJob[]): Promise<boolean>;
  runningBanks(): Promise<RunningBank[]>;
  addChat(message: NewChat): Promise<ChatRecord>;
  /** A match's channel's messages with number (`id`) > `after`, oldest first, at most `limit`. */
  listChat(matchId: string, channel: ChatChannel, after: number, limit: number): Promise<ChatRecord[]>;
  listMatches(q: MatchListing): Promise<MatchSummary[]>;
  countMatches(filter: MatchFilter): Promise<number>;
  /** Rejects when the store cannot be reached. */
  ping(): Promise<void>;
  /** Lets go of its connections (after the service has stopped). */
  close(): Promise<void>;
}
