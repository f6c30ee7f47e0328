/**
 * The storage port on PostgreSQL. Each call is one statement or one batch transaction. The
 * writes of a match (`append`, the hot path, `update`, and `createMatch` of a match without
 * rows) are one SQL statement each (append-sql.ts): the action row, the match's seq and columns, the seat changes and any
 * snapshot, guarded by the unique (match, seq) key; with the pool, so do the reads a cold
 * match's first request makes (read-sql.ts); everything else goes through Prisma Client. With prisma-records.ts (the records' mapping), the only module besides the client's own set-up that speaks Prisma.
 */
import type { MatchState, Row } from '../engine';
import type { Pool } from 'pg';
import { batchStatement, createStatement, isSeqTaken, markStatement, writeStatement, type Append, type Statement } from './append-sql';
import { AppendBatch } from './append-batch';
import { matchFromJson, READ_FOR_LOAD, READ_MATCH, READ_ROWS, READ_SINCE, READ_SNAPSHOT, rowFromJson } from './read-sql';
import { createPrisma, type PrismaClient } from './prisma';
import { isUniqueViolation, json, matchRecord, nullableJson, ROW_FIELDS, rowData, storedRow, toChat, where, type ChatRow } from './prisma-records';
import {
  keepsPayload,
  SeqTaken,
  type ChatChannel,
  type ChatRecord,
  type MatchFilter,
  type MatchListing,
  type MatchRecord,
  type MatchStatus,
  type MatchStore,
  type MatchSummary,
  type NewChat,
  type NewMatch,
  type OutboxJob,
  type RowsOptions,
  type RunningBank,
  type RunningClock,
  type Snapshot,
  type StoredRow,
  type Write,
} from './match-store';
import type { NewPushSubscription, PushSubscriptionRecord } from './push-store';

export class PrismaMatchStore implements MatchStore {
  /**
   * `pool`: the pool under `prisma`'s adapter, when the caller has it; the hot path's one
   * statement then goes to it straight (without it, through `$executeRawUnsafe`).
   */
  constructor(
    readonly prisma: PrismaClient,
    private readonly pool?: Pool,
  ) {}

  /** Appends that arrive while the database is busy go together (append-batch.ts). */
  private readonly batch = new AppendBatch(
    async (appends) => void (await this.run(batchStatement(appends, new Date()))),
    (a) => this.appendOne(a),
  );

  /** A store on the PostgreSQL database at `url` (a client of its own). */
  static connect(url: string): PrismaMatchStore {
    return new PrismaMatchStore(createPrisma(url));
  }

  async createMatch(m: NewMatch): Promise<void> {
    const rows = m.rows ?? [];
    // Every match the server makes: one statement, one round trip (append-sql.ts).
    if (rows.length === 0) return void (await this.run(createStatement(m, new Date())));
    const create = this.prisma.match.create({
      data: {
        id: m.id,
        game: m.game,
        options: json(m.options ?? {}),
        seed: m.seed,
        seedHash: m.seedHash,
        status: m.status,
        seq: rows.at(-1)?.seq ?? 0,
        setupLog: json(m.setupLog),
        listed: m.listed ?? false,
        creatorHash: m.creatorHash,
        moveDeadlineMs: m.moveDeadlineMs,
        ...(m.result ? { result: json(m.result) } : {}),
        ...(m.createdAt ? { createdAt: m.createdAt } : {}),
        endedAt: m.endedAt ?? null,
        diceVersion: m.diceVersion ?? 0,
        diceSealSeq: m.diceSealSeq ?? null,
        ...(m.clock ? { clock: json(m.clock) } : {}),
        seats: {
          create: m.seats.map((s, i) => ({
            id: `${m.id}-${i}`,
            side: s.side,
            tokenHash: s.tokenHash,
            name: s.name ?? null,
            notify: nullableJson(s.notify),
            orders: nullableJson(s.orders ?? null),
            webhookSecret: s.webhookSecret ?? null,
            claimedAt: s.claimedAt ?? null,
            dueAt: s.dueAt ?? null,
            remindedAt: s.remindedAt ?? null,
            overdueAt: s.overdueAt ?? null,
            commitment: s.commitment ?? null,
            value: s.value ?? null,
            committedBy: s.committedBy ?? null,
          })),
        },
        snapshots: { create: m.snapshots.map((s) => ({ seq: s.seq, state: json(s.state) })) },
      },
    });
    if (rows.length === 0) {
      await create;
      return;
    }
    await this.prisma.$transaction([
      create,
      this.prisma.action.createMany({ data: rows.map((r) => ({ ...rowData(m.id, r), ...(r.createdAt ? { createdAt: r.createdAt } : {}) })) }),
    ]);
  }

  /** On the pool when there is one (read-sql.ts): a cold match's rebuild reads through here, and Prisma Client's mapping cost more than the statement. */
  async readMatch(id: string): Promise<MatchRecord | null> {
    if (this.pool) {
      const found = (await this.pool.query<{ match: Record<string, unknown>; seats: Record<string, unknown>[] }>(READ_MATCH, [id])).rows[0];
      return found ? matchFromJson(found.match, found.seats) : null;
    }
    const m = await this.prisma.match.findUnique({ where: { id }, include: { seats: { orderBy: { side: 'asc' } } } });
    return m && matchRecord(m);
  }

  /** One statement on the pool when there is one (read-sql.ts), else the match and then its rows up to the seq it read. */
  async readSince(id: string, after: number): Promise<{ match: MatchRecord; rows: StoredRow[] } | null> {
    if (this.pool) {
      const found = (await this.pool.query<{ match: Record<string, unknown>; seats: Record<string, unknown>[]; rows: Record<string, unknown>[] }>(READ_SINCE, [id, after])).rows[0];
      return found ? { match: matchFromJson(found.match, found.seats), rows: found.rows.map((a) => rowFromJson(a)) } : null;
    }
    const match = await this.readMatch(id);
    return match && { match, rows: match.seq > after ? await this.readRows(id, match.seq, { after }) : [] };
  }

  async hasMatch(id: string): Promise<boolean> {
    if (this.pool) return ((await this.pool.query('SELECT 1 FROM matches WHERE id = $1', [id])).rowCount ?? 0) > 0;
    return (await this.prisma.match.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  async seatByToken(tokenHash: string): Promise<{ matchId: string; side: string } | null> {
    if (this.pool)
      return (await this.pool.query<{ matchId: string; side: string }>('SELECT match_id AS "matchId", side FROM seats WHERE token_hash = $1', [tokenHash])).rows[0] ?? null;
    return this.prisma.seat.findUnique({ where: { tokenHash }, select: { matchId: true, side: true } });
  }

  async readRows(matchId: string, upto: number, opts: RowsOptions = {}): Promise<StoredRow[]> {
    const withRolls = opts.rolls === true;
    if (this.pool)
      return (await this.pool.query(READ_ROWS, [matchId, upto, opts.after ?? -1, withRolls, opts.payloadsAfter ?? -1])).rows.map((a: Record<string, unknown>) =>
        rowFromJson(a, withRolls),
      );
    const found = await this.prisma.action.findMany({
      where: { matchId, seq: { lte: upto, ...(opts.after !== undefined ? { gt: opts.after } : {}) } },
      orderBy: { seq: 'asc' },
      select: { ...ROW_FIELDS, rolls: withRolls },
    });
    return found.map((a) => {
      const row = storedRow(a, withRolls);
      return keepsPayload(row, opts.payloadsAfter) ? row : { ...row, payload: null };
    });
  }

  async readForLoad(id: string): Promise<{ match: MatchRecord; snapshot: Snapshot | null } | null> {
    if (this.pool) {
      type Found = { match: Record<string, unknown>; seats: Record<string, unknown>[]; snapshot_seq: number | null; snapshot_state: MatchState | null };
      const found = (await this.pool.query<Found>(READ_FOR_LOAD, [id])).rows[0];
      if (!found) return null;
      return { match: matchFromJson(found.match, found.seats), snapshot: found.snapshot_seq === null ? null : { seq: found.snapshot_seq, state: found.snapshot_state! } };
    }
    const match = await this.readMatch(id);
    if (!match) return null;
    const cut = await this.prisma.action.findFirst({
      where: { matchId: id, seq: { lte: match.seq }, reveals: true, private: false },
      orderBy: { seq: 'desc' },
      select: { seq: true },
    });
    return { match, snapshot: await this.snapshotAtOrBefore(id, cut?.seq ?? 0) };
  }

  async snapshotAtOrBefore(matchId: string, seq: number): Promise<Snapshot | null> {
    if (this.pool) return (await this.pool.query<Snapshot>(READ_SNAPSHOT, [matchId, seq])).rows[0] ?? null;
    const s = await this.prisma.snapshot.findFirst({ where: { matchId, seq: { lte: seq } }, orderBy: { seq: 'desc' }, select: { seq: true, state: true } });
    return s && { seq: s.seq, state: s.state as unknown as MatchState };
  }

  /**
   * One statement, so one round trip (append-sql.ts): the hot path of every action. Appends of
   * other matches that come while the database is busy share it (append-batch.ts).
   */
  append(matchId: string, row: Row, write: Write = {}): Promise<void> {
    return this.batch.append({ matchId, row, write });
  }

  private async appendOne({ matchId, row, write }: Append): Promise<void> {
    try {
      await this.run(writeStatement(matchId, write, new Date(), row));
    } catch (e) {
      // The only unique key an append can hit: the actions' (match_id, seq).
      if (isSeqTaken(e)) throw new SeqTaken(matchId, row.seq);
      throw e;
    }
  }

  /** The same statement without a row: all of it or nothing (a token hash in use fails the whole write). */
  async update(matchId: string, write: Write): Promise<void> {
    const rows = await this.run(writeStatement(matchId, write, new Date()));
    if (rows === 0) throw new Error(`There is no match ${matchId} to update.`);
  }

  /** Runs a statement on the pool when there is one, else through Prisma; the rows it returned or wrote. */
  private async run({ text, values }: Statement): Promise<number> {
    if (this.pool) return (await this.pool.query(text, values)).rowCount ?? 0;
    return this.prisma.$executeRawUnsafe(text, ...values);
  }

  async markSeat(matchId: string, side: string, mark: 'remindedAt' | 'overdueAt', dueAt: Date, at: Date, jobs: readonly OutboxJob[] = []): Promise<boolean> {
    const col = mark === 'remindedAt' ? 'reminded_at' : 'overdue_at';
    const iso = (d: Date) => d.toISOString();
    return this.mark(
      markStatement(
        matchId,
        side,
        [[col, iso(at), 'timestamp']],
        [
          ['due_at', iso(dueAt), 'timestamp'],
          [col, null],
        ],
        jobs,
        new Date(),
      ),
    );
  }

  /** A mark's statement (append-sql.ts `markStatement`): whether it set the mark. */
  private async mark({ text, values }: Statement): Promise<boolean> {
    const rows: { n: number }[] = this.pool ? (await this.pool.query(text, values)).rows : await this.prisma.$queryRawUnsafe(text, ...values);
    return Number(rows[0]?.n ?? 0) === 1;
  }

  async runningClocks(): Promise<RunningClock[]> {
    const seats = await this.prisma.seat.findMany({
      where: { dueAt: { not: null }, overdueAt: null, match: { status: 'active', moveDeadlineMs: { not: null } } },
      select: { matchId: true, side: true, dueAt: true, remindedAt: true, match: { select: { moveDeadlineMs: true } } },
    });
    return seats.map((s) => ({ matchId: s.matchId, side: s.side, dueAt: s.dueAt!, remindedAt: s.remindedAt, moveDeadlineMs: s.match.moveDeadlineMs! }));
  }

  async markBankOut(matchId: string, side: string, dueAt: Date, at: Date, jobs: readonly OutboxJob[] = []): Promise<boolean> {
    const iso = (d: Date) => d.toISOString();
    return this.mark(
      markStatement(
        matchId,
        side,
        [
          ['bank_ms', 0, 'int'],
          ['bank_due_at', null, 'timestamp'],
          ['bank_out_at', iso(at), 'timestamp'],
        ],
        [
          ['bank_due_at', iso(dueAt), 'timestamp'],
          ['bank_out_at', null],
        ],
        jobs,
        new Date(),
      ),
    );
  }

  async runningBanks(): Promise<RunningBank[]> {
    const seats = await this.prisma.seat.findMany({
      where: { bankDueAt: { not: null }, bankOutAt: null, match: { status: 'active' } },
      select: { matchId: true, side: true, bankDueAt: true },
    });
    return seats.map((s) => ({ matchId: s.matchId, side: s.side, dueAt: s.bankDueAt! }));
  }

  /**
   * Numbers the message in its match's channel in the statement that stores it; two posts to
   * one channel at once (two processes) cannot both take a number (the unique index): the
   * one that loses is stored again with the next.
   */
  async addChat(m: NewChat): Promise<ChatRecord> {
    for (let attempt = 1; ; attempt++) {
      try {
        const [r] = await this.prisma.$queryRaw<ChatRow[]>`INSERT INTO "chat_messages" ("match_id", "channel", "number", "sender", "name", "text")
          SELECT ${m.matchId}::text, ${m.channel}::text, COALESCE(MAX("number"), 0) + 1, ${m.sender}::text, ${m.name}::text, ${m.text}::text
          FROM "chat_messages" WHERE "match_id" = ${m.matchId} AND "channel" = ${m.channel}
          RETURNING "number", "match_id", "channel", "sender", "name", "text", "created_at"`;
        return toChat({ id: r!.number, matchId: r!.match_id, channel: r!.channel, sender: r!.sender, name: r!.name, text: r!.text, createdAt: r!.created_at });
      } catch (e) {
        if (attempt >= 8 || !isUniqueViolation(e)) throw e;
      }
    }
  }

  async listChat(matchId: string, channel: ChatChannel, after: number, limit: number): Promise<ChatRecord[]> {
    const rows = await this.prisma.chatMessage.findMany({ where: { matchId, channel, number: { gt: after } }, orderBy: { number: 'asc' }, take: limit });
    return rows.map((r) => toChat({ ...r, id: r.number }));
  }

  async savePushSubscription(p: NewPushSubscription): Promise<void> {
    const keys = { p256dh: p.p256dh, auth: p.auth, tokenHash: p.tokenHash };
    await this.prisma.pushSubscription.upsert({
      where: { matchId_side_endpoint: { matchId: p.matchId, side: p.side, endpoint: p.endpoint } },
      create: { matchId: p.matchId, side: p.side, endpoint: p.endpoint, ...keys },
      update: keys,
    });
  }

  listPushSubscriptions(matchId: string, side: string): Promise<PushSubscriptionRecord[]> {
    return this.prisma.pushSubscription.findMany({ where: { matchId, side }, orderBy: [{ createdAt: 'asc' }, { endpoint: 'asc' }] });
  }

  async removePushSubscription(matchId: string, side: string, endpoint: string): Promise<boolean> {
    return (await this.prisma.pushSubscription.deleteMany({ where: { matchId, side, endpoint } })).count > 0;
  }

  async markPushDelivered(matchId: string, side: string, endpoint: string, key: string): Promise<void> {
    await this.prisma.pushSubscription.updateMany({ where: { matchId, side, endpoint }, data: { lastNotice: key } });
  }

  async listMatches(q: MatchListing): Promise<MatchSummary[]> {
    const rows = await this.prisma.match.findMany({
      where: where(q),
      orderBy: q.order === 'created' ? { createdAt: 'desc' } : { updatedAt: 'desc' },
      take: q.limit,
      skip: q.offset ?? 0,
      select: {
        id: true,
        game: true,
        status: true,
        seq: true,
        listed: true,
        moveDeadlineMs: true,
        createdAt: true,
        updatedAt: true,
        endedAt: true,
        seats: { select: { side: true, name: true, claimedAt: true, dueAt: true, overdueAt: true }, orderBy: { side: 'asc' } },
      },
    });
    return rows.map((m) => ({ ...m, status: m.status as MatchStatus }));
  }

  countMatches(filter: MatchFilter): Promise<number> {
    return this.prisma.match.count({ where: where(filter) });
  }

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }

  close(): Promise<void> {
    return this.prisma.$disconnect();
  }
}
