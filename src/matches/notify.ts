/**
 * Notice delivery: a webhook POST (signed with the seat's secret; or in Discord's or
 * Slack's own format when the address is one of their incoming webhooks), an email
 * through SMTP with List-Unsubscribe and an opt-out link, and a Web Push to each device the
 * seat's holder subscribed (web-push.ts). This class is the in-process
 * queue (the in-memory store's, tests', benchmarks'): `notify` returns at once and never
 * throws, deliveries run in the background and are retried with exponential back-off, so
 * a slow or dead receiver never holds a match up. The server's durable queue
 * (src/server/jobs.ts, pg-boss) extends it and delivers through `deliver`.
 *
 * Each delivery carries an idempotency key, the same for every attempt of one notice
 * (`Idempotency-Key` header): a receiver counts a notice once however often it comes.
 * A channel chosen "when away" waits `awayGraceMs` and is dropped if a socket of the
 * seat is connected to the match by then (`setPresence`).
 *
 * A notice carries nothing hidden: the match, the side, that side's own seq, and a link
 * without a token. Signature: `X-Ironbottom-Signature: sha256=<hex>`, the HMAC-SHA256
 * with the seat's webhook secret of `<X-Ironbottom-Timestamp>.<raw body>`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Transporter } from 'nodemailer';
import { postChecked, refusedAddress, type Resolver } from '../net/public-address';
import { DEFAULT_HOSTS, discordBody, mailOf, slackBody, webhookKind, type Notice, type WebhookHosts } from './notice-formats';

export type { Notice, NoticeEvent } from './notice-formats';
export { mailOf } from './notice-formats';

export type Channel = 'webhook' | 'email' | 'push';

/** Web Push (web-push.ts): sends a notice to every device of the seat's holder; throws when one should be tried again. */
export interface PushChannel {
  send(notice: Notice, key: string): Promise<void>;
}

export interface Target {
  webhook?: string;
  email?: string;
  /** The seat's holder subscribed devices to Web Push. */
  push?: boolean;
  secret?: string;
  /** The notice's idempotency key (one per event); each channel's delivery key is `<key>:<channel>`. */
  key?: string;
  /** The seat's opt-out address for email (List-Unsubscribe). */
  optOut?: string;
  /** Channels sent only when no socket of the seat is connected (after the grace period). */
  away?: Channel[];
}

/** Whether a socket of `side` is connected to match `matchId` (any process). */
export type Presence = (matchId: string, side: string) => Promise<boolean>;

export interface NotifierOptions {
  logger: Logger;
  /** nodemailer transport; no email without it. */
  mailer?: Transporter;
  mailFrom?: string;
  maxAttempts: number;
  /** The first retry's delay; doubled each time, at most 10 minutes. */
  backoffMs: number;
  timeoutMs: number;
  /** Allow webhooks to loopback and private addresses (tests; a private deployment). */
  allowPrivate: boolean;
  /** How long a "when away" notice waits before it checks whether the seat is connected (default 0). */
  awayGraceMs?: number;
  /** The hosts of Discord's and Slack's incoming webhooks (tests name their own). */
  hosts?: WebhookHosts;
  /** Name resolution for webhooks (tests). */
  resolve?: Resolver;
  /** Web Push; no push notices without it. */
  push?: PushChannel;
}

interface Job {
  kind: Channel;
  target: Target;
  notice: Notice;
  attempt: number;
  id: string;
  away: boolean;
}

export const SIGNATURE_HEADER = 'x-ironbottom-signature';
export const TIMESTAMP_HEADER = 'x-ironbottom-timestamp';
export const DELIVERY_HEADER = 'x-ironbottom-delivery';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export function sign(secret: string, timestamp: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The channels of `target` to send to (email only with a mailer, push only with Web Push set up). */
export function channelsOf(target: Target, mail: boolean, push = false): Channel[] {
  return [...(target.webhook ? (['webhook'] as const) : []), ...(target.email && mail ? (['email'] as const) : []), ...(target.push && push ? (['push'] as const) : [])];
}

export class Notifier {
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private waiting = 0;
  protected closed = false;
  private idleWaiters: (() => void)[] = [];
  protected presence: Presence | null = null;
  /** Deliveries that succeeded, failed for good, and were retried (for tests and the metrics). */
  readonly stats = { delivered: 0, failed: 0, retried: 0 };
  /** "When away" deliveries not made: the seat was connected. */
  skipped = 0;

  constructor(protected opts: NotifierOptions) {}

  /** Who is connected, for "when away" notices (the socket layer sets it). */
  setPresence(p: Presence): void {
    this.presence = p;
  }

  /** Queues the notice for each address of `target`. Never throws, never waits. */
  notify(target: Target, notice: Notice): void {
    if (this.closed) return;
    for (const kind of channelsOf(target, !!this.opts.mailer, !!this.opts.push)) {
      const away = target.away?.includes(kind) ?? false;
      const id = target.key ? `${target.key}:${kind}` : randomUUID();
      this.queue({ kind, target, notice, attempt: 1, id, away }, away ? (this.opts.awayGraceMs ?? 0) : 0);
    }
  }

  /** Whether a "when away" delivery is not needed: a socket of the seat is connected. */
  async seatPresent(notice: Notice): Promise<boolean> {
    return this.presence ? this.presence(notice.match, notice.side).catch(() => false) : false;
  }

  private queue(job: Job, delay: number): void {
    this.waiting++;
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.waiting--;
      const p = this.run(job).finally(() => {
        this.inFlight.delete(p);
        this.checkIdle();
      });
      this.inFlight.add(p);
    }, delay);
    t.unref();
    this.timers.add(t);
  }

  private async run(job: Job): Promise<void> {
    const log = this.opts.logger.child({ matchId: job.notice.match, side: job.notice.side, delivery: job.kind, attempt: job.attempt });
    if (job.attempt === 1 && job.away && (await this.seatPresent(job.notice))) {
      this.skipped++;
      log.info({ event: job.notice.event }, 'notice not sent: the seat is connected');
      return;
    }
    try {
      await this.deliver(job.kind, job.target, job.notice, job.id);
      this.stats.delivered++;
      log.info({ event: job.notice.event }, 'notice delivered');
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (!refusedAddress(e) && job.attempt < this.opts.maxAttempts && !this.closed) {
        const delay = Math.min(this.opts.backoffMs * 2 ** (job.attempt - 1), 10 * 60_000);
        this.stats.retried++;
        log.warn({ reason, retryInMs: delay }, 'notice not delivered; will retry');
        this.queue({ ...job, attempt: job.attempt + 1 }, delay);
      } else {
        this.stats.failed++;
        log.warn({ reason }, 'notice not delivered; giving up');
      }
    }
  }

  /** Delivers one notice on one channel now; throws when it was not taken (a refused address: `refusedAddress(e)`). */
  async deliver(kind: Channel, target: Target, notice: Notice, key: string): Promise<void> {
    if (kind === 'webhook') await this.postWebhook(target, notice, key);
    else if (kind === 'push') await this.sendPush(notice, key);
    else await this.sendMail(target, notice, key);
  }

  private async postWebhook(target: Target, notice: Notice, key: string): Promise<void> {
    const url = new URL(target.webhook!);
    const kind = webhookKind(url.href, this.opts.hosts ?? DEFAULT_HOSTS);
    const body = JSON.stringify(kind === 'discord' ? discordBody(notice) : kind === 'slack' ? slackBody(notice) : notice);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'ironbottom-notifier',
      [IDEMPOTENCY_HEADER]: key,
    };
    if (kind === 'generic') {
      headers[TIMESTAMP_HEADER] = timestamp;
      headers[DELIVERY_HEADER] = key;
      if (target.secret) headers[SIGNATURE_HEADER] = sign(target.secret, timestamp, body);
    }
    // Public addresses only (unless allowPrivate), resolved once and connected to as checked; no redirects.
    const status = await postChecked(url, {
      headers,
      body,
      timeoutMs: this.opts.timeoutMs,
      allowPrivate: this.opts.allowPrivate,
      ...(this.opts.resolve ? { resolve: this.opts.resolve } : {}),
    });
    if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  }

  private async sendPush(notice: Notice, key: string): Promise<void> {
    if (!this.opts.push) throw new Error('Web Push is not set up');
    await this.opts.push.send(notice, key);
  }

  private async sendMail(target: Target, notice: Notice, key: string): Promise<void> {
    if (!this.opts.mailer) throw new Error('no mail server is set up (SMTP_HOST)');
    const { subject, text } = mailOf(notice, target.optOut);
    await this.opts.mailer.sendMail({
      from: this.opts.mailFrom,
      to: target.email!,
      subject,
      text,
      messageId: `<${key.replace(/[^A-Za-z0-9.:_-]/g, '_')}@ironbottom>`,
      ...(target.optOut
        ? { list: { unsubscribe: { url: target.optOut, comment: 'No more email about this match' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    });
  }

  private checkIdle(): void {
    if (this.waiting === 0 && this.inFlight.size === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Resolves once nothing is queued or in flight (retries included). */
  idle(): Promise<void> {
    if (this.waiting === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops queued retries, waits up to `graceMs` for deliveries in flight, closes the mailer. */
  async close(graceMs = 2_000): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting = 0;
    const grace = new Promise<void>((r) => setTimeout(r, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
    this.opts.mailer?.close();
    this.checkIdle();
  }
}
