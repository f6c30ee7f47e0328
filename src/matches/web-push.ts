/**
 * Web Push delivery (the Push API, RFC 8030/8291/8292): a notice goes to each device the
 * seat's holder subscribed, encrypted to the device's keys (aes128gcm) and signed with the
 * server's VAPID key, by the `web-push` library; the request itself leaves through
 * src/net/public-address.ts like a webhook (public addresses only unless `allowPrivate`,
 * resolved once, no redirect), so a subscription cannot aim the server at its own network.
 *
 * What a device is sent is the generic notice's public facts only (the match, the game,
 * the side, that side's own seq, whose move, the link without a token), plus the words a
 * notification shows. The push service sees only ciphertext; the topic it may use to
 * replace an undelivered message is a hash of the match and side.
 *
 * Once per event and device: a device that took a notice is marked with its idempotency
 * key, so a retried job (another device failed, a crash) skips it. A 404 or 410 from the
 * push service means the subscription is gone: it is removed. Another 4xx (a payload or
 * key the service refuses) drops that device's notice; a 429, a 5xx, a time-out or a
 * connection error makes the job try again later.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { RequestDetails } from 'web-push';
import { postChecked, refusedAddress, type Resolver } from '../net/public-address';
import { headline, type Notice } from './notice-formats';
import type { PushChannel } from './notify';

/** The server's VAPID key pair (base64url: the public key 65 bytes uncompressed, the private key 32) and its contact (https: or mailto:). */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The idempotency key of the last notice this device took. */
  lastNotice: string | null;
}

/** The seat's devices (push-subscriptions.ts): only its current holder's. */
export interface PushDirectory {
  devices(matchId: string, side: string): Promise<PushDevice[]>;
  gone(matchId: string, side: string, endpoint: string): Promise<void>;
  delivered(matchId: string, side: string, endpoint: string, key: string): Promise<void>;
}

export interface WebPushOptions {
  vapid: Vapid;
  directory: PushDirectory;
  logger: Logger;
  timeoutMs: number;
  /** Push endpoints on loopback and private addresses allowed (tests; a private push service). */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** How long a push service keeps an undelivered message (s; default 7 days). */
  ttlSeconds?: number;
}

/** What a device receives (decrypted by the browser, read by the service worker, src/web/sw.ts): the notice's public facts, and the notification's words. */
export type PushPayload = Omit<Notice, 'overdue'> & {
  /** The notification's words, and its tag (one notification a match). */
  title: string;
  body: string;
  tag: string;
};

const TITLE: Record<Notice['event'], string> = {
  'your-move': 'Ironbottom: your move',
  reminder: 'Ironbottom: reminder',
  overdue: 'Ironbottom: deadline passed',
  'match-over': 'Ironbottom: match over',
};

export function pushPayload(n: Notice): PushPayload {
  const body = headline(n);
  return {
    event: n.event,
    match: n.match,
    game: n.game,
    gameName: n.gameName,
    side: n.side,
    seq: n.seq,
    link: n.link,
    at: n.at,
    ...(n.dueAt ? { dueAt: n.dueAt } : {}),
    ...(n.result ? { result: n.result.slice(0, 600) } : {}),
    title: TITLE[n.event],
    body: body.length > 600 ? `${body.slice(0, 599)}…` : body,
    tag: `ironbottom-${n.match}`,
  };
}

/** A device's short name for the logs: the push service's host and a hash of the endpoint (the endpoint itself is a capability). */
export function deviceLabel(endpoint: string): string {
  let host = '?';
  try {
    host = new URL(endpoint).host;
  } catch {
    /* stored endpoints are URLs */
  }
  return `${host}#${createHash('sha256').update(endpoint).digest('hex').slice(0, 8)}`;
}

type Outcome = 'sent' | 'gone' | 'refused' | 'retry';

export class WebPusher implements PushChannel {
  /** Deliveries per device: taken, subscription gone (removed), refused for good, to be tried again. */
  readonly stats = { sent: 0, gone: 0, refused: 0, retry: 0 };

  constructor(private opts: WebPushOptions) {}

  get publicKey(): string {
    return this.opts.vapid.publicKey;
  }

  /** Sends `notice` to every device of the seat that has not taken it yet; throws when one should be tried again. */
  async send(notice: Notice, key: string): Promise<void> {
    const { directory } = this.opts;
    const devices = await directory.devices(notice.match, notice.side);
    const payload = JSON.stringify(pushPayload(notice));
    const topic = createHash('sha256').update(`${notice.match}:${notice.side}`).digest('base64url').slice(0, 32);
    const urgency = notice.event === 'match-over' ? 'normal' : 'high';
    const again: string[] = [];
    for (const d of devices) {
      if (d.lastNotice === key) continue;
      const log = this.opts.logger.child({ matchId: notice.match, side: notice.side, device: deviceLabel(d.endpoint) });
      const [outcome, reason] = await this.sendOne(d, payload, topic, urgency);
      this.stats[outcome]++;
      if (outcome === 'sent') {
        await directory.delivered(notice.match, notice.side, d.endpoint, key);
        log.info({ event: notice.event }, 'push delivered');
      } else if (outcome === 'gone') {
        await directory.gone(notice.match, notice.side, d.endpoint);
        log.info({ event: notice.event, reason }, 'push subscription gone: removed');
      } else if (outcome === 'refused') {
        log.warn({ event: notice.event, reason }, 'push refused for good');
      } else {
        again.push(reason);
        log.warn({ event: notice.event, reason }, 'push not delivered');
      }
    }
    if (again.length) throw new Error(`push not delivered to ${again.length} device(s): ${again[0]}`);
  }

  private async sendOne(d: PushDevice, payload: string, topic: string, urgency: 'normal' | 'high'): Promise<[Outcome, string]> {
    // Loaded at the first push: a server that sends none holds none of web-push in memory.
    const webpush = (await import('web-push')).default;
    let req: RequestDetails;
    try {
      req = webpush.generateRequestDetails({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, payload, {
        vapidDetails: this.opts.vapid,
        TTL: this.opts.ttlSeconds ?? 7 * 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency,
        topic,
      });
    } catch (e) {
      return ['refused', `the subscription cannot be used: ${e instanceof Error ? e.message : String(e)}`];
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
    let status: number;
    try {
      status = await postChecked(new URL(req.endpoint), {
        headers,
        body: req.body ?? '',
        timeoutMs: this.opts.timeoutMs,
        allowPrivate: this.opts.allowPrivate,
        ...(this.opts.resolve ? { resolve: this.opts.resolve } : {}),
      });
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return refusedAddress(e) ? ['gone', `the endpoint's address is refused: ${reason}`] : ['retry', reason];
    }
    if (status >= 200 && status < 300) return ['sent', ''];
    if (status === 404 || status === 410) return ['gone', `the push service answered ${status}`];
    if (status === 429 || status >= 500) return ['retry', `the push service answered ${status}`];
    return ['refused', `the push service answered ${status}`];
  }
}
