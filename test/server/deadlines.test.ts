/**
 * Move deadlines, with the matches layer's clock (injected here; never the engine's): a
 * reminder at half time, an overdue mark at expiry pushed to everyone, nothing automatic
 * that loses a game — the creator decides (extend, or declare the overdue side forfeited).
 */
import { createServer, type Server } from 'node:http';
import type { GameModule } from '../../src/engine';
import { startTestServer, api, next, until, type TestServer } from '../support/server';
import { toy } from '../support/toy-game';

let clock = Date.parse('2026-01-01T00:00:00Z');
let srv: TestServer;
let hookServer: Server;
const hooks: any[] = [];
let hookUrl = '';
beforeAll(async () => {
  hookServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      hooks.push(JSON.parse(raw));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/`;
  srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]), now: () => clock });
});
afterAll(async () => {
  await srv.close();
  await new Promise((r) => hookServer.close(r));
});

const MIN = 60_000;

test('a reminder at half time, the overdue mark at expiry (pushed, told), the match still playable; the creator declares the overdue side forfeited', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy', deadlineMinutes: 60 })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { notify: { webhook: hookUrl, when: { webhook: 'always' } } }, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { notify: { webhook: hookUrl, when: { webhook: 'always' } } }, m.seats.b.token);
  const start = clock;
  let a = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token)).body;
  expect(a.deadline).toEqual({ moveMs: 60 * MIN, due: { a: new Date(start + 60 * MIN).toISOString(), b: null }, overdue: [] });
  await srv.notifier.idle();
  hooks.length = 0;

  clock = start + 29 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 });
  clock = start + 31 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 1, overdue: 0 });
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 }); // once only
  await srv.notifier.idle();
  expect(hooks).toEqual([expect.objectContaining({ event: 'reminder', side: 'a', match: m.id, dueAt: new Date(start + 60 * MIN).toISOString() })]);

  const sb = await srv.socket(m.seats.b.token);
  await until(() => sb.got.find((g) => g.event === 'state'));
  const pushed = next(sb, 'state');
  clock = start + 61 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 1 });
  expect((await pushed).deadline.overdue).toEqual(['a']);
  await srv.notifier.idle();
  expect(hooks.filter((h) => h.event === 'overdue').map((h) => [h.side, h.overdue])).toEqual([
    ['a', ['a']],
    ['b', ['a']],
  ]);
  // Nothing automatic: the match is still active and A may still move.
  a = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token)).body;
  expect(a).toMatchObject({ status: 'active', deadline: { overdue: ['a'] } });
  expect(a.prompt).not.toBeNull();
  // Only the creator decides, and only about an overdue side.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/forfeit`, { side: 'a' }, m.seats.b.token)).status).toBe(403);
  const notOverdue = await api(srv.url, 'POST', `/api/matches/${m.id}/forfeit`, { side: 'b' }, m.creator.token);
  expect(notOverdue.status).toBe(422);
  expect(notOverdue.body.error.code).toBe('not-overdue');
  const ended = await api(srv.url, 'POST', `/api/matches/${m.id}/forfeit`, { side: 'a' }, m.creator.token);
  expect(ended.status).toBe(200);
  expect(ended.body).toMatchObject({ status: 'finished', result: { winner: 'b', text: expect.stringMatching(/forfeited/) } });
  const row = await srv.prisma.action.findFirstOrThrow({ where: { matchId: m.id }, orderBy: { seq: 'desc' } });
  expect(row).toMatchObject({ kind: 'forfeit', side: 'a' });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.a.token)).body.ok).toBe(true);
});

test("a move made in time clears the clock and starts the other side's; the creator may extend a deadline, which clears the overdue mark", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy', deadlineMinutes: 10 })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.b.token);
  const start = clock;
  clock = start + 5 * MIN;
  // A private step leaves A's clock running; the decision closed by `seal` stops it and starts B's.
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'pick', n: 4 } }, m.seats.a.token);
  let s = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token)).body;
  expect(s.deadline.due).toEqual({ a: new Date(start + 10 * MIN).toISOString(), b: null });
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 1, action: { type: 'seal' } }, m.seats.a.token);
  s = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token)).body;
  expect(s.deadline.due).toEqual({ a: null, b: new Date(start + 15 * MIN).toISOString() });
  clock = start + 16 * MIN;
  await srv.deadlines.tick();
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token)).body.deadline.overdue).toEqual(['b']);
  // The creator extends: 30 minutes from now, no longer overdue.
  const ext = await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: 30 }, m.creator.token);
  expect(ext.body).toEqual({ moveDeadlineMs: 30 * MIN });
  s = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token)).body;
  expect(s.deadline).toEqual({ moveMs: 30 * MIN, due: { a: null, b: new Date(clock + 30 * MIN).toISOString() }, overdue: [] });
  // Cleared altogether.
  await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: null }, m.creator.token);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token)).body.deadline).toBeNull();
  expect(await srv.prisma.seat.count({ where: { matchId: m.id, dueAt: { not: null } } })).toBe(0);
});
