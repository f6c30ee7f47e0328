/**
 * The PostgreSQL store's records as Prisma Client reads and writes them (prisma-match-store.ts): a
 * match with its seats, an action row, a chat message, a listing's filter, and the JSON columns'
 * input; and how a unique violation shows through the driver adapter. Mapping only, no I/O.
 */
import type { LogEntry, Result, Row, RowKind } from '../engine';
import { Prisma } from './generated/client';
import type { ChatChannel, ChatRecord, ClockConfig, CommittedBy, MatchFilter, MatchRecord, MatchStatus, Notify, SeatRecord, StandingOrders, StoredRow } from './match-store';

export const json = (v: unknown) => v as Prisma.InputJsonValue;
export const nullableJson = (v: unknown) => (v === null || v === undefined ? Prisma.DbNull : json(v));

export function where(f: MatchFilter): Prisma.MatchWhereInput {
  return { ...(f.status ? { status: f.status } : {}), ...(f.listed !== undefined ? { listed: f.listed } : {}) };
}

export function rowData(matchId: string, r: Row) {
  return {
    matchId,
    seq: r.seq,
    side: r.side,
    kind: r.kind,
    private: r.private,
    unshared: r.unshared === true,
    reveals: r.reveals,
    payload: json(r.payload ?? {}),
    log: json(r.log),
    rolls: json(r.rolls),
  };
}

/** A chat message as `addChat`'s statement returns it. */
export interface ChatRow {
  number: number;
  match_id: string;
  channel: string;
  sender: string;
  name: string | null;
  text: string;
  created_at: Date;
}

/** PostgreSQL's unique_violation (23505), as the driver adapter or Prisma reports it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } } } | null;
  const cause = err?.meta?.driverAdapterError?.cause;
  return err?.code === 'P2002' || err?.meta?.code === '23505' || cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation';
}

export function toChat(r: { id: number; matchId: string; channel: string; sender: string; name: string | null; text: string; createdAt: Date }): ChatRecord {
  return { id: r.id, matchId: r.matchId, channel: r.channel as ChatChannel, sender: r.sender, name: r.name, text: r.text, createdAt: r.createdAt };
}

/** The fields of an action row the service reads (its rolls only when asked for). */
export const ROW_FIELDS = { seq: true, side: true, kind: true, private: true, unshared: true, reveals: true, payload: true, log: true, createdAt: true } as const;

export type ActionFields = {
  seq: number;
  side: string;
  kind: string;
  private: boolean;
  unshared: boolean;
  reveals: boolean;
  payload: unknown;
  log: unknown;
  createdAt: Date;
  rolls?: unknown;
};

export function storedRow(a: ActionFields, withRolls: boolean): StoredRow {
  return {
    seq: a.seq,
    side: a.side,
    kind: a.kind as RowKind,
    private: a.private,
    ...(a.unshared ? { unshared: true } : {}),
    reveals: a.reveals,
    payload: a.payload,
    log: a.log as unknown as LogEntry[],
    rolls: withRolls ? (a.rolls as Row['rolls']) : [],
    createdAt: a.createdAt,
  };
}

export type MatchWithSeats = Prisma.MatchGetPayload<{ include: { seats: true } }>;

/** A match as Prisma reads it (with its seats), as the store gives it. */
export function matchRecord(m: MatchWithSeats): MatchRecord {
  return {
    id: m.id,
    game: m.game,
    options: m.options,
    seed: m.seed,
    seedHash: m.seedHash,
    status: m.status as MatchStatus,
    seq: m.seq,
    setupLog: m.setupLog as unknown as LogEntry[],
    listed: m.listed,
    creatorHash: m.creatorHash,
    moveDeadlineMs: m.moveDeadlineMs,
    result: (m.result as unknown as Result | null) ?? null,
    endedAt: m.endedAt,
    rematchId: m.rematchId,
    rematchSwap: m.rematchSwap,
    diceVersion: m.diceVersion,
    diceSealSeq: m.diceSealSeq,
    clock: (m.clock as ClockConfig | null) ?? null,
    clockPausedAt: m.clockPausedAt,
    clockPauseBy: m.clockPauseBy,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    seats: m.seats.map((s): SeatRecord => ({
      side: s.side,
      tokenHash: s.tokenHash,
      name: s.name,
      notify: (s.notify as Notify | null) ?? null,
      orders: (s.orders as StandingOrders | null) ?? null,
      webhookSecret: s.webhookSecret,
      claimedAt: s.claimedAt,
      dueAt: s.dueAt,
      remindedAt: s.remindedAt,
      overdueAt: s.overdueAt,
      commitment: s.commitment,
      value: s.value,
      committedBy: s.committedBy as CommittedBy | null,
      bankMs: s.bankMs,
      bankDueAt: s.bankDueAt,
      bankOutAt: s.bankOutAt,
    })),
  };
}
