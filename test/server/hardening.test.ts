/**
 * Bad input on every route and socket event — wrong types, oversized bodies, unknown
 * fields, wrong tokens, a flood beyond the rate limits — gets a clear error, changes
 * nothing, and leaves the server serving. Helmet's headers and the OpenAPI document.
 */
import { startTestServer, api, ask, until, type TestServer } from '../support/server';

const ADMIN = 'admin-token-for-tests-0123456789';
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ adminToken: ADMIN });
});
afterAll(async () => {
  await srv.close();
});

/** Everything about a match that an error must leave unchanged. */
async function fingerprint(id: string) {
  const match = await srv.prisma.match.findUniqueOrThrow({ where: { id }, include: { seats: { orderBy: { side: 'asc' } } } });
  const actions = await srv.prisma.action.count({ where: { matchId: id } });
  const chat = await srv.prisma.chatMessage.count({ where: { matchId: id } });
  const ref = await srv.service.state(id, 'referee');
  return JSON.stringify({ match: { ...match, updatedAt: null }, actions, chat, view: ref.view });
}

test('every route refuses bad input with a clear error and changes nothing', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const id = m.id;
  const jp = m.seats.japanese.token;
  const before = await fingerprint(id);
  const big = 'x'.repeat(70_000);
  const cases: [string, string, unknown, string | undefined, number][] = [
    // [method, path, body, token, status]
    ['GET', '/api/games?x=1', undefined, undefined, 400],
    ['GET', `/api/games/${'g'.repeat(50)}`, undefined, undefined, 400],
    ['POST', '/api/matches', { game: 'ssj', listed: 'yes' }, undefined, 400],
    ['POST', '/api/matches', { game: 'ssj', deadlineMinutes: -5 }, undefined, 400],
    ['POST', '/api/matches', { game: 'ssj', pad: big }, undefined, 413],
    ['GET', '/api/matches', undefined, undefined, 400],
    ['GET', '/api/matches?status=closed', undefined, undefined, 400],
    ['GET', `/api/matches/${id}?since=abc`, undefined, jp, 400],
    ['GET', `/api/matches/${id}?since=1&extra=1`, undefined, jp, 400],
    ['GET', `/api/matches/${id}`, undefined, undefined, 401],
    ['GET', `/api/matches/${id}`, undefined, 'wrong-token-wrong-token-wrong-tok', 403],
    ['POST', `/api/matches/${id}/actions`, { seq: -1, action: {} }, jp, 400],
    ['POST', `/api/matches/${id}/actions`, { seq: 0, action: { type: 'no-such' } }, jp, 400],
    ['POST', `/api/matches/${id}/actions`, { seq: 0, action: { type: 'done' }, pad: big }, jp, 413],
    ['POST', `/api/matches/${id}/actions`, { seq: 0, action: { type: 'done' } }, m.spectator.token, 403],
    ['POST', `/api/matches/${id}/undo`, { seq: 'zero' }, jp, 400],
    ['POST', `/api/matches/${id}/undo`, { seq: 0, why: 'oops' }, jp, 400],
    ['POST', `/api/matches/${id}/undo`, { seq: 0 }, jp, 422],
    ['POST', `/api/matches/${id}/undo`, { seq: 0 }, m.spectator.token, 403],
    ['POST', `/api/matches/${id}/resign`, { really: true }, jp, 400],
    ['POST', `/api/matches/${id}/resign`, {}, m.spectator.token, 403],
    ['POST', `/api/matches/${id}/resign`, {}, undefined, 401],
    ['POST', `/api/matches/${id}/claim`, { name: '' }, jp, 400],
    ['POST', `/api/matches/${id}/claim`, { name: 'n'.repeat(41) }, jp, 400],
    ['POST', `/api/matches/${id}/claim`, { notify: { webhook: 'ftp://example.org/x' } }, jp, 400],
    ['POST', `/api/matches/${id}/claim`, { notify: { email: 'not-an-address' } }, jp, 400],
    ['POST', `/api/matches/${id}/claim`, { notify: { sms: '123' } }, jp, 400],
    ['POST', `/api/matches/${id}/claim`, { name: 'Spy' }, m.spectator.token, 403],
    ['POST', `/api/matches/${id}/join`, { side: 'allied' }, undefined, 404],
    ['POST', `/api/matches/${id}/join`, { side: 42 }, undefined, 400],
    ['POST', `/api/matches/${id}/leave`, {}, m.spectator.token, 403],
    ['POST', `/api/matches/${id}/leave`, {}, m.creator.token, 403],
    ['POST', `/api/matches/${id}/rematch`, { swap: 'yes' }, jp, 400],
    ['POST', `/api/matches/${id}/rematch`, {}, jp, 409],
    ['GET', `/api/matches/${id}/chat?after=-3`, undefined, jp, 400],
    ['GET', `/api/matches/${id}/chat?channel=spectators`, undefined, jp, 403],
    ['POST', `/api/matches/${id}/chat`, { text: '' }, jp, 400],
    ['POST', `/api/matches/${id}/chat`, { text: 't'.repeat(501) }, jp, 400],
    ['POST', `/api/matches/${id}/chat`, { text: 'hi', channel: 'spectators' }, jp, 403],
    ['POST', `/api/matches/${id}/chat`, { text: 'hi' }, undefined, 401],
    ['GET', `/api/matches/${id}/verify`, undefined, jp, 409],
    ['GET', `/api/matches/${id}/verify`, undefined, undefined, 401],
    ['GET', `/api/matches/${id}/manage`, undefined, jp, 403],
    ['POST', `/api/matches/${id}/seats/allied/reissue`, {}, jp, 403],
    ['POST', `/api/matches/${id}/seats/umpire/reissue`, {}, m.creator.token, 400],
    ['POST', `/api/matches/${id}/seats/BAD!/reissue`, {}, m.creator.token, 400],
    ['POST', `/api/matches/${id}/deadline`, { minutes: 'soon' }, m.creator.token, 400],
    ['POST', `/api/matches/${id}/deadline`, { minutes: 10 }, jp, 403],
    ['POST', `/api/matches/${id}/abandon`, {}, jp, 403],
    ['POST', `/api/matches/${id}/abandon`, {}, undefined, 401],
    ['POST', `/api/matches/${id}/forfeit`, { side: 'allied' }, m.creator.token, 422],
    ['POST', `/api/matches/${id}/forfeit`, { side: 'allied' }, jp, 403],
    ['GET', '/api/admin/matches', undefined, undefined, 401],
    ['GET', '/api/admin/matches', undefined, jp, 403],
    ['GET', '/api/admin/matches?limit=0', undefined, ADMIN, 400],
    ['GET', `/api/admin/matches/${id}/replay?seq=x&as=allied`, undefined, ADMIN, 400],
    ['GET', `/api/admin/matches/${id}/replay?seq=0`, undefined, ADMIN, 400],
    ['GET', `/api/admin/matches/${id}/export`, undefined, m.creator.token, 403],
    ['POST', '/api/admin/matches/import', { format: 'zip' }, ADMIN, 400],
    ['POST', '/api/admin/matches/import', { format: 'ironbottom/match' }, jp, 403],
    ['GET', '/api/matches/nosuchmatch1', undefined, jp, 404],
    ['GET', '/api/matches/bad%20id!', undefined, jp, 400],
    ['DELETE', `/api/matches/${id}`, undefined, jp, 404],
  ];
  for (const [method, path, body, token, status] of cases) {
    const r = await api(srv.url, method, path, body, token);
    expect({ method, path, status: r.status }).toEqual({ method, path, status });
    expect(typeof r.body.error?.code).toBe('string');
    expect(r.body.error.message.length).toBeGreaterThan(5);
  }
  // Not JSON at all.
  const r = await fetch(`${srv.url}/api/matches/${id}/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jp}` },
    body: '{"seq": 0, "action": ',
  });
  expect(r.status).toBe(400);
  expect(await fingerprint(id)).toBe(before);
  expect((await api(srv.url, 'GET', '/health')).status).toBe(200);
});

test('every socket event refuses a bad payload with a clear error in its acknowledgement, and changes nothing', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const jp = await srv.socket(m.seats.japanese.token);
  // Connecting with the seat's link takes the seat just after the first state: the fingerprint is taken once that has landed.
  await until(() => jp.got.find((g) => g.event === 'state' && g.body.players?.japanese?.claimed));
  const before = await fingerprint(m.id);
  const bad: [string, unknown, string][] = [
    ['action', 'garbage', 'invalid-request'],
    ['action', { seq: '0', action: { type: 'done' } }, 'invalid-request'],
    ['action', { seq: 0, action: { type: 'done' }, extra: 1 }, 'invalid-request'],
    ['action', { seq: 0, action: { type: 'nope' } }, 'invalid-action'],
    ['action', { seq: 7, action: { type: 'done' } }, 'stale-seq'],
    ['undo', { seq: -1 }, 'invalid-request'],
    ['undo', { seq: 0, more: true }, 'invalid-request'],
    ['undo', { seq: 0 }, 'cannot-undo'],
    ['resign', { now: true }, 'invalid-request'],
    ['chat', { text: '' }, 'invalid-request'],
    ['chat', { text: 'x'.repeat(501) }, 'invalid-request'],
    ['chat', { text: 'hi', to: 'all' }, 'invalid-request'],
    ['chat', { text: 'hi', channel: 'spectators' }, 'wrong-channel'],
    ['chat:history', { after: 'x' }, 'invalid-request'],
    ['chat:history', { channel: 'spectators' }, 'wrong-channel'],
    ['hack', { please: true }, 'unknown-event'],
  ];
  for (const [event, payload, code] of bad) {
    const ack = await ask(jp, event, payload);
    expect({ event, ack }).toMatchObject({ event, ack: { ok: false, error: { code } } });
    expect(ack.error.message.length).toBeGreaterThan(5);
  }
  // Handshakes: no token, a token of no match, extra fields.
  for (const auth of [{}, { token: 'x'.repeat(40) }, { token: m.seats.japanese.token, admin: true }, { token: 5 }]) {
    await expect(srv.socket((auth as any).token, auth as any)).rejects.toThrow(/unauthorized/);
  }
  // An oversized message: the socket is cut off, nothing else is touched.
  const gone = new Promise((r) => jp.once('disconnect', r));
  jp.emit('action', { seq: 0, action: { type: 'done', pad: 'x'.repeat(100_000) } });
  await gone;
  expect(await fingerprint(m.id)).toBe(before);
  const again = await srv.socket(m.seats.japanese.token);
  expect((await until(() => again.got.find((g) => g.event === 'state'))).body.seq).toBe(0);
});

test('a flood beyond the rate limits is refused (HTTP per token and per address, socket events), and the server serves again after the window', async () => {
  const tight = await startTestServer({ limits: { windowMs: 1500, tokenMax: 5, addressMax: 12 } });
  try {
    const m = (await api(tight.url, 'POST', '/api/matches', { game: 'ssj' })).body;
    const path = `/api/matches/${m.id}`;
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await api(tight.url, 'GET', path, undefined, m.seats.allied.token)).status);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await api(tight.url, 'GET', path, undefined, m.seats.allied.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/too many requests with this token/i) });
    // Another token from the same address still gets through, until the address's own limit.
    const other = await api(tight.url, 'GET', path, undefined, m.seats.japanese.token);
    expect(other.status).toBe(200);
    let byAddress = other;
    for (let i = 0; i < 6 && byAddress.status !== 429; i++) byAddress = await api(tight.url, 'GET', '/api/games');
    expect(byAddress.status).toBe(429);
    expect(byAddress.body.error.message).toMatch(/your address/);
    await new Promise((r) => setTimeout(r, 1600));
    // Socket events count too.
    const s = await tight.socket(m.seats.japanese.token);
    await until(() => s.got.find((g) => g.event === 'state'));
    const acks = [];
    for (let i = 0; i < 7; i++) acks.push(await ask(s, 'chat:history', {}));
    expect(acks.filter((a) => a.ok === false && a.error.code === 'rate-limited').length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await api(tight.url, 'GET', '/health')).status).toBe(200);
    expect((await api(tight.url, 'GET', path, undefined, m.seats.allied.token)).body.seq).toBe(0);
  } finally {
    await tight.close();
  }
});

test("helmet's headers are on every answer, and /docs serves the OpenAPI made from the zod schemas", async () => {
  const r = await fetch(`${srv.url}/api/games`);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  const doc = await api(srv.url, 'GET', '/docs/json');
  expect(doc.status).toBe(200);
  expect(doc.body.openapi).toMatch(/^3\./);
  for (const p of [
    '/api/matches',
    '/api/matches/{id}',
    '/api/matches/{id}/actions',
    '/api/matches/{id}/undo',
    '/api/matches/{id}/claim',
    '/api/matches/{id}/verify',
    '/api/admin/matches/{id}/replay',
    '/api/admin/matches/import',
  ]) {
    expect(Object.keys(doc.body.paths)).toContain(p);
  }
  expect(doc.body.paths['/api/matches/{id}/claim'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('notify');
  const page = await fetch(`${srv.url}/docs`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('swagger-ui-bundle.js');
  expect((await fetch(`${srv.url}/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
});
