/**
 * Durable jobs in PostgreSQL (pg-boss 10, in its own schema of the server's database):
 * every notice and every deadline reminder and expiry is a job, stored when it is made,
 * run when it comes due (a deadline's job waits for its due time: nothing polls the
 * seats), retried with exponential back-off, and taken by one process at a time of all
 * that share the database. A restart — even after kill -9 — loses none: what was not
 * done is done by the next process to start.
 *
 * Once per event: a job's id is derived from the notice's idempotency key (notices.ts), so
 * the same notice made twice (two processes, a retried change) is stored once; the
 * delivery sends the key as `Idempotency-Key`, so a receiver that saw an attempt whose
 * completion was lost in a crash can tell the repeat.
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
import type { DeadlineScheduler } from '../matches/notices';
import type { BankScheduler } from '../matches/time-bank';
import { channelsOf, Notifier, type Channel, type Notice, type NotifierOptions, type Target } from '../matches/notify';
import { refusedAddress } from '../net/public-address';

const NOTICES = 'notices';
const DEADLINES = 'deadlines';

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
  /** How often an idle worker looks for due jobs (s, at least 0.5). */
  pollSeconds: number;
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

export class JobNotifier extends Notifier implements DeadlineScheduler, BankScheduler {
  readonly boss: PgBoss;
  private deadlines: Pick<Deadlines, 'fire'> | null = null;
  private pending = new Set<Promise<unknown>>();
  private log: Logger;

  constructor(private jobs: JobsOptions) {
    super(jobs);
    this.log = jobs.logger;
    this.boss = new PgBoss({ connectionString: jobs.connectionString, schema: jobs.schema, max: 4, application_name: 'ironbottom-jobs' });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
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
    const polling = { pollingIntervalSeconds: Math.max(0.5, this.jobs.pollSeconds) };
    await this.boss.work<NoticeJob>(NOTICES, polling, async ([job]) => this.runNotice(job!.data));
    await this.boss.work<DeadlineJob>(DEADLINES, polling, async ([job]) => {
      const d = job!.data;
      await this.deadlines!.fire(d.kind, d.matchId, d.side, new Date(d.dueAt));
    });
  }

  /** Stores a job for each channel of the notice (never throws, never waits). */
  override notify(target: Target, notice: Notice): void {
    if (this.closed) return;
    const key = target.key ?? `${notice.match}:${notice.side}:${notice.event}:${notice.at}`;
    for (const channel of channelsOf(target, !!this.jobs.mailer, !!this.jobs.push)) {
      const away = target.away?.includes(channel) ?? false;
      const k = `${key}:${channel}`;
      const startAfter = away && this.jobs.awayGraceMs ? new Date(Date.now() + this.jobs.awayGraceMs) : undefined;
      this.track(
        this.boss.send(NOTICES, { notice, channel, key: k, away } satisfies NoticeJob, { id: jobId(k), singletonKey: k, ...(startAfter ? { startAfter } : {}) }),
        notice.match,
      );
    }
  }

  /** The reminder (if not yet sent) and the expiry of a clock, each a job due at its time. */
  schedule(matchId: string, side: string, dueAt: Date, remindAt: Date | null): void {
    if (this.closed) return;
    const jobs: DeadlineJob[] = [
      ...(remindAt ? [{ kind: 'reminder' as const, matchId, side, dueAt: dueAt.toISOString() }] : []),
      { kind: 'expiry', matchId, side, dueAt: dueAt.toISOString() },
    ];
    for (const d of jobs) {
      const k = `${matchId}:${side}:${d.kind}:${dueAt.getTime()}`;
      this.track(this.boss.send(DEADLINES, d, { id: jobId(k), singletonKey: k, startAfter: d.kind === 'reminder' ? remindAt! : dueAt }), matchId);
    }
  }

  /** A time bank's expiry: a job due when the bank runs out (a bank stopped, paused or run out since makes it do nothing). */
  scheduleBank(matchId: string, side: string, dueAt: Date): void {
    if (this.closed) return;
    const k = `${matchId}:${side}:bank:${dueAt.getTime()}`;
    const job: DeadlineJob = { kind: 'bank', matchId, side, dueAt: dueAt.toISOString() };
    this.track(this.boss.send(DEADLINES, job, { id: jobId(k), singletonKey: k, startAfter: dueAt }), matchId);
  }

  private track(p: Promise<unknown>, matchId: string): void {
    const q = p.catch((err) => this.log.error({ err, matchId }, 'could not store a job')).finally(() => this.pending.delete(q));
    this.pending.add(q);
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
    try {
      await this.deliver(channel, target, notice, key);
      this.stats.delivered++;
      log.info({ event: notice.event }, 'notice delivered');
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
  }

  /** Resolves once every job being stored is stored. */
  override async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Stops the workers within `graceMs` (jobs in flight finish or are retried by the next process) and closes the mailer. */
  override async close(graceMs = 2_000): Promise<void> {
    this.closed = true;
    await Promise.race([Promise.allSettled([...this.pending]), new Promise((r) => setTimeout(r, graceMs / 2).unref())]);
    // Waits (up to the timeout) for the jobs in progress; those still running then fail and are retried by the next process.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: Math.max(1000, graceMs) }).catch((err) => this.log.warn({ err }, 'job queue stop failed'));
    await super.close(0);
  }
}
