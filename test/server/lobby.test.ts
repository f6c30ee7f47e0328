/**
 * Seats and the life of a match around the rules: status (waiting until every seat is
 * taken, active, finished, abandoned), claiming a seat, the open list and joining it,
 * leaving, the creator re-issuing a seat and abandoning, and rematches.
 */
import type { GameModule } from '../../src/engine';
import { startTestServer, api, ask, next, until, type TestServer } from '../support/server';
import { toy } from '../support/toy-game';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]) });
});
afterAll(async () => {
  await srv.close();
});

const get = (id: string, token: string) => api(srv.url, 'GET', `/api/matches/${id}`, undefined, token);

test("a listed match waits in the open list (no secret in it) until a stranger joins; the creator's copy of that seat's link stops working", async () => {
  const created = await api(srv.url, 'POST', '/api/matches', { game: 'toy', listed: true });
  expect(created.status).toBe(201);
  const m = created.body;
  expect(m.status).toBe('waiting');
  expect(m.creator.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  // The creator takes seat a; seat b is open.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Creator' }, m.seats.a.token)).body).toMatchObject({ side: 'a', status: 'waiting' });
  const open = await api(srv.url, 'GET', '/api/matches?status=open');
  expect(open.status).toBe(200);
  const listed = open.body.find((x: any) => x.id === m.id);
  expect(listed).toMatchObject({ game: 'toy', gameName: 'Toy', open: ['b'], players: { a: 'Creator' } });
  const text = JSON.stringify(open.body);
  for (const t of [m.seats.a.token, m.seats.b.token, m.spectator.token, m.creator.token, m.seedHash]) expect(text).not.toContain(t);
  // A stranger joins: a fresh link for seat b.
  const joined = await api(srv.url, 'POST', `/api/matches/${m.id}/join`, { side: 'b', name: 'Stranger' });
  expect(joined.status).toBe(200);
  expect(joined.body).toMatchObject({ side: 'b', name: 'Stranger', status: 'active', url: expect.stringContaining(`/m/${m.id}#t=`) });
  expect(joined.body.token).not.toBe(m.seats.b.token);
  expect((await get(m.id, joined.body.token)).body).toMatchObject({
    you: 'b',
    status: 'active',
    players: { a: { name: 'Creator', claimed: true }, b: { name: 'Stranger', claimed: true } },
  });
  expect((await get(m.id, m.seats.b.token)).status).toBe(403);
  // The seat is gone from the list, and cannot be joined twice.
  expect((await api(srv.url, 'GET', '/api/matches?status=open')).body.find((x: any) => x.id === m.id)).toBeUndefined();
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/join`, { side: 'b' })).status).toBe(409);
  // An unlisted match is neither listed nor joinable.
  const hidden = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  expect((await api(srv.url, 'GET', '/api/matches?status=open')).body.find((x: any) => x.id === hidden.id)).toBeUndefined();
  expect((await api(srv.url, 'POST', `/api/matches/${hidden.id}/join`, {})).status).toBe(404);
});

test('the match waits until both seats are taken (a claim, a socket opened with the link, or an action), and the waiting status is pushed live', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  expect((await get(m.id, m.seats.a.token)).body.status).toBe('waiting');
  // A seat holder may act while the match waits (its first decision is its own); acting takes the seat.
  const acted = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'pick', n: 2 } }, m.seats.a.token);
  expect(acted.body).toMatchObject({ status: 'waiting', players: { a: { claimed: true }, b: { claimed: false } } });
  const sa = await srv.socket(m.seats.a.token);
  await until(() => sa.got.find((g) => g.event === 'state'));
  const pushed = next(sa, 'state');
  // B opens its link: the seat is taken, the match is active, and A's socket hears it.
  const sb = await srv.socket(m.seats.b.token);
  expect(await pushed).toMatchObject({ status: 'active', players: { b: { claimed: true } } });
  expect((await until(() => sb.got.find((g) => g.event === 'state'))).body.you).toBe('b');
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/manage`, undefined, m.creator.token)).body).toMatchObject({
    status: 'active',
    seats: { a: { claimed: true }, b: { claimed: true } },
  });
});

test("a player leaves: the seat's link and sockets stop working, the match waits; the creator re-issues the seat and play goes on", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Ann' }, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Bob' }, m.seats.b.token);
  const sb = await srv.socket(m.seats.b.token);
  await until(() => sb.got.find((g) => g.event === 'state'));
  const kicked = new Promise((r) => sb.once('disconnect', r));
  const left = await api(srv.url, 'POST', `/api/matches/${m.id}/leave`, {}, m.seats.b.token);
  expect(left.body).toEqual({ side: 'b', status: 'waiting' });
  await kicked;
  expect((await get(m.id, m.seats.b.token)).status).toBe(403);
  await expect(srv.socket(m.seats.b.token)).rejects.toThrow(/unauthorized/);
  expect((await get(m.id, m.seats.a.token)).body).toMatchObject({ status: 'waiting', players: { b: { name: null, claimed: false } } });
  // Only the creator re-issues.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/seats/b/reissue`, {}, m.seats.a.token)).status).toBe(403);
  const re = await api(srv.url, 'POST', `/api/matches/${m.id}/seats/b/reissue`, {}, m.creator.token);
  expect(re.status).toBe(200);
  expect(re.body).toMatchObject({ side: 'b', url: expect.stringContaining(re.body.token) });
  const claimed = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Cyd' }, re.body.token);
  expect(claimed.body).toMatchObject({ side: 'b', name: 'Cyd', status: 'active' });
  // Play goes on with the new holder.
  const a0 = (await get(m.id, m.seats.a.token)).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: a0.seq, action: { type: 'pick', n: 1 } }, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: a0.seq + 1, action: { type: 'seal' } }, m.seats.a.token);
  const b = (await get(m.id, re.body.token)).body;
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: b.seq, action: { type: 'guess' } }, re.body.token)).status).toBe(200);
});

test('the creator abandons a match: it ends without a result, everything is revealed and its dice verify', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'pick', n: 5 } }, m.seats.a.token);
  const sp = await srv.socket(m.spectator.token);
  await until(() => sp.got.find((g) => g.event === 'state'));
  const pushed = next(sp, 'state');
  const r = await api(srv.url, 'POST', `/api/matches/${m.id}/abandon`, {}, m.creator.token);
  expect(r.body).toEqual({ status: 'abandoned' });
  const seen = await pushed;
  expect(seen).toMatchObject({ status: 'abandoned', result: null, view: { hidden: 5 } });
  expect(seen.seed).toEqual(expect.any(String));
  expect(seen.log.map((e: any) => e.text)).toContain('You hid 5.');
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 1, action: { type: 'pick', n: 1 } }, m.seats.a.token)).status).toBe(422);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.b.token)).body.ok).toBe(true);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/abandon`, {}, m.creator.token)).status).toBe(422);
});

test('a rematch with swapped sides: the first to ask creates it and gets the new seat and creator links; the other player gets theirs by asking; names carry over', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Ann' }, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Bob' }, m.seats.b.token);
  const sb = await srv.socket(m.seats.b.token);
  await until(() => sb.got.find((g) => g.event === 'state'));
  // Not before the end.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/rematch`, { swap: true }, m.seats.a.token)).status).toBe(409);
  await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.b.token);
  const told = next(sb, 'rematch');
  const ra = await api(srv.url, 'POST', `/api/matches/${m.id}/rematch`, { swap: true }, m.seats.a.token);
  expect(ra.status).toBe(200);
  expect(ra.body).toMatchObject({ side: 'b', swapped: true, creator: { token: expect.any(String) }, spectator: { token: expect.any(String) } });
  expect(await told).toEqual({ id: ra.body.id, by: 'a', swapped: true });
  expect((await get(m.id, m.seats.b.token)).body.rematch).toBe(ra.body.id);
  expect((await get(ra.body.id, ra.body.token)).body).toMatchObject({
    you: 'b',
    status: 'waiting',
    players: { a: { name: 'Bob', claimed: false }, b: { name: 'Ann', claimed: true } },
  });
  const rb = await api(srv.url, 'POST', `/api/matches/${m.id}/rematch`, {}, m.seats.b.token);
  expect(rb.body).toMatchObject({ id: ra.body.id, side: 'a', swapped: true });
  expect(rb.body.creator).toBeUndefined();
  const started = (await get(ra.body.id, rb.body.token)).body;
  expect(started).toMatchObject({ you: 'a', status: 'active', seq: 0 });
  expect(started.prompt.text).toBe('Hide a number');
  expect((await ask(await srv.socket(rb.body.token), 'action', { seq: 0, action: { type: 'pick', n: 3 } })).ok).toBe(true);
});
