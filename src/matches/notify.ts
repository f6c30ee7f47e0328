/**
 * "Your move" notices: a webhook POST signed with the seat's secret, and an email through
 * SMTP. An in-process queue: `notify` returns at once and never throws, deliveries run in
 * the background and are retried with exponential back-off, so a slow or dead receiver
 * never holds a match up. A notice carries nothing hidden: the match, the side, that
 * side's own seq, and a link without a token.
 *
 * Signature: `X-Ironbottom-Signature: sha256=<hex>`, the HMAC-SHA256 with the seat's
 * webhook secret of `<X-Ironbottom-Timestamp>.<raw body>`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Transporter } from 'nodemailer';
import { postChecked, refusedAddress } from '../net/public-address';

export type NoticeEvent = 'your-move' | 'reminder' | 'overdue' | 'match-over';

export interface Notice {
  event: NoticeEvent;
  match: string;
  game: string;
  gameName: string;
  /** The side this notice is for. */
  side: string;
  /** That side's own seq (the number of actions it may know of). */
  seq: number;
  /** The match page, without a token (the player's browser keeps the seat link). */
  link: string;
  at: string;
  dueAt?: string;
  overdue?: string[];
  result?: string;
}

export interface Target {
  webhook?: string;
  email?: string;
  secret?: string;
}

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
}

interface Job {
  kind: 'webhook' | 'email';
  target: Target;
  notice: Notice;
  attempt: number;
  id: string;
}

export const SIGNATURE_HEADER = 'x-ironbottom-signature';
export const TIMESTAMP_HEADER = 'x-ironbottom-timestamp';
export const DELIVERY_HEADER = 'x-ironbottom-delivery';

export function sign(secret: string, timestamp: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const EVENT_TEXT: Record<NoticeEvent, string> = {
  'your-move': 'it is your move',
  reminder: 'reminder: half of your time for this move has passed',
  overdue: 'the move deadline has passed',
  'match-over': 'the match is over',
};

export function mailOf(n: Notice): { subject: string; text: string } {
  const subject = `Ironbottom: ${EVENT_TEXT[n.event]} (${n.gameName}, match ${n.match})`;
  const lines = [
    `Match ${n.match} (${n.gameName}), you play ${n.side}: ${EVENT_TEXT[n.event]}.`,
    `Your seq: ${n.seq}.`,
    ...(n.dueAt ? [`Due: ${n.dueAt}.`] : []),
    ...(n.overdue?.length ? [`Overdue: ${n.overdue.join(', ')}. The match's creator decides what follows.`] : []),
    ...(n.result ? [`Result: ${n.result}`] : []),
    '',
    `Open the match with the seat link you were given (your browser keeps it): ${n.link}`,
  ];
  return { subject, text: lines.join('\n') + '\n' };
}

export class Notifier {
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private waiting = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  /** Deliveries that succeeded and failed for good (for tests and the admin). */
  readonly stats = { delivered: 0, failed: 0, retried: 0 };

  constructor(private opts: NotifierOptions) {}

  /** Queues the notice for each address of `target`. Never throws, never waits. */
  notify(target: Target, notice: Notice): void {
    if (this.closed) return;
    if (target.webhook) this.schedule({ kind: 'webhook', target, notice, attempt: 1, id: randomUUID() }, 0);
    if (target.email && this.opts.mailer) this.schedule({ kind: 'email', target, notice, attempt: 1, id: randomUUID() }, 0);
  }

  private schedule(job: Job, delay: number): void {
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
    try {
      if (job.kind === 'webhook') await this.postWebhook(job);
      else await this.sendMail(job);
      this.stats.delivered++;
      log.info({ event: job.notice.event }, 'notice delivered');
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const permanent = refusedAddress(e);
      if (!permanent && job.attempt < this.opts.maxAttempts && !this.closed) {
        const delay = Math.min(this.opts.backoffMs * 2 ** (job.attempt - 1), 10 * 60_000);
        this.stats.retried++;
        log.warn({ reason, retryInMs: delay }, 'notice not delivered; will retry');
        this.schedule({ ...job, attempt: job.attempt + 1 }, delay);
      } else {
        this.stats.failed++;
        log.warn({ reason }, 'notice not delivered; giving up');
      }
    }
  }

  private async postWebhook(job: Job): Promise<void> {
    const url = new URL(job.target.webhook!);
    const body = JSON.stringify(job.notice);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'ironbottom-notifier',
      [TIMESTAMP_HEADER]: timestamp,
      [DELIVERY_HEADER]: job.id,
    };
    if (job.target.secret) headers[SIGNATURE_HEADER] = sign(job.target.secret, timestamp, body);
    // Public addresses only (unless allowPrivate), resolved once and connected to as checked; no redirects.
    const status = await postChecked(url, { headers, body, timeoutMs: this.opts.timeoutMs, allowPrivate: this.opts.allowPrivate });
    if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  }

  private async sendMail(job: Job): Promise<void> {
    const { subject, text } = mailOf(job.notice);
    await this.opts.mailer!.sendMail({ from: this.opts.mailFrom, to: job.target.email!, subject, text });
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
