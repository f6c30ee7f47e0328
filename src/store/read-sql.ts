/**
 * A read as one SQL statement: a match, its seats and its rows after a seq (what a live copy
 * needs to catch up with another process's changes, LiveMatches.reload), in one round trip
 * on the pool under Prisma's adapter. Column names are Prisma's `@map`s
 * (prisma/schema.prisma); test/store/match-store.test.ts checks that it reads what Prisma's
 * own reads give.
 */
import type { LogEntry, Result, Row, RowKind } from '../engine';
import type { ClockConfig, CommittedBy, MatchRecord, MatchStatus, Notify, SeatRecord, StandingOrders, StoredRow } from './match-store';

export const READ_SINCE = `SELECT to_jsonb(m) AS match,
  COALESCE((SELECT jsonb_agg(to_jsonb(s) ORDER BY s.side) FROM seats s WHERE s.match_id = m.id), '[]'::jsonb) AS seats,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('seq', a.seq, 'side', a.side, 'kind', a.kind, 'private', a.private, 'unshared', a.unshared, 'reveals', a.reveals,
    'payload', a.payload, 'log', a.log, 'created_at', a.created_at) ORDER BY a.seq)
    FROM actions a WHERE a.match_id = m.id AND a.seq > $2 AND a.seq <= m.seq), '[]'::jsonb) AS rows
FROM matches m WHERE m.id = $1`;

/** A match and its seats (readMatch), one statement on the pool. */
export const READ_MATCH = `SELECT to_jsonb(m) AS match,
  COALESCE((SELECT jsonb_agg(to_jsonb(s) ORDER BY s.side) FROM seats s WHERE s.match_id = m.id), '[]'::jsonb) AS seats
FROM matches m WHERE m.id = $1`;

/**
 * A match's rows with $3 < seq <= $2, ascending (readRows), their rolls when $4: plain columns, each
 * json value parsed once by pg (a cold match's rebuild reads every row: through Prisma Client, whose
 * mapping of each value costs three times pg's parse, `npm run bench:cold`). The creation time as
 * to_jsonb writes it (UTC without a zone, `date` below), as the catch-up read gives it.
 */
export const READ_ROWS = `SELECT seq, side, kind, private, unshared, reveals,
  CASE WHEN seq > $5 OR kind IN ('resign', 'forfeit') THEN payload END AS payload, log,
  CASE WHEN $4 THEN rolls ELSE '[]'::jsonb END AS rolls, to_jsonb(created_at) #>> '{}' AS created_at
FROM actions WHERE match_id = $1 AND seq <= $2 AND seq > $3 ORDER BY seq`;

/**
 * A match, its seats and where its rebuild starts (readForLoad), one statement: the latest snapshot
 * at or before the last row that reveals and is not private (an index walk back from the match's seq).
 */
export const READ_FOR_LOAD = `SELECT to_jsonb(m) AS match,
  COALESCE((SELECT jsonb_agg(to_jsonb(s) ORDER BY s.side) FROM seats s WHERE s.match_id = m.id), '[]'::jsonb) AS seats,
  sn.seq AS snapshot_seq, sn.state AS snapshot_state
FROM matches m LEFT JOIN LATERAL (
  SELECT seq, state FROM snapshots WHERE match_id = m.id AND seq <= COALESCE(
    (SELECT max(a.seq) FROM actions a WHERE a.match_id = m.id AND a.seq <= m.seq AND a.reveals AND NOT a.private), 0)
  ORDER BY seq DESC LIMIT 1) sn ON true
WHERE m.id = $1`;

/** The latest snapshot at or before $2 (snapshotAtOrBefore): its state is a json column, parsed as written (key order kept). */
export const READ_SNAPSHOT = `SELECT seq, state FROM snapshots WHERE match_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1`;

type Json = Record<string, unknown>;

/** TIMESTAMP(3) columns hold UTC without a zone (as Prisma writes them); to_jsonb writes them without one. */
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(`${String(v)}Z`));

export function matchFromJson(m: Json, seats: Json[]): MatchRecord {
  return {
    id: m.id as string,
    game: m.game as string,
    options: m.options,
    seed: m.seed as string,
    seedHash: m.seed_hash as string,
    status: m.status as MatchStatus,
    seq: m.seq as number,
    setupLog: m.setup_log as LogEntry[],
    listed: m.listed as boolean,
    creatorHash: (m.creator_hash as string | null) ?? null,
    moveDeadlineMs: (m.move_deadline_ms as number | null) ?? null,
    result: (m.result as Result | null) ?? null,
    endedAt: date(m.ended_at),
    rematchId: (m.rematch_id as string | null) ?? null,
    rematchSwap: (m.rematch_swap as boolean | null) ?? null,
    diceVersion: m.dice_version as number,
    diceSealSeq: (m.dice_seal_seq as number | null) ?? null,
    clock: (m.clock as ClockConfig | null) ?? null,
    clockPausedAt: date(m.clock_paused_at),
    clockPauseBy: (m.clock_pause_by as string | null) ?? null,
    createdAt: date(m.created_at)!,
    updatedAt: date(m.updated_at)!,
    seats: seats.map((s): SeatRecord => ({
      side: s.side as string,
      tokenHash: s.token_hash as string,
      name: (s.name as string | null) ?? null,
      notify: (s.notify as Notify | null) ?? null,
      orders: (s.orders as StandingOrders | null) ?? null,
      webhookSecret: (s.webhook_secret as string | null) ?? null,
      claimedAt: date(s.claimed_at),
      dueAt: date(s.due_at),
      remindedAt: date(s.reminded_at),
      overdueAt: date(s.overdue_at),
      commitment: (s.commitment as string | null) ?? null,
      value: (s.value as string | null) ?? null,
      committedBy: (s.committed_by as CommittedBy | null) ?? null,
      bankMs: (s.bank_ms as number | null) ?? null,
      bankDueAt: date(s.bank_due_at),
      bankOutAt: date(s.bank_out_at),
    })),
  };
}

export function rowFromJson(a: Json, withRolls = false): StoredRow {
  return {
    seq: a.seq as number,
    side: a.side as string,
    kind: a.kind as RowKind,
    private: a.private as boolean,
    ...(a.unshared === true ? { unshared: true } : {}),
    reveals: a.reveals as boolean,
    payload: a.payload,
    log: a.log as LogEntry[],
    rolls: withRolls ? (a.rolls as Row['rolls']) : [],
    createdAt: date(a.created_at)!,
  };
}
