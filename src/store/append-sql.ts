/**
 * A store write as one SQL statement: the action row (an append, the hot path), the match's
 * seq and columns, each seat's changes and any snapshot, as data-modifying CTEs; and a new
 * match with its seats and first snapshots (`createStatement`). One statement is one round
 * trip and one implicit transaction: if the (match, seq) key is taken, or a new match's id,
 * creator hash or a token hash is in use, nothing of it is written. Column names are Prisma's `@map`s (prisma/schema.prisma);
 * test/store/match-store.test.ts reads every written field back through Prisma.
 */
import type { Row } from '../engine';
import type { MatchPatch, NewMatch, OutboxJob, SeatPatch, Write } from './match-store';

export interface Statement {
  text: string;
  values: unknown[];
}

/** TIMESTAMP(3) columns hold UTC without a zone, as Prisma writes them. */
const sqlDate = (d: Date | null) => (d === null ? null : d.toISOString());
const jsonText = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** A match patch's columns (name → value, with the cast it needs). */
function matchColumns(p: MatchPatch): [string, unknown, string?][] {
  const c: [string, unknown, string?][] = [];
  if (p.status !== undefined) c.push(['status', p.status]);
  if (p.endedAt !== undefined) c.push(['ended_at', sqlDate(p.endedAt), 'timestamp']);
  if (p.result !== undefined) c.push(['result', jsonText(p.result), 'jsonb']);
  if (p.moveDeadlineMs !== undefined) c.push(['move_deadline_ms', p.moveDeadlineMs, 'int']);
  if (p.diceSealSeq !== undefined) c.push(['dice_seal_seq', p.diceSealSeq, 'int']);
  if (p.clockPausedAt !== undefined) c.push(['clock_paused_at', sqlDate(p.clockPausedAt), 'timestamp']);
  if (p.clockPauseBy !== undefined) c.push(['clock_pause_by', p.clockPauseBy]);
  if (p.rematch) c.push(['rematch_id', p.rematch.id], ['rematch_swap', p.rematch.swap, 'boolean']);
  return c;
}

function seatColumns(p: SeatPatch): [string, unknown, string?][] {
  const c: [string, unknown, string?][] = [];
  if (p.tokenHash !== undefined) c.push(['token_hash', p.tokenHash]);
  if (p.name !== undefined) c.push(['name', p.name]);
  if (p.notify !== undefined) c.push(['notify', jsonText(p.notify), 'jsonb']);
  if (p.orders !== undefined) c.push(['orders', jsonText(p.orders), 'jsonb']);
  if (p.webhookSecret !== undefined) c.push(['webhook_secret', p.webhookSecret]);
  if (p.claimedAt !== undefined) c.push(['claimed_at', sqlDate(p.claimedAt), 'timestamp']);
  if (p.dueAt !== undefined) c.push(['due_at', sqlDate(p.dueAt), 'timestamp']);
  if (p.remindedAt !== undefined) c.push(['reminded_at', sqlDate(p.remindedAt), 'timestamp']);
  if (p.overdueAt !== undefined) c.push(['overdue_at', sqlDate(p.overdueAt), 'timestamp']);
  if (p.commitment !== undefined) c.push(['commitment', p.commitment]);
  if (p.value !== undefined) c.push(['value', p.value]);
  if (p.committedBy !== undefined) c.push(['committed_by', p.committedBy]);
  if (p.bankMs !== undefined) c.push(['bank_ms', p.bankMs, 'int']);
  if (p.bankDueAt !== undefined) c.push(['bank_due_at', sqlDate(p.bankDueAt), 'timestamp']);
  if (p.bankOutAt !== undefined) c.push(['bank_out_at', sqlDate(p.bankOutAt), 'timestamp']);
  return c;
}

/** A statement's parameters as it is written: `$(value, cast?)` adds one and returns its placeholder. */
type Param = (v: unknown, cast?: string) => string;

function params(values: unknown[]): Param {
  return (v, cast) => {
    values.push(v);
    return cast ? `$${values.length}::${cast}` : `$${values.length}`;
  };
}

/**
 * A write's data-modifying parts: the CTEs of the match's columns, each seat's changes and any
 * snapshot, named with `prefix`, and given `row`, the INSERT of the action row (with the
 * match's seq among the match's columns).
 */
function writeParts(matchId: string, write: Write, stamp: string, $: Param, prefix: string, row?: Row): { ctes: string[]; insert: string | null; id: string } {
  const id = $(matchId);
  const ctes: string[] = [];
  const matchSets = row ? [`"seq" = ${$(row.seq, 'int')}`] : [];
  for (const [col, v, cast] of matchColumns(write.match ?? {})) matchSets.push(`"${col}" = ${$(v, cast)}`);
  if (matchSets.length > 0) {
    matchSets.push(`"updated_at" = ${$(stamp, 'timestamp')}`);
    ctes.push(`${prefix}m AS (UPDATE "matches" SET ${matchSets.join(', ')} WHERE "id" = ${id})`);
  }
  let n = 0;
  for (const [side, p] of Object.entries(write.seats ?? {})) {
    const cols = seatColumns(p);
    if (cols.length === 0) continue;
    const sets = cols.map(([col, v, cast]) => `"${col}" = ${$(v, cast)}`).join(', ');
    ctes.push(`${prefix}s${n++} AS (UPDATE "seats" SET ${sets} WHERE "match_id" = ${id} AND "side" = ${$(side)})`);
  }
  if (write.snapshot) {
    ctes.push(
      `${prefix}snap AS (INSERT INTO "snapshots" ("match_id", "seq", "state", "created_at") VALUES (${id}, ${$(write.snapshot.seq, 'int')}, ${$(JSON.stringify(write.snapshot.state), 'json')}, ${$(stamp, 'timestamp')}) ON CONFLICT DO NOTHING)`,
    );
  }
  if (write.jobs?.length) ctes.push(`${prefix}o AS (${outboxInsert(write.jobs, stamp, $)})`);
  const insert = row
    ? `INSERT INTO "actions" ("match_id", "seq", "side", "kind", "private", "unshared", "reveals", "payload", "log", "rolls", "created_at") VALUES (` +
      [
        id,
        $(row.seq, 'int'),
        $(row.side),
        $(row.kind),
        $(row.private, 'boolean'),
        $(row.unshared === true, 'boolean'),
        $(row.reveals, 'boolean'),
        $(JSON.stringify(row.payload ?? {}), 'jsonb'),
        $(JSON.stringify(row.log), 'jsonb'),
        $(JSON.stringify(row.rolls), 'jsonb'),
        $(stamp, 'timestamp'),
      ].join(', ') +
      ')'
    : null;
  return { ctes, insert, id };
}

/** The outbox's INSERT of `jobs` (one row per key; a key already there is left as it is). */
function outboxInsert(jobs: readonly OutboxJob[], stamp: string, $: Param, when = ''): string {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const j of jobs) {
    if (seen.has(j.key)) continue;
    seen.add(j.key);
    rows.push(`(${$(j.key)}, ${$(j.queue)}, ${$(JSON.stringify(j.data), 'jsonb')}, ${$(sqlDate(j.startAfter), 'timestamp')}, ${$(stamp, 'timestamp')})`);
  }
  const source = when ? `SELECT * FROM (VALUES ${rows.join(', ')}) AS v ${when}` : `VALUES ${rows.join(', ')}`;
  return `INSERT INTO "outbox" ("key", "queue", "data", "start_after", "created_at") ${source} ON CONFLICT ("key") DO NOTHING`;
}

/**
 * A conditional mark of a seat (`sets`, where `where` holds) with the jobs it owes, in one
 * statement: the jobs are written only when the mark is (a second process's mark sets nothing
 * and writes nothing). Returns the number of seats marked (0 or 1) as its one row's `n`.
 */
export function markStatement(
  matchId: string,
  side: string,
  sets: [string, unknown, string?][],
  where: [string, unknown, string?][],
  jobs: readonly OutboxJob[],
  now: Date,
): Statement {
  const values: unknown[] = [];
  const $ = params(values);
  const set = sets.map(([c, v, cast]) => `"${c}" = ${$(v, cast)}`).join(', ');
  const cond = where.map(([c, v, cast]) => (v === null ? `"${c}" IS NULL` : `"${c}" = ${$(v, cast)}`)).join(' AND ');
  const ctes = [`u AS (UPDATE "seats" SET ${set} WHERE "match_id" = ${$(matchId)} AND "side" = ${$(side)} AND ${cond} RETURNING 1)`];
  if (jobs.length) ctes.push(`o AS (${outboxInsert(jobs, sqlDate(now)!, $, 'WHERE EXISTS (SELECT 1 FROM u)')})`);
  return { text: `WITH ${ctes.join(', ')} SELECT count(*)::int AS n FROM u`, values };
}

/**
 * The statement of a write: the match's columns, each seat's changes and any snapshot, and,
 * given `row`, the action row with the match's seq (an append). `now` stamps the row, the
 * snapshot and the match's `updated_at` (set when the match itself changes, as Prisma does).
 */
export function writeStatement(matchId: string, write: Write, now: Date, row?: Row): Statement {
  const values: unknown[] = [];
  const { ctes, insert, id } = writeParts(matchId, write, sqlDate(now)!, params(values), '', row);
  const main = insert ?? `SELECT 1 FROM "matches" WHERE "id" = ${id}`;
  return { text: ctes.length ? `WITH ${ctes.join(', ')} ${main}` : main, values };
}

/**
 * A new match without rows (every match the server creates; an import with rows goes through
 * Prisma) as one statement: the match, its seats and its snapshots, each an INSERT of its own
 * CTE. Each column as Prisma's `create` writes it: a seat's id is `<match id>-<index>`, the
 * match's `updated_at` is `now`, and so is its `created_at` unless the match brings its own.
 */
export function createStatement(m: NewMatch, now: Date): Statement {
  const values: unknown[] = [];
  const $ = params(values);
  const id = $(m.id);
  const created = $(sqlDate(m.createdAt ?? now), 'timestamp');
  const match: [string, string][] = [
    ['id', id],
    ['game', $(m.game)],
    ['options', $(JSON.stringify(m.options ?? {}), 'jsonb')],
    ['seed', $(m.seed)],
    ['seed_hash', $(m.seedHash)],
    ['status', $(m.status)],
    ['seq', $(0, 'int')],
    ['setup_log', $(JSON.stringify(m.setupLog), 'jsonb')],
    ['listed', $(m.listed ?? false, 'boolean')],
    ['creator_hash', $(m.creatorHash)],
    ['move_deadline_ms', $(m.moveDeadlineMs, 'int')],
    ['result', $(jsonText(m.result), 'jsonb')],
    ['ended_at', $(sqlDate(m.endedAt ?? null), 'timestamp')],
    ['dice_version', $(m.diceVersion ?? 0, 'int')],
    ['dice_seal_seq', $(m.diceSealSeq ?? null, 'int')],
    ['clock', $(jsonText(m.clock), 'jsonb')],
    ['created_at', created],
    ['updated_at', $(sqlDate(now), 'timestamp')],
  ];
  const columns = (cs: [string, string][]) => cs.map(([c]) => `"${c}"`).join(', ');
  const ctes = [`m AS (INSERT INTO "matches" (${columns(match)}) VALUES (${match.map(([, v]) => v).join(', ')}))`];
  const seats = m.seats.map((s, i): [string, string][] => [
    ['id', $(`${m.id}-${i}`)],
    ['match_id', id],
    ['side', $(s.side)],
    ['token_hash', $(s.tokenHash)],
    ['name', $(s.name ?? null)],
    ['notify', $(jsonText(s.notify), 'jsonb')],
    ['orders', $(jsonText(s.orders ?? null), 'jsonb')],
    ['webhook_secret', $(s.webhookSecret ?? null)],
    ['claimed_at', $(sqlDate(s.claimedAt ?? null), 'timestamp')],
    ['due_at', $(sqlDate(s.dueAt ?? null), 'timestamp')],
    ['reminded_at', $(sqlDate(s.remindedAt ?? null), 'timestamp')],
    ['overdue_at', $(sqlDate(s.overdueAt ?? null), 'timestamp')],
    ['commitment', $(s.commitment ?? null)],
    ['value', $(s.value ?? null)],
    ['committed_by', $(s.committedBy ?? null)],
    ['bank_ms', $(s.bankMs ?? null, 'int')],
    ['bank_due_at', $(sqlDate(s.bankDueAt ?? null), 'timestamp')],
    ['bank_out_at', $(sqlDate(s.bankOutAt ?? null), 'timestamp')],
  ]);
  if (seats.length > 0) ctes.push(`s AS (INSERT INTO "seats" (${columns(seats[0]!)}) VALUES ${seats.map((r) => `(${r.map(([, v]) => v).join(', ')})`).join(', ')})`);
  const snaps = m.snapshots.map((s) => `(${id}, ${$(s.seq, 'int')}, ${$(JSON.stringify(s.state), 'json')}, ${created})`);
  if (snaps.length > 0) ctes.push(`snap AS (INSERT INTO "snapshots" ("match_id", "seq", "state", "created_at") VALUES ${snaps.join(', ')})`);
  return { text: `WITH ${ctes.join(', ')} SELECT 1`, values };
}

/** An append as a batch takes it. */
export interface Append {
  matchId: string;
  row: Row;
  write: Write;
}

/**
 * Several appends (of different matches) as one statement: every part of each as a CTE of
 * its own. One statement is one transaction: if any (match, seq) key is taken, none of them
 * is written (the batch then runs them one by one, append-batch.ts).
 */
export function batchStatement(appends: readonly Append[], now: Date): Statement {
  const values: unknown[] = [];
  const $ = params(values);
  const stamp = sqlDate(now)!;
  const ctes: string[] = [];
  appends.forEach((a, i) => {
    const parts = writeParts(a.matchId, a.write, stamp, $, `a${i}_`, a.row);
    ctes.push(...parts.ctes, `a${i}_r AS (${parts.insert})`);
  });
  return { text: `WITH ${ctes.join(', ')} SELECT 1`, values };
}

/** Whether `e` is PostgreSQL refusing the actions' (match, seq) key, as pg or Prisma reports it. */
export function isSeqTaken(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as { code?: unknown; constraint?: unknown; message?: unknown; meta?: { code?: unknown; message?: unknown } };
  if (x.code === '23505') return x.constraint === 'actions_pkey';
  const text = `${String(x.message ?? '')} ${String(x.meta?.message ?? '')}`;
  return (x.code === 'P2010' || x.code === 'P2002' || x.meta?.code === '23505') && text.includes('actions_pkey');
}
