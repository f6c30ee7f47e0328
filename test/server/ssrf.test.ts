/**
 * Webhooks cannot be pointed at this machine or its network. Every way of writing a
 * loopback or private address — IPv4-mapped IPv6 (how URL parsing writes
 * `[::ffff:127.0.0.1]`), NAT64, 6to4, shortened and hexadecimal IPv4, `localhost` — is
 * refused for good (no retry, nothing received), and a name is resolved once: the
 * connection goes to the address that was checked.
 */
import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { Notifier } from '../../src/matches/notify';
import { isPublicAddress, postChecked, RefusedAddress, type Resolver } from '../../src/net/public-address';

let server: Server;
let port: number;
const received: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    res.end('ok');
  });
  // Dual stack: reachable on 127.0.0.1 and ::1.
  await new Promise<void>((r) => server.listen(0, '::', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => server.close());
beforeEach(() => (received.length = 0));

const NOT_PUBLIC = [
  '127.0.0.1',
  '0.0.0.0',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '198.18.0.1',
  '192.0.2.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '2001:db8::1',
  '::ffff:7f00:1',
  '::ffff:127.0.0.1',
  '::ffff:a01:203',
  '::ffff:0:7f00:1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::',
  '2002:c0a8:101::1',
  '2001::1',
  '100::1',
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2001:4860:4860::8888', '2606:4700:4700::1111'];

test('only plain unicast addresses are public: loopback, private, link-local, reserved ranges and every IPv6 form carrying an IPv4 address are not', () => {
  for (const a of NOT_PUBLIC) expect({ a, public: isPublicAddress(a) }).toEqual({ a, public: false });
  for (const a of PUBLIC) expect({ a, public: isPublicAddress(a) }).toEqual({ a, public: true });
  expect(isPublicAddress('not an address')).toBe(false);
});

test('a webhook written as any form of a loopback address gets nothing, and is not retried', async () => {
  const forms = [
    `http://[::ffff:7f00:1]:${port}/a`,
    `http://[::ffff:127.0.0.1]:${port}/b`,
    `http://127.1:${port}/c`,
    `http://0x7f000001:${port}/d`,
    `http://2130706433:${port}/e`,
    `http://localhost:${port}/f`,
    `http://[::1]:${port}/g`,
    `http://[64:ff9b::7f00:1]:${port}/h`,
    `http://[0:0:0:0:0:ffff:7f00:0001]:${port}/i`,
  ];
  const notifier = new Notifier({ logger: pino({ level: 'silent' }), maxAttempts: 3, backoffMs: 10, timeoutMs: 2000, allowPrivate: false });
  for (const webhook of forms) {
    notifier.notify(
      { webhook, secret: 's' },
      { event: 'your-move', match: 'm', game: 'ssj', gameName: 'SSJ', side: 'allied', seq: 1, link: 'http://x/m/m', at: new Date(0).toISOString() },
    );
  }
  await notifier.idle();
  expect(received).toEqual([]);
  expect(notifier.stats).toEqual({ delivered: 0, failed: forms.length, retried: 0 });
});

test('a name is resolved once and the connection goes to the address checked (a name the system cannot resolve reaches the server through our resolution)', async () => {
  let lookups = 0;
  const loopback: Resolver = async () => {
    lookups++;
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const url = new URL(`http://hook.invalid:${port}/pinned`);
  const opts = { headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2000 };
  // Private destinations allowed (a private deployment): it arrives, through the one resolution.
  expect(await postChecked(url, { ...opts, allowPrivate: true, resolve: loopback })).toBe(200);
  expect(received).toEqual(['POST /pinned']);
  expect(lookups).toBe(1);
  // Not allowed: refused before connecting.
  await expect(postChecked(url, { ...opts, allowPrivate: false, resolve: loopback })).rejects.toThrow(RefusedAddress);
  // A name with a public and a private address (a rebinding set-up) is refused whole.
  const mixed: Resolver = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ];
  await expect(postChecked(url, { ...opts, allowPrivate: false, resolve: mixed })).rejects.toThrow(RefusedAddress);
  expect(received).toEqual(['POST /pinned']);
});
