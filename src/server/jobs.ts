/**
 * Durable jobs in PostgreSQL (pg-boss 10, in its own schema of the server's database):
 * every notice and every deadline reminder and expiry is a job, written in the same statement
 * as the change that owes it (the `outbox` table: the store's `Write.jobs`, a seat mark's
 * `jobs`), relayed from there to pg-boss in a transaction that marks it relayed (outbox.ts),
 * run when it comes due (a deadline's job waits for its due time: nothing polls the seats),
 * retried with exponential back-off, and taken by one process at a time of all that share
 * the database. A restart — even after kill -9 — loses none: a change committed owes its
 * jobs in the same commit, and what was not relayed or not done is done by the next process.
 *
 * Once per event: the outbox keeps one row per idempotency key (notices.ts), the queue's job
 * id is derived from it, and a delivery that went out is marked in `notice_deliveries`, so a
 * job run again (its process killed after the send) does not send it again. Between the send
 * and that mark nothing can tell: the delivery sends the key as `Idempotency-Key`, so a
 * receiver that took an attempt whose mark was lost in a crash can tell the repeat.
 *
 * A notice job holds the notice (public facts only) and its channel; the address, the
 * webhook secret and the seat's choice of when to send are read from the seat when the
 * job runs, so no secret is kept in the job table and a later "never" is honoured.
 */
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { Deadlines } from '../matches/deadlines';
import type { Outbox } from '../matches/notices';
import { channelsOf, Notifier, type Channel, type Notice, type NotifierOptions, type Target } from '../matches/notify';
import { refusedAddress } from '../net/public-address';
import type { OutboxJob } from '../store/match-store';
import { isDatabaseUnavailable } from './errors';
import { OutboxRelay } from './outbox';

const NOTICES = 'notices';
/** How long a delivery's mark is tried again while the database is away (ms). */
const MARK_FOR_MS = 20_000;
const DEADLINES = 'deadlines';
/** How many due jobs of a queue one worker runs at once (see `workEach`). */
const JOB_BATCH = 8;

interface NoticeJob {
  notice: Notice;
  channel: Channel;
  key: string;
  away: boolean;
}

interface DeadlineJob {
  /** A move deadline's reminder or expiry, or the moment a time bank runs out (src/matches/time-bank.ts). */
  kind: 'reminder' | 'expiry' | 'bank';
  matchId: string;
  side: string;
  dueAt: string;
}

export interface JobsOptions extends NotifierOptions {
  /** The database (pg-boss keeps its tables in `schema` there). */
  connectionString: string;
  schema: string;
  /** The seat's addresses as they are now (null: none, or the seat chose "never"). */
  targetOf(matchId: string, side: string): Promise<Target | null>;
  /** How often an idle worker looks for due jobs (s, at least 0.5); the outbox is looked at as often. */
  pollSeconds: number;
  /** How often pg-boss fails the jobs whose process died while running them (s; default 120). */
  maintenanceSeconds?: number;
  /** Test-only fault points (outbox.ts `faultPoints`). */
  fault?: (point: string) => void;
}

/** Runs `work` while holding a PostgreSQL session advisory lock named `name` (every process sharing the database waits its turn). */
async function oneAtATime(connectionString: string, name: string, work: () => Promise<void>): Promise<void> {
  const client = new Client({ connectionString, application_name: 'ironbottom-start' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A deterministic job id (a UUID's shape) from a key: the same event is stored once. */
export function jobId(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class JobNotifier extends Notifier implements Outbox {
  readonly boss: PgBoss;
  readonly relayer: OutboxRelay;
  private deadlines: Pick<Deadlines, 'fire'> | null = null;
  private log: Logger;

  constructor(private jobs: JobsOptions) {
    super(jobs);
    this.log = jobs.logger;
    this.boss = new PgBoss({
      connectionString: jobs.connectionString,
      schema: jobs.schema,
      max: 4,
      application_name: 'ironbottom-jobs',
      maintenanceIntervalSeconds: Math.max(1, jobs.maintenanceSeconds ?? 120),
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    this.relayer = new OutboxRelay({
      connectionString: jobs.connectionString,
      logger: jobs.logger,
      everyMs: Math.max(500, jobs.pollSeconds * 1000),
      ...(jobs.fault ? { fault: jobs.fault } : {}),
      insert: async (rows, db) =>
        void (await this.boss.insert(
          rows.map((r) => ({ id: jobId(r.key), name: r.queue, data: r.data as object, singletonKey: r.key, ...(r.startAfter ? { startAfter: r.startAfter.toISOString() } : {}) })),
          { db },
        )),
    });
  }

  /** Creates the schema and queues if need be and starts the workers; `deadlines` fires the deadline jobs. */
  async start(deadlines: Pick<Deadlines, 'fire'>): Promise<void> {
    this.deadlines = deadlines;
    // Two processes starting at once on one database would create pg-boss's schema and queues
    // side by side and deadlock each other: one at a time, by an advisory lock.
    await oneAtATime(this.jobs.connectionString, `ironbottom:jobs:${this.jobs.schema}`, async () => {
      await this.boss.start();
      const retry = { retryLimit: Math.max(0, this.jobs.maxAttempts - 1), retryDelay: Math.max(1, Math.round(this.jobs.backoffMs / 1000)), retryBackoff: true };
      await this.boss.createQueue(NOTICES, { name: NOTICES, ...retry, expireInSeconds: Math.max(30, Math.ceil((this.jobs.timeoutMs * 3) / 1000)) });
      await this.boss.createQueue(DEADLINES, { name: DEADLINES, retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 });
    });
    await this.workEach<NoticeJob>(NOTICES, (job) => this.runNotice(job));
    await this.workEach<DeadlineJob>(DEADLINES, async (d) => {
      await this.deadlines!.fire(d.kind, d.matchId, d.side, new Date(d.dueAt));
    });
    // What earlier processes committed and did not relay, then every poll and after each commit.
    this.relayer.start();
  }

  /**
   * A worker that runs up to `JOB_BATCH` due jobs of `queue` at once and fetches again at once
   * while it finds a full batch. pg-boss 10's worker takes one job a fetch and then waits out
   * the rest of its polling interval, so one process ran at most one notice a poll (0.5 a second
   * at the default 2 s): a fault run under bot load owed 1.3 a second and found 251 of 661
   * notices still queued after two minutes (issue 39). pg-boss completes a batch when the
   * handler returns and fails it all when it throws: so when any job of the batch failed, the
   * handler throws and the whole batch is retried — the jobs that did deliver find their mark in
   * `notice_deliveries` and send nothing again. (Failing the failed job alone is not safe: when
   * that call is lost with a cut connection, completing the batch just after would complete a
   * notice never sent — the CI fault test found 6 so.)
   */
  private async workEach<T extends object>(queue: string, run: (data: T) => Promise<void>): Promise<void> {
    let worker = '';
    worker = await this.boss.work<T>(queue, { pollingIntervalSeconds: Math.max(0.5, this.jobs.pollSeconds), batchSize: JOB_BATCH }, async (jobs) => {
      const failed = (await Promise.allSettled(jobs.map((job) => run(job.data)))).filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (jobs.length === JOB_BATCH && !this.closed) this.boss.notifyWorker(worker);
      if (failed.length > 0) {
        const reasons = failed.map((r) => (r.reason instanceof Error ? r.reason.message : String(r.reason)));
        throw new Error(`${failed.length} of ${jobs.length} jobs failed: ${reasons.join('; ')}`);
      }
    });
  }

  /** A job for each channel of the notice, for the outbox (a "when away" channel waits the grace period). */
  noticeJobs(target: Target, notice: Notice): OutboxJob[] {
    const key = target.key ?? `${notice.match}:${notice.side}:${notice.event}:${notice.at}`;
    return channelsOf(target, !!this.jobs.mailer, !!this.jobs.push).map((channel) => {
      const away = target.away?.includes(channel) ?? false;
      const k = `${key}:${channel}`;
      // The notice's own time (the service's clock), not this machine's: the same change owes the same row.
      const startAfter = away && this.jobs.awayGraceMs ? new Date(Date.parse(notice.at) + this.jobs.awayGraceMs) : null;
      return { key: k, queue: NOTICES, data: { notice, channel, key: k, away } satisfies NoticeJob, startAfter };
    });
  }

  /** The reminder (if not yet sent) and the expiry of a clock, each a job due at its time. */
  deadlineJobs(matchId: string, side: string, dueAt: Date, remindAt: Date | null): OutboxJob[] {
    const kinds: ('reminder' | 'expiry')[] = remindAt ? ['reminder', 'expiry'] : ['expiry'];
    return kinds.map((kind) => ({
      key: `${matchId}:${side}:${kind}:${dueAt.getTime()}`,
      queue: DEADLINES,
      data: { kind, matchId, side, dueAt: dueAt.toISOString() } satisfies DeadlineJob,
      startAfter: kind === 'reminder' ? remindAt : dueAt,
    }));
  }

  /** A time bank's expiry: a job due when the bank runs out (a bank stopped, paused or run out since makes it do nothing). */
  bankJobs(matchId: string, side: string, dueAt: Date): OutboxJob[] {
    return [
      {
        key: `${matchId}:${side}:bank:${dueAt.getTime()}`,
        queue: DEADLINES,
        data: { kind: 'bank', matchId, side, dueAt: dueAt.toISOString() } satisfies DeadlineJob,
        startAfter: dueAt,
      },
    ];
  }

  relay(): void {
    this.jobs.fault?.('committed');
    if (!this.closed) this.relayer.kick();
  }

  /** Whether the delivery `key` went out already (its mark in `notice_deliveries`). */
  private async delivered(key: string): Promise<boolean> {
    return (await this.relayer.pool.query('SELECT 1 FROM "notice_deliveries" WHERE "key" = $1', [key])).rowCount === 1;
  }

  /**
   * Marks the delivery `key` as gone out. The send is done: a database away just now (killed,
   * restarting, its connection cut) must not fail the job, whose retry would send it again —
   * the mark is tried again until the database answers, within `MARK_FOR_MS` (under the
   * queue's expiry of a running job, 30 s at least, after which the queue would retry it).
   */
  private async markDelivered(key: string): Promise<void> {
    const until = Date.now() + MARK_FOR_MS;
    for (let wait = 250; ; wait = Math.min(wait * 2, 4_000)) {
      try {
        await this.relayer.pool.query('INSERT INTO "notice_deliveries" ("key", "delivered_at") VALUES ($1, $2::timestamp) ON CONFLICT ("key") DO NOTHING', [
          key,
          new Date().toISOString(),
        ]);
        return;
      } catch (e) {
        if (!isDatabaseUnavailable(e) || Date.now() + wait > until) throw e;
        this.log.warn({ err: { message: (e as Error).message, code: (e as { code?: string }).code } }, 'a delivery went out and its mark waits for the database');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  private async runNotice(job: NoticeJob): Promise<void> {
    const { notice, channel, key } = job;
    const log = this.log.child({ matchId: notice.match, side: notice.side, delivery: channel });
    const target = await this.jobs.targetOf(notice.match, notice.side);
    if (!target?.[channel]) return void log.info({ event: notice.event }, 'notice not sent: the seat has no such address now, or chose never');
    if ((job.away || target.away?.includes(channel)) && (await this.seatPresent(notice))) {
      this.skipped++;
      return void log.info({ event: notice.event }, 'notice not sent: the seat is connected');
    }
    if (await this.delivered(key)) return void log.info({ event: notice.event }, 'notice not sent again: it was delivered before this job was retried');
    try {
      await this.deliver(channel, target, notice, key);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (refusedAddress(e)) {
        this.stats.failed++;
        return void log.warn({ reason }, 'notice not delivered: the address is refused for good');
      }
      this.stats.retried++;
      log.warn({ reason }, 'notice not delivered; the job will be retried');
      throw new Error(reason, { cause: e });
    }
    this.jobs.fault?.('sent');
    await this.markDelivered(key);
    this.stats.delivered++;
    log.info({ event: notice.event }, 'notice delivered');
  }

  /** Resolves once every job committed so far is relayed to the queue. */
  override async idle(): Promise<void> {
    await this.relayer.idle();
  }

  /** Stops the workers within `graceMs` (jobs in flight finish or are retried by the next process) and closes the mailer. */
  override async close(graceMs = 2_000): Promise<void> {
    this.closed = true;
    // What is not relayed now stays in the outbox for the next process.
    await Promise.race([this.relayer.close(), new Promise((r) => setTimeout(r, graceMs / 2).unref())]);
    // Waits (up to the timeout) for the jobs in progress; those still running then fail and are retried by the next process.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: Math.max(1000, graceMs) }).catch((err) => this.log.warn({ err }, 'job queue stop failed'));
    await super.close(0);
  }
}
