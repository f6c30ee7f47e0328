/**
 * The server's VAPID key pair (src/server/vapid.ts): generated on the first start and kept
 * in the data folder (readable by its owner only), the same pair on the next start, or the
 * one the settings give; a half-given or mismatched pair is refused in one sentence; the
 * private key never reaches the log.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import webpush from 'web-push';
import { loadConfig } from '../../src/config';
import { LOG_REDACT } from '../../src/server/main';
import { isKeyPair, loadVapid, vapidSubject } from '../../src/server/vapid';

let dir: string;
let logs: string[];
const logger = () =>
  pino(
    { level: 'debug', redact: LOG_REDACT },
    new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    }),
  );
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ib-vapid-'));
  logs = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('generated on the first start into DATA_DIR/vapid.json (mode 600), the same pair on the next', () => {
  const config = loadConfig({ DATA_DIR: join(dir, 'data') });
  const first = loadVapid(config, logger());
  expect(isKeyPair(first.publicKey, first.privateKey)).toBe(true);
  const file = join(dir, 'data', 'vapid.json');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(loadVapid(config, logger())).toEqual(first);
  expect(logs.join('')).toContain(first.publicKey);
  expect(logs.join('')).not.toContain(first.privateKey);
  expect(first.subject).toBe('mailto:noreply@localhost');
});

test('given in the settings: both or neither, and a pair', () => {
  const keys = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();
  const base = { DATA_DIR: dir, VAPID_SUBJECT: 'https://ironbottom.example' };
  expect(loadVapid(loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }), logger())).toEqual({
    ...keys,
    subject: 'https://ironbottom.example',
  });
  expect(() => loadVapid(loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey }), logger())).toThrow(/go together/);
  expect(() => loadVapid(loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }), logger())).toThrow(/not the public key/);
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY: 65 bytes in base64url/);
  expect(() => loadConfig({ VAPID_SUBJECT: 'http://plain.example' })).toThrow(/VAPID_SUBJECT/);
  // No file was written.
  expect(() => statSync(join(dir, 'vapid.json'))).toThrow();
});

test('a damaged vapid.json is refused with what to do', () => {
  writeFileSync(join(dir, 'vapid.json'), '{"publicKey":"x"}');
  expect(() => loadVapid(loadConfig({ DATA_DIR: dir }), logger())).toThrow(/does not hold a VAPID key pair: remove it/);
});

test('the subject: VAPID_SUBJECT, an https PUBLIC_URL, else the address of MAIL_FROM', () => {
  expect(vapidSubject(loadConfig({ PUBLIC_URL: 'https://play.example/' }))).toBe('https://play.example');
  expect(vapidSubject(loadConfig({ PUBLIC_URL: 'http://play.example', MAIL_FROM: 'Ironbottom <admiral@play.example>' }))).toBe('mailto:admiral@play.example');
  expect(vapidSubject(loadConfig({ VAPID_SUBJECT: 'mailto:ops@play.example' }))).toBe('mailto:ops@play.example');
});
