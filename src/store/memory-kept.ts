/**
 * How the in-memory store keeps a match: primitives only (JSON columns as text, dates as
 * milliseconds), so a spread is a copy and nothing kept is ever shared with a caller; and
 * JSON and text as PostgreSQL keeps them (jsonb's key order, no NUL).
 */
import type { Row } from '../engine';
import type { ChatRecord, CommittedBy, MatchPatch, MatchRecord, MatchStatus, SeatPatch, SeatRecord } from './match-store';

/** A match as kept here: primitives only (JSON columns as text, dates as milliseconds), so a spread is a copy. */
export interface KeptMatch {
  id: string;
  game: string;
  options: string;
  seed: string;
  seedHash: string;
  status: MatchStatus;
  seq: number;
  setupLog: string;
  listed: boolean;
  creatorHash: string | null;
  moveDeadlineMs: number | null;
  result: string | null;
  endedAt: number | null;
  rematchId: string | null;
  rematchSwap: boolean | null;
  diceVersion: number;
  diceSealSeq: number | null;
  /** The time banks' settings as jsonb text, their pause and a proposed pause. */
  clock: string | null;
  clockPausedAt: number | null;
  clockPauseBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface KeptSeat {
  side: string;
  tokenHash: string;
  name: string | null;
  notify: string | null;
  orders?: string | null;
  webhookSecret: string | null;
  claimedAt: number | null;
  dueAt: number | null;
  remindedAt: number | null;
  overdueAt: number | null;
  commitment: string | null;
  value: string | null;
  committedBy: CommittedBy | null;
  bankMs: number | null;
  bankDueAt: number | null;
  bankOutAt: number | null;
}

export interface KeptRow {
  seq: number;
  side: string;
  kind: Row['kind'];
  private: boolean;
  unshared: boolean;
  reveals: boolean;
  payload: string;
  log: string;
  rolls: string;
  createdAt: number;
}

export interface Kept {
  match: KeptMatch;
  /** Bumped on every change of the match's own columns: the order of `updatedAt` ties. */
  touched: number;
  created: number;
  seats: Map<string, KeptSeat>;
  rows: KeptRows;
  /** The highest seq among `rows`. */
  lastSeq: number;
  /** The snapshot's column is json, not jsonb: its text is kept as written. */
  snapshots: Map<number, string>;
}

/**
 * A match's rows by seq. A row is never changed or removed once kept, so a copy of the store
 * (`MemoryMatchStore.fork`, one per world of the fog harness) shares the rows held when it was
 * made instead of copying each: it reads those through the original, up to the highest seq then
 * held, and keeps its own after. Shared only when the seqs held are 1 to that highest with no
 * gap (a row the original adds later then has a higher seq); otherwise copied.
 */
export class KeptRows {
  private readonly own = new Map<number, KeptRow>();
  /** The highest seq held, and how many rows are held (equal: no gap). */
  private top: number;
  private count: number;

  constructor(
    private readonly shared: KeptRows | null = null,
    private readonly sharedUpTo = 0,
  ) {
    this.top = sharedUpTo;
    this.count = sharedUpTo;
  }

  get(seq: number): KeptRow | undefined {
    const r = this.own.get(seq);
    return r !== undefined || this.shared === null || seq > this.sharedUpTo ? r : this.shared.get(seq);
  }

  has(seq: number): boolean {
    return this.get(seq) !== undefined;
  }

  set(seq: number, row: KeptRow): void {
    if (!this.has(seq)) this.count++;
    this.own.set(seq, row);
    this.top = Math.max(this.top, seq);
  }

  /** A copy that goes on independently of this one. */
  fork(): KeptRows {
    if (this.count === this.top) return new KeptRows(this, this.top);
    const copy = new KeptRows();
    for (let seq = 1; seq <= this.sharedUpTo; seq++) copy.set(seq, this.shared!.get(seq)!);
    for (const [seq, r] of this.own) copy.set(seq, r);
    return copy;
  }
}

export type KeptChat = Omit<ChatRecord, 'createdAt'> & { createdAt: number };

export const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
export const date = (t: number | null) => (t === null ? null : new Date(t));

export function readMatch(m: KeptMatch): Omit<MatchRecord, 'seats'> {
  return {
    ...m,
    options: JSON.parse(m.options),
    setupLog: JSON.parse(m.setupLog),
    result: m.result === null ? null : JSON.parse(m.result),
    endedAt: date(m.endedAt),
    clock: m.clock === null ? null : JSON.parse(m.clock),
    clockPausedAt: date(m.clockPausedAt),
    createdAt: new Date(m.createdAt),
    updatedAt: new Date(m.updatedAt),
  };
}

export function sortedSeats(k: Kept): KeptSeat[] {
  return [...k.seats.values()].sort((a, b) => (a.side < b.side ? -1 : a.side > b.side ? 1 : 0));
}

export function readSeat(s: KeptSeat): SeatRecord {
  return {
    ...s,
    notify: s.notify === null ? null : JSON.parse(s.notify),
    orders: s.orders ? JSON.parse(s.orders) : null,
    claimedAt: date(s.claimedAt),
    dueAt: date(s.dueAt),
    remindedAt: date(s.remindedAt),
    overdueAt: date(s.overdueAt),
    bankDueAt: date(s.bankDueAt),
    bankOutAt: date(s.bankOutAt),
  };
}

export function patchSeat(old: KeptSeat, p: SeatPatch): KeptSeat {
  const s = { ...old };
  if (p.tokenHash !== undefined) s.tokenHash = p.tokenHash;
  if (p.name !== undefined) s.name = p.name === null ? null : text(p.name);
  if (p.notify !== undefined) s.notify = p.notify === null ? null : jsonb(p.notify);
  if (p.orders !== undefined) s.orders = p.orders === null ? null : jsonb(p.orders);
  if (p.webhookSecret !== undefined) s.webhookSecret = p.webhookSecret;
  if (p.claimedAt !== undefined) s.claimedAt = ms(p.claimedAt);
  if (p.dueAt !== undefined) s.dueAt = ms(p.dueAt);
  if (p.remindedAt !== undefined) s.remindedAt = ms(p.remindedAt);
  if (p.overdueAt !== undefined) s.overdueAt = ms(p.overdueAt);
  if (p.commitment !== undefined) s.commitment = p.commitment === null ? null : text(p.commitment);
  if (p.value !== undefined) s.value = p.value === null ? null : text(p.value);
  if (p.committedBy !== undefined) s.committedBy = p.committedBy;
  if (p.bankMs !== undefined) s.bankMs = p.bankMs === null ? null : int4(p.bankMs);
  if (p.bankDueAt !== undefined) s.bankDueAt = ms(p.bankDueAt);
  if (p.bankOutAt !== undefined) s.bankOutAt = ms(p.bankOutAt);
  return s;
}

export function keepRow(r: Row, createdAt: number): KeptRow {
  return {
    seq: r.seq,
    side: text(r.side),
    kind: r.kind,
    private: r.private,
    unshared: r.unshared === true,
    reveals: r.reveals,
    payload: jsonb(r.payload ?? {}),
    log: jsonb(r.log),
    rolls: jsonb(r.rolls),
    createdAt,
  };
}

export function matchPatch(p: MatchPatch): Partial<KeptMatch> {
  const out: Partial<KeptMatch> = {};
  if (p.status !== undefined) out.status = p.status;
  if (p.endedAt !== undefined) out.endedAt = ms(p.endedAt);
  if (p.result !== undefined) out.result = p.result === null ? null : jsonb(p.result);
  if (p.moveDeadlineMs !== undefined) out.moveDeadlineMs = p.moveDeadlineMs;
  if (p.diceSealSeq !== undefined) out.diceSealSeq = p.diceSealSeq;
  if (p.clockPausedAt !== undefined) out.clockPausedAt = ms(p.clockPausedAt);
  if (p.clockPauseBy !== undefined) out.clockPauseBy = p.clockPauseBy === null ? null : text(p.clockPauseBy);
  if (p.rematch) {
    out.rematchId = p.rematch.id;
    out.rematchSwap = p.rematch.swap;
  }
  return out;
}

/** A value as a jsonb column keeps it: JSON text with every object's keys in jsonb's order. */
export function jsonb(value: unknown): string {
  return JSON.stringify(order(JSON.parse(JSON.stringify(value) ?? 'null')));
}

function order(v: unknown): unknown {
  if (typeof v === 'string') return text(v);
  if (Array.isArray(v)) return v.map(order);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(jsonbKeyOrder)) out[text(k)] = order((v as Record<string, unknown>)[k]);
  return out;
}

const ASCII = /^[\x00-\x7f]*$/;

/** jsonb's key order: shorter keys first (in bytes), then bytewise. */
function jsonbKeyOrder(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length - bb.length || Buffer.compare(ba, bb);
}

/** An integer column (int4), as PostgreSQL takes it: a whole number in range. */
export function int4(n: number): number {
  if (!Number.isInteger(n) || n < -(2 ** 31) || n > 2 ** 31 - 1) throw new Error(`value out of range for type integer: ${n}`);
  return n;
}

/** PostgreSQL's text and jsonb refuse the NUL character. */
export function text(s: string): string {
  if (s.includes('\u0000')) throw new Error('invalid byte sequence: PostgreSQL text cannot hold the NUL character');
  return s;
}
