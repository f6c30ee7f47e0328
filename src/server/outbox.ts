/**
 * The outbox's relay: each job a change owes is written in the change's own statement (the
 * `outbox` table, src/store/append-sql.ts) and handed from there to the job queue (pg-boss)
 * in one transaction that also marks it relayed — so a job is in the queue exactly once
 * whatever fails when: a crash before the relay leaves the row to the next relay (this
 * process's next run, or the next process's first); a crash during it rolls it all back.
 *
 * Rows are taken `FOR UPDATE SKIP LOCKED`: several processes sharing the database relay side
 * by side, each row once. A run is started after each commit that wrote jobs (`kick`), at
 * start-up, and every `everyMs` (what an earlier process left).
 */
import { Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import { keepConnectionErrors } from './errors';

export interface OutboxRow {
  key: string;
  queue: string;
  data: unknown;
  startAfter: Date | null;
}

/** Runs SQL on the relay's transaction (pg-boss's `db` option takes this shape). */
export interface TxDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: any[] }>;
}

export interface RelayOptions {
  connectionString: string;
  /** Inserts the jobs into the queue on `db` (the relay's transaction). */
  insert(rows: OutboxRow[], db: TxDb): Promise<void>;
  logger: Logger;
  /** How often to look for rows left unrelayed (ms; 0: only when kicked). */
  everyMs: number;
  /** Rows per transaction. */
  batch?: number;
  /** Test-only fault points (FAULT_KILL_AT): called at each named point. */
  fault?: (point: string) => void;
}

export class OutboxRelay {
  readonly pool: Pool;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  relayed = 0;

  constructor(private opts: RelayOptions) {
    this.pool = new Pool({ connectionString: opts.connectionString, max: 2, application_name: 'ironbottom-outbox' });
    this.pool.on('error', (err) => opts.logger.warn({ err: { message: err.message } }, 'outbox connection error'));
    keepConnectionErrors(this.pool, (err) => opts.logger.debug({ err: { message: err.message } }, 'an outbox connection broke'));
  }

  start(): void {
    this.kick();
    if (this.opts.everyMs > 0 && !this.timer) {
      this.timer = setInterval(() => this.kick(), this.opts.everyMs);
      this.timer.unref();
    }
  }

  /** Relays soon (never throws, never waits); a run in progress runs once more. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop()
      .catch((err) => this.opts.logger.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'outbox relay failed; it runs again'))
      .finally(() => (this.running = null));
  }

  /** Resolves once no run is in progress and none is owed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      while ((await this.runOnce()) === (this.opts.batch ?? 200)) {
        /* a full batch: there may be more */
      }
    } while (this.again && !this.closed);
  }

  /** One transaction: up to `batch` unrelayed rows into the queue, marked relayed. Returns how many. */
  async runOnce(): Promise<number> {
    const client: PoolClient = await this.pool.connect();
    // A checked-out client has no listener of the pool's: the database dying under it (kill -9)
    // must fail this run, not the process with an unhandled 'error' event.
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ key: string; queue: string; data: unknown; start_after: Date | null }>(
        'SELECT "key", "queue", "data", "start_after" FROM "outbox" WHERE "relayed_at" IS NULL ORDER BY "created_at" LIMIT $1 FOR UPDATE SKIP LOCKED',
        [this.opts.batch ?? 200],
      );
      if (rows.length > 0) {
        const db: TxDb = { executeSql: (text, values) => client.query(text, values) };
        await this.opts.insert(
          rows.map((r) => ({ key: r.key, queue: r.queue, data: r.data, startAfter: r.start_after })),
          db,
        );
        await client.query('UPDATE "outbox" SET "relayed_at" = $2::timestamp WHERE "key" = ANY($1::text[])', [rows.map((r) => r.key), new Date().toISOString()]);
      }
      await client.query('COMMIT');
      this.relayed += rows.length;
      if (rows.length > 0) this.opts.fault?.('relayed');
      return rows.length;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      broken ??= e as Error;
      throw e;
    } finally {
      client.removeListener('error', onError);
      // A client whose connection failed is destroyed, not put back.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    await this.pool.end().catch(() => undefined);
  }
}

/** FAULT_KILL_AT (tests only): the process kills itself with SIGKILL at the named point, as a crash there would. */
export function faultPoints(spec: string | undefined): ((point: string) => void) | undefined {
  if (!spec) return undefined;
  const points = new Set(spec.split(',').map((s) => s.trim()));
  return (point) => {
    if (points.has(point)) process.kill(process.pid, 'SIGKILL');
  };
}
