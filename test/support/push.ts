/**
 * Web Push for tests: the server's side as main.ts wires it (fresh VAPID keys, endpoints on
 * loopback allowed), a push service on loopback that keeps every request it receives, a
 * device (a browser's key pair and auth secret, made here), and the device's decryption of
 * what arrives (RFC 8291, aes128gcm) and check of the VAPID signature (RFC 8292) — written
 * here with node:crypto, so the server's encryption is checked by code that is not its own.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { MatchService } from '../../src/matches/service';
import { PushSubscriptions } from '../../src/matches/push-subscriptions';
import { WebPusher, type Vapid } from '../../src/matches/web-push';

export interface TestPush {
  vapid: Vapid;
  pusher: WebPusher;
  /** The seats' devices (made on first use: the service comes after the notifier). */
  subscriptions(): PushSubscriptions;
}

export function testPush(logger: Logger, service: () => MatchService): TestPush {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@ironbottom.test' };
  let subs: PushSubscriptions | undefined;
  const subscriptions = () => (subs ??= new PushSubscriptions(service(), true));
  const pusher = new WebPusher({
    vapid,
    directory: {
      devices: (m, s) => subscriptions().devices(m, s),
      gone: (m, s, e) => subscriptions().gone(m, s, e),
      delivered: (m, s, e, k) => subscriptions().delivered(m, s, e, k),
    },
    logger,
    timeoutMs: 2000,
    allowPrivate: true,
  });
  return { vapid, pusher, subscriptions };
}

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  url: string;
  requests: PushRequest[];
  /** The status answered at `path` (201 unless set). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

/** A push service on loopback: keeps every request, answers 201 (or what `answer` set for the path). */
export async function startPushService(): Promise<PushService> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    requests,
    answer: (path, status) => void statuses.set(path, status),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Device {
  endpoint: string;
  /** As a browser's `PushSubscription.toJSON()` gives them. */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret of its own. */
export function newDevice(endpoint: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') }, ecdh, authSecret };
}

/** The device's decryption of an aes128gcm Web Push body (RFC 8291 §3.4, RFC 8188 §2): the plaintext. */
export function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || records.length > rs) throw new Error(`not one aes128gcm record (idlen ${idlen}, rs ${rs}, ${records.length} bytes)`);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): signed ES256 by `publicKey`, for the endpoint's origin; returns the JWT's claims. */
export function checkVapid(authorization: string | undefined, publicKey: string, endpoint: string): { aud: string; sub: string; exp: number } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  if (k !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [head, claims, sig] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'))) throw new Error('bad VAPID signature');
  const c = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (c.aud !== new URL(endpoint).origin) throw new Error(`VAPID audience ${c.aud} is not ${new URL(endpoint).origin}`);
  return c;
}
