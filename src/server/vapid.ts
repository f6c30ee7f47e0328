/**
 * The server's VAPID key pair (RFC 8292), which signs every Web Push it sends and which
 * browsers subscribe with: given in the settings (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY),
 * or generated on the first start and kept in DATA_DIR/vapid.json (readable by the server's
 * user only) so that subscriptions outlive restarts. The private key is never logged nor
 * sent anywhere; the public key is public (GET /api/push/key).
 */
import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { publicUrl, type Config } from '../config';
import type { Vapid } from '../matches/web-push';

export const VAPID_FILE = 'vapid.json';

/** The contact push services are given: VAPID_SUBJECT, else an https PUBLIC_URL, else mailto: the address of MAIL_FROM. */
export function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const url = publicUrl(config);
  if (url.startsWith('https://')) return url;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.MAIL_FROM)?.[1] ?? (/^\S+@\S+$/.test(config.MAIL_FROM) ? config.MAIL_FROM : 'noreply@localhost');
  return `mailto:${address}`;
}

/** Whether `publicKey`/`privateKey` are a P-256 key pair (base64url: 65 and 32 bytes). */
export function isKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** The key pair from the settings, or DATA_DIR's (generated and stored the first time). */
export function loadVapid(config: Config, logger: Logger): Vapid {
  const subject = vapidSubject(config);
  const given = [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY].filter(Boolean).length;
  if (given === 1) throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (give both, or neither to use DATA_DIR/vapid.json).');
  if (given === 2) {
    if (!isKeyPair(config.VAPID_PUBLIC_KEY!, config.VAPID_PRIVATE_KEY!)) throw new Error('Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
    return { publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY!, subject };
  }
  const file = join(config.DATA_DIR, VAPID_FILE);
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`The Web Push keys in ${file} cannot be read: ${(e as Error).message}`, { cause: e });
  }
  if (text !== null) {
    let kept: { publicKey?: unknown; privateKey?: unknown } = {};
    try {
      kept = JSON.parse(text) as typeof kept;
    } catch {
      /* reported below */
    }
    if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string' || !isKeyPair(kept.publicKey, kept.privateKey))
      throw new Error(`${file} does not hold a VAPID key pair: remove it to make a new one (devices subscribed with the old one will have to subscribe again).`);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  const keys = newKeyPair();
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process made them first: take its.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadVapid(config, logger);
    throw e;
  }
  logger.info({ file, publicKey: keys.publicKey }, 'Web Push keys generated');
  return { ...keys, subject };
}

/**
 * A new P-256 key pair in base64url (65 bytes public, uncompressed; 32 bytes private), as web-push's
 * generateVAPIDKeys makes it: node's own ECDH, so that starting the server does not load web-push.
 */
function newKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
