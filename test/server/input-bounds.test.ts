/**
 * Inputs that used to reach the database and come back as 500s, each now a 4xx in the one
 * error shape that changes nothing: numbers beyond their column (a deadline in minutes past
 * int4 milliseconds, a chat `after` past int4), text PostgreSQL cannot store (NUL, an
 * unpaired surrogate) in a name, a chat line, a webhook address or a custom scenario.
 * Errors raised by fastify's router and Node's HTTP parser take the same shape. Slow
 * clients are cut off. Liveness and readiness.
 */
import { connect as tcp } from 'node:net';
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import { startTestServer, api, ask, until, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
});
afterAll(async () => {
  await srv.close();
});

const INT4 = 2 ** 31 - 1;

async function fingerprint(id: string) {
  const match = await srv.prisma.match.findUniqueOrThrow({ where: { id }, include: { seats: { orderBy: { side: 'asc' } } } });
  const chat = await srv.prisma.chatMessage.count({ where: { matchId: id } });
  return JSON.stringify({ match: { ...match, updatedAt: null }, chat });
}

/** A socket on `side`'s seat, once connecting has taken the seat. */
async function seated(id: string, token: string, side: string) {
  const s = await srv.socket(token);
  await until(async () => ((await srv.prisma.seat.findFirst({ where: { matchId: id, side } }))?.claimedAt ? true : undefined));
  return s;
}

function expectShape(r: { status: number; body: any }, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ error: { code: code ?? expect.any(String), message: expect.any(String) } });
  expect(JSON.stringify(r.body)).not.toMatch(/undefined/);
}

test('numbers beyond their column are refused with 400: a deadline past int4 milliseconds, chat `after` past int4 (HTTP and socket)', async () => {
  const matches = await srv.prisma.match.count();
  expectShape(await api(srv.url, 'POST', '/api/matches', { game: 'ssj', deadlineMinutes: 40_000 }), 400, 'invalid-request');
  expect(await srv.prisma.match.count()).toBe(matches);
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const s = await seated(m.id, m.seats.allied.token, 'allied');
  const before = await fingerprint(m.id);
  expectShape(await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: 86_400 }, m.creator.token), 400, 'invalid-request');
  expectShape(await api(srv.url, 'GET', `/api/matches/${m.id}/chat?after=${INT4 + 1}`, undefined, m.seats.allied.token), 400, 'invalid-request');
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/chat?after=${INT4}`, undefined, m.seats.allied.token)).status).toBe(200);
  expect(await ask(s, 'chat:history', { after: INT4 + 1 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  expect(await ask(s, 'chat:history', { after: INT4 })).toMatchObject({ ok: true, messages: [] });
  expect(await fingerprint(m.id)).toBe(before);
  // The largest deadline accepted is stored as it was asked.
  const longest = Math.floor(INT4 / 60_000);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: longest }, m.creator.token)).body.moveDeadlineMs).toBe(longest * 60_000);
});

test('NUL and unpaired surrogates are refused with 400 invalid-text in a name, a chat line, a webhook address, a socket message and a custom East Wind Rain scenario', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const jp = m.seats.japanese.token;
  const s = await seated(m.id, jp, 'japanese');
  const before = await fingerprint(m.id);
  for (const [path, body] of [
    [`/api/matches/${m.id}/claim`, { name: 'Yama\u0000moto' }],
    [`/api/matches/${m.id}/claim`, { name: 'Yama\uD800moto' }],
    [`/api/matches/${m.id}/claim`, { notify: { webhook: 'https://example.org/\u0000hook' } }],
    [`/api/matches/${m.id}/chat`, { text: 'banzai\u0000' }],
    [`/api/matches/${m.id}/chat`, { text: 'lone \uDC00 low' }],
  ] as const) {
    const r = await api(srv.url, 'POST', path, body, jp);
    expect({ path, status: r.status, code: r.body.error?.code }).toEqual({ path, status: 400, code: 'invalid-text' });
  }
  expect(await ask(s, 'chat', { text: 'x\u0000y' })).toMatchObject({ ok: false, error: { code: 'invalid-text' } });
  expect(await fingerprint(m.id)).toBe(before);

  const matches = await srv.prisma.match.count();
  const scenario = { ...BUILTIN_SCENARIOS[0]!, id: 'custom-test', name: 'Coral\u0000Sea' };
  expectShape(await api(srv.url, 'POST', '/api/matches', { game: 'ewr', options: { scenario } }), 400, 'invalid-text');
  expectShape(await api(srv.url, 'POST', '/api/matches', { game: 'ewr', options: { scenario: { ...scenario, name: 'Coral \uD83D Sea' } } }), 400, 'invalid-text');
  expectShape(await api(srv.url, 'POST', '/api/matches', { game: 'ewr', options: { scenario: { ...scenario, ['na\u0000me']: 'x' } } }), 400, 'invalid-text');
  expect(await srv.prisma.match.count()).toBe(matches);
  // A well-formed pair (an emoji) is text like any other.
  expect((await api(srv.url, 'POST', '/api/matches', { game: 'ewr', options: { scenario: { ...scenario, name: 'Coral Sea \uD83D\uDEA2' } } })).status).toBe(201);
});

test("fastify's own errors (414, a malformed address, not JSON, a wrong content type) and Node's HTTP parser errors answer in the one error shape", async () => {
  expectShape(await api(srv.url, 'GET', `/api/matches/${'a'.repeat(200)}`), 414, 'uri-too-long');
  expectShape(await api(srv.url, 'GET', '/api/matches/%E0%A4%A'), 400, 'bad-url');
  expectShape(await api(srv.url, 'POST', '/api/matches', '{"game": '), 400);
  expectShape(await api(srv.url, 'POST', '/api/matches', 'game=ssj', undefined, { 'content-type': 'application/x-www-form-urlencoded' }), 415);
  for (const raw of ['GARBAGE\r\n\r\n', `GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`]) {
    const answer = await rawRequest(raw);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  }
});

test('a client that sends half a request and then nothing is cut off (connection and request timeouts)', async () => {
  const t0 = Date.now();
  const answer = await rawRequest('POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"game"', 15_000);
  expect(Date.now() - t0).toBeLessThan(5_000);
  // Cut off, with a 408 in the error shape when the parser still had the request.
  if (answer) expect(answer).toMatch(/^HTTP\/1.1 408/);
});

test('/livez answers while the process runs; /readyz and /health say 503 from the first moment of a shutdown', async () => {
  const other = await startTestServer();
  try {
    expect((await api(other.url, 'GET', '/livez')).status).toBe(200);
    expect((await api(other.url, 'GET', '/readyz')).body).toEqual({ ok: true });
    other.built.lifecycle.stopping();
    for (const path of ['/readyz', '/health']) {
      const r = await api(other.url, 'GET', path);
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('shutting-down');
    }
    expect((await api(other.url, 'GET', '/livez')).status).toBe(200);
  } finally {
    await other.close();
  }
});

function rawRequest(raw: string, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const s = tcp(Number(new URL(srv.url).port), '127.0.0.1', () => s.write(raw));
    const t = setTimeout(() => {
      s.destroy();
      reject(new Error(`still open after ${ms} ms`));
    }, ms);
    s.on('data', (d) => (got += d));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(t);
      resolve(got);
    });
  });
}
