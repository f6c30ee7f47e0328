/**
 * Several server processes on one database and one Redis (REDIS_URL): socket.io's Redis
 * Streams adapter carries the "match changed" messages between them (each process follows
 * the change and pushes it to its own sockets), a socket that drops from one process and
 * comes back to another catches up from its `since`, and the rate limits are counted once
 * for all of them. Every 429 says when to come back.
 */
import { plausibleBot } from '../../src/games/ssj/bot';
import { testRedis, type TestRedis } from '../support/redis';
import { startTestServer, api, until, type RecordedSocket, type TestServer } from '../support/server';

let redis: TestRedis;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.close();
});

const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);

async function pair(extra: Parameters<typeof startTestServer>[0] = {}): Promise<[TestServer, TestServer]> {
  const redisPrefix = redis.prefix();
  const a = await startTestServer({ redisUrl: redis.url, redisPrefix, ...extra });
  const b = await startTestServer({ redisUrl: redis.url, redisPrefix, databaseUrl: a.databaseUrl, ...extra });
  return [a, b];
}

test('rate limits are shared by the processes, and every 429 carries Retry-After and the X-RateLimit headers', async () => {
  const [a, b] = await pair({ limits: { tokenMax: 5, windowMs: 60_000 } });
  try {
    const m = (await api(a.url, 'POST', '/api/matches', { game: 'ssj' })).body;
    const path = `/api/matches/${m.id}`;
    const codes: number[] = [];
    for (const srv of [a, b, a, b, a]) codes.push((await api(srv.url, 'GET', path, undefined, m.seats.allied.token)).status);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    const refused = await api(b.url, 'GET', path, undefined, m.seats.allied.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate-limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  } finally {
    await b.close();
    await a.close();
  }
  // One process, no Redis: the same headers on its 429s (per address here).
  const one = await startTestServer({ limits: { addressMax: 2, windowMs: 60_000 } });
  try {
    await api(one.url, 'GET', '/api/games');
    await api(one.url, 'GET', '/api/games');
    const r = await api(one.url, 'GET', '/api/games');
    expect(r.status).toBe(429);
    expect(r.body.error.message).toMatch(/your address/);
    for (const h of ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(r.headers.get(h)).not.toBeNull();
  } finally {
    await one.close();
  }
  // The chat's own limit too.
  const chatty = await startTestServer({ limits: { chatMax: 1, chatWindowMs: 10_000 } });
  try {
    const m = (await api(chatty.url, 'POST', '/api/matches', { game: 'ssj' })).body;
    expect((await api(chatty.url, 'POST', `/api/matches/${m.id}/chat`, { text: 'one' }, m.seats.allied.token)).status).toBe(201);
    const r = await api(chatty.url, 'POST', `/api/matches/${m.id}/chat`, { text: 'two' }, m.seats.allied.token);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('10');
    expect(r.headers.get('x-ratelimit-limit')).toBe('1');
  } finally {
    await chatty.close();
  }
});

test('a socket that drops from one process and comes back to another catches up from its since: the moves it missed, in order, once each', async () => {
  const [a, b] = await pair();
  try {
    const m = (await api(a.url, 'POST', '/api/matches', { game: 'ssj' })).body;
    const allied = await a.socket(m.seats.allied.token);
    await until(() => states(allied)[0]);
    const jp = (await api(b.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.japanese.token)).body;
    // A move taken through B reaches the socket on A: A follows B's change and pushes it (each process pushes to its own sockets).
    const bot = plausibleBot('cluster-jp');
    await api(b.url, 'POST', `/api/matches/${m.id}/actions`, { seq: jp.seq, action: bot.choose({ side: 'japanese', view: jp.view, prompt: jp.prompt }) }, m.seats.japanese.token);
    const first = await until(() => states(allied).find((s) => s.seq === 1));
    // The move once (the seat taken on connecting repeats seq 0).
    expect(states(allied).map((s) => s.seq)).toEqual([0, 0, 1]);
    // The connection drops.
    allied.io.engine.close();
    await until(() => (a.built.io.of('/').sockets.size === 0 ? true : undefined));
    // Meanwhile the Allied player acts from another device, through B.
    const mine = (await api(b.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token)).body;
    expect(mine.prompt).not.toBeNull();
    const acted = await api(
      b.url,
      'POST',
      `/api/matches/${m.id}/actions`,
      { seq: mine.seq, action: plausibleBot('cluster-al').choose({ side: 'allied', view: mine.view, prompt: mine.prompt }) },
      m.seats.allied.token,
    );
    expect(acted.status).toBe(200);
    const now = acted.body;
    expect(now.seq).toBeGreaterThan(1);
    // Back, to the other process, with the seq it had: the entries after it, once each.
    const back = await b.socket(m.seats.allied.token, { since: first.seq });
    const caught = await until(() => states(back).find((s) => s.seq === now.seq));
    expect(caught.logFrom).toBe(first.seq);
    const seqs = caught.log.map((e: { seq: number }) => e.seq);
    expect(seqs.every((q: number) => q > first.seq && q <= now.seq)).toBe(true);
    expect(seqs).toEqual([...seqs].sort((x: number, y: number) => x - y));
    expect(caught.log.map((e: { text: string }) => e.text)).toEqual(now.log.filter((e: { seq: number }) => e.seq > first.seq).map((e: { text: string }) => e.text));
  } finally {
    await b.close();
    await a.close();
  }
});
