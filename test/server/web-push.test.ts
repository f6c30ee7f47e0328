/**
 * Web Push (issue 15): a push service on loopback stands for the browsers' (web-push is
 * pointed at it through each subscription's endpoint); each device is a P-256 key pair and
 * auth secret made by the test, which decrypts what arrives (RFC 8291, aes128gcm) and checks
 * the VAPID signature (RFC 8292). "Your move" goes through the durable job queue once per
 * event and device, holds the generic notice's public facts only, honours when the seat
 * chose to be told, and a 404/410 from the push service removes the subscription.
 */
import type { GameModule } from '../../src/engine';
import { startTestServer, api, until, type TestServer } from '../support/server';
import { checkVapid, decryptPush, newDevice, startPushService, type Device, type PushService } from '../support/push';
import { toy } from '../support/toy-game';

const games = new Map([['toy', toy as GameModule]]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let srv: TestServer;
let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
  srv = await startTestServer({ games, jobs: true, webPush: true });
});
afterAll(async () => {
  await srv.close();
  await pushService.close();
});

const at = (path: string) => pushService.requests.filter((r) => r.path === path);
const device = (name: string) => newDevice(`${pushService.url}/push/${name}`);
const subscribe = (id: string, token: string, d: Device) => api(srv.url, 'POST', `/api/matches/${id}/push`, { endpoint: d.endpoint, expirationTime: null, keys: d.keys }, token);
const payloads = (d: Device) => at(new URL(d.endpoint).pathname).map((r) => JSON.parse(decryptPush(d, r.body)));

/** `token`'s side plays `action` over HTTP at the seq it knows. */
async function act(id: string, token: string, action: unknown) {
  const st = await api(srv.url, 'GET', `/api/matches/${id}`, undefined, token);
  const r = await api(srv.url, 'POST', `/api/matches/${id}/actions`, { seq: st.body.seq, action }, token);
  expect(r.status).toBe(200);
}

/** A toy match, both seats claimed without addresses (a has the first decision). */
async function match() {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  return { id: m.id as string, a: m.seats.a.token as string, b: m.seats.b.token as string, spectator: m.spectator.token as string, creator: m.creator.token as string };
}
async function claimBoth(m: { id: string; a: string; b: string }) {
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.a)).status).toBe(200);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.b)).status).toBe(200);
}
/** a hides 4 (a private step) and seals: b's move. */
async function aHides(m: { id: string; a: string }) {
  await act(m.id, m.a, { type: 'pick', n: 4 });
  await act(m.id, m.a, { type: 'seal' });
}

test('"your move" reaches the subscribed device encrypted to its keys, signed with the server\'s VAPID key, with nothing hidden, once', async () => {
  const key = await api(srv.url, 'GET', '/api/push/key');
  expect(key).toMatchObject({ status: 200, body: { publicKey: srv.push!.vapid.publicKey } });

  const m = await match();
  const d = device('b1');
  expect(await subscribe(m.id, m.b, d)).toMatchObject({ status: 200, body: { subscribed: true, devices: 1 } });
  // Again: the same device, replaced, not added.
  expect(await subscribe(m.id, m.b, d)).toMatchObject({ status: 200, body: { subscribed: true, devices: 1 } });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.b)).body).toEqual({ push: true, when: { webhook: 'away', email: 'away', push: 'away' } });
  await claimBoth(m);
  await aHides(m);

  const [req] = await until(() => (at('/push/b1').length ? at('/push/b1') : undefined), 15_000);
  expect(req!.headers['content-encoding']).toBe('aes128gcm');
  expect(req!.headers['content-type']).toBe('application/octet-stream');
  expect(Number(req!.headers.ttl)).toBeGreaterThan(0);
  expect(req!.headers.urgency).toBe('high');
  expect(req!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const claims = checkVapid(req!.headers.authorization, srv.push!.vapid.publicKey, d.endpoint);
  expect(claims.sub).toBe('mailto:push@ironbottom.test');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());

  // The ciphertext holds none of it in the clear; the device reads it.
  expect(req!.body.toString('latin1')).not.toContain(m.id);
  const text = decryptPush(d, req!.body);
  const seqB = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.b)).body.seq;
  expect(JSON.parse(text)).toEqual({
    event: 'your-move',
    match: m.id,
    game: 'toy',
    gameName: 'Toy',
    side: 'b',
    seq: seqB,
    link: `http://127.0.0.1/m/${m.id}`,
    at: expect.any(String),
    title: 'Ironbottom: your move',
    body: `Your move, b: Toy, match ${m.id}.`,
    tag: `ironbottom-${m.id}`,
  });
  // Nothing hidden: not the number a hid, not a private step, no token, no address.
  expect(text).not.toMatch(/hid|hidden|pick|#t=/i);
  for (const t of [m.a, m.b, m.spectator, m.creator]) expect(text).not.toContain(t);
  // The device's notice is marked as taken; the log names the match and no endpoint or key.
  const [row] = await srv.prisma.pushSubscription.findMany({ where: { matchId: m.id } });
  expect(row!.lastNotice).toBe(`${m.id}:b:your-move:${seqB}:push`);
  const lines = srv.logs.filter((l) => l.includes('push delivered'));
  expect(lines.some((l) => l.includes(m.id))).toBe(true);
  for (const l of srv.logs) {
    expect(l).not.toContain(d.endpoint);
    expect(l).not.toContain(srv.push!.vapid.privateKey);
    expect(l).not.toContain(d.keys.auth);
  }
  // Once: the queue does not send it again.
  await sleep(1500);
  expect(at('/push/b1')).toHaveLength(1);
  // a subscribed nothing: a's "your move" (after b guesses) goes to no device.
  await act(m.id, m.b, { type: 'guess' });
  await sleep(800);
  expect(pushService.requests.filter((r) => r.path.startsWith('/push/b1'))).toHaveLength(1);
}, 40_000);

test('a 410 removes the subscription; a 500 is retried, and the devices that took the notice are not sent it again', async () => {
  const m = await match();
  const ok = device('ok');
  const gone = device('gone');
  const flaky = device('flaky');
  pushService.answer('/push/gone', 410);
  pushService.answer('/push/flaky', 500);
  for (const d of [ok, gone, flaky]) expect((await subscribe(m.id, m.b, d)).status).toBe(200);
  await claimBoth(m);
  await aHides(m);

  await until(() => (at('/push/gone').length && at('/push/flaky').length ? true : undefined), 15_000);
  await until(async () => ((await srv.prisma.pushSubscription.count({ where: { matchId: m.id, endpoint: gone.endpoint } })) === 0 ? true : undefined));
  pushService.answer('/push/flaky', 201);
  // The job is retried: the flaky device gets it; the one that took it the first time does not get it again.
  await until(() => (at('/push/flaky').length >= 2 ? true : undefined), 20_000);
  await sleep(1500);
  expect(at('/push/ok')).toHaveLength(1);
  expect(at('/push/gone')).toHaveLength(1);
  expect(payloads(flaky).map((p) => p.seq)).toEqual([payloads(ok)[0].seq, payloads(ok)[0].seq]);
  expect((await srv.prisma.pushSubscription.findMany({ where: { matchId: m.id }, orderBy: { endpoint: 'asc' } })).map((r) => r.endpoint)).toEqual([flaky.endpoint, ok.endpoint]);

  // Every device gone: the seat's mark goes too.
  pushService.answer('/push/ok', 404);
  pushService.answer('/push/flaky', 410);
  await act(m.id, m.b, { type: 'guess' });
  await aHides(m);
  await until(async () => ((await srv.prisma.pushSubscription.count({ where: { matchId: m.id } })) === 0 ? true : undefined), 15_000);
  await until(async () => ((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.b)).body.push === undefined ? true : undefined));
}, 60_000);

test('"never" sends nothing; unsubscribing stops the device; a re-issued seat\'s old holder gets nothing', async () => {
  const m = await match();
  const d = device('never');
  expect((await subscribe(m.id, m.b, d)).status).toBe(200);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { push: 'never' }, m.b)).body.when).toEqual({ webhook: 'away', email: 'away', push: 'never' });
  await claimBoth(m);
  await aHides(m);
  await sleep(1500);
  expect(at('/push/never')).toHaveLength(0);

  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { push: 'always' }, m.b)).status).toBe(200);
  expect(await api(srv.url, 'DELETE', `/api/matches/${m.id}/push`, { endpoint: d.endpoint }, m.b)).toMatchObject({ status: 200, body: { subscribed: false, devices: 0 } });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.b)).body.push).toBeUndefined();
  await act(m.id, m.b, { type: 'guess' });
  await aHides(m);
  await sleep(1500);
  expect(at('/push/never')).toHaveLength(0);

  // A seat nobody has taken, subscribed with its first link, then re-issued: the new holder's devices only.
  const m2 = await match();
  const old = device('old-holder');
  const neu = device('new-holder');
  expect((await subscribe(m2.id, m2.b, old)).status).toBe(200);
  const re = await api(srv.url, 'POST', `/api/matches/${m2.id}/seats/b/reissue`, {}, m2.creator);
  expect(re.status).toBe(200);
  expect((await subscribe(m2.id, m2.b, old)).status).toBe(403);
  expect((await subscribe(m2.id, re.body.token, neu)).body).toEqual({ subscribed: true, devices: 1 });
  await claimBoth({ ...m2, b: re.body.token });
  await aHides(m2);
  await until(() => (at('/push/new-holder').length ? true : undefined), 15_000);
  expect(at('/push/old-holder')).toHaveLength(0);
  expect((await srv.prisma.pushSubscription.findMany({ where: { matchId: m2.id } })).map((r) => r.endpoint)).toEqual([neu.endpoint]);
}, 40_000);

test("a rematch carries a seat's notice settings but not its devices: they were subscribed to the match that ended", async () => {
  const m = await match();
  expect((await subscribe(m.id, m.b, device('rematch'))).status).toBe(200);
  await claimBoth(m);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.b)).body.push).toBe(true);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.a)).status).toBe(200);
  const again = await api(srv.url, 'POST', `/api/matches/${m.id}/rematch`, {}, m.b);
  expect(again.status).toBe(200);
  const settings = await api(srv.url, 'GET', `/api/matches/${again.body.id}/notify`, undefined, again.body.token);
  expect(settings.status).toBe(200);
  expect(settings.body.push).toBeUndefined();
});

test('bad input is a 4xx in the one error shape, and changes nothing; a spectator cannot subscribe', async () => {
  const m = await match();
  const d = device('edge');
  const path = `/api/matches/${m.id}/push`;
  const expectError = (r: { status: number; body: any }, status: number, code?: string) => {
    expect({ status: r.status, body: r.body }).toEqual({ status, body: { error: { code: code ?? expect.any(String), message: expect.any(String) } } });
    expect(JSON.stringify(r.body)).not.toMatch(/undefined/);
  };
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: d.keys }), 401, 'unauthorized');
  expectError(await subscribe(m.id, m.spectator, d), 403, 'spectator');
  expectError(await api(srv.url, 'POST', path, {}, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint }, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: {} }, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: 'ftp://x/y', keys: d.keys }, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: d.keys, extra: 1 }, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: { ...d.keys, auth: 'AAAA' } }, m.a), 400, 'bad-subscription');
  const offCurve = Buffer.from(d.keys.p256dh, 'base64url');
  offCurve[40]! ^= 1;
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: { ...d.keys, p256dh: offCurve.toString('base64url') } }, m.a), 400, 'bad-subscription');
  expectError(await api(srv.url, 'POST', path, { endpoint: d.endpoint, keys: { ...d.keys, p256dh: 'x'.repeat(200) } }, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'POST', path, { endpoint: 'https://user:pw@push.example/x', keys: d.keys }, m.a), 400, 'bad-subscription');
  expectError(await api(srv.url, 'DELETE', path, {}, m.a), 400, 'invalid-request');
  expectError(await api(srv.url, 'DELETE', path, undefined, m.a), 400);
  expectError(await api(srv.url, 'DELETE', path, { endpoint: d.endpoint }, m.spectator), 403, 'spectator');
  expectError(await api(srv.url, 'POST', `/api/matches/nope/push`, { endpoint: d.endpoint, keys: d.keys }, m.a), 404);
  expect(await srv.prisma.pushSubscription.count({ where: { matchId: m.id } })).toBe(0);
  // At most ten devices a seat.
  for (let i = 0; i < 10; i++) expect((await subscribe(m.id, m.a, device(`many-${i}`))).status).toBe(200);
  expectError(await subscribe(m.id, m.a, device('many-10')), 409, 'too-many-devices');
  expect(await srv.prisma.pushSubscription.count({ where: { matchId: m.id } })).toBe(10);
});

test('the routes are in the OpenAPI document', async () => {
  const doc = (await api(srv.url, 'GET', '/docs/json')).body;
  expect(Object.keys(doc.paths['/api/matches/{id}/push']).sort()).toEqual(['delete', 'post']);
  expect(doc.paths['/api/matches/{id}/push'].post.requestBody.content['application/json'].schema.required).toEqual(['endpoint', 'keys']);
  expect(doc.paths['/api/push/key'].get).toBeDefined();
  expect(doc.paths['/api/matches/{id}/notify'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('push');
});

test('without Web Push set up, its routes are 404 push-off', async () => {
  const off = await startTestServer({ games });
  try {
    const m = (await api(off.url, 'POST', '/api/matches', { game: 'toy' })).body;
    const d = device('off');
    expect(await api(off.url, 'GET', '/api/push/key')).toMatchObject({ status: 404, body: { error: { code: 'push-off' } } });
    expect(await api(off.url, 'POST', `/api/matches/${m.id}/push`, { endpoint: d.endpoint, keys: d.keys }, m.seats.a.token)).toMatchObject({
      status: 404,
      body: { error: { code: 'push-off' } },
    });
  } finally {
    await off.close();
  }
});
