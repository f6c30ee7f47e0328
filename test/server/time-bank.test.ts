/**
 * Time banks (issue #15), with the matches layer's injected clock: each side's bank runs
 * while it owes a decision (private steps included, the increment once per decision made),
 * a pause both players agree to stops every bank, and running out flags the side or
 * forfeits the match, as the creator chose. An expiry that falls while no server runs is
 * handled once, by the durable job or by the start-up check, whichever comes first.
 */
import { createServer, type Server } from 'node:http';
import type { GameModule } from '../../src/engine';
import { Archive } from '../../src/matches/archive';
import { api, next, startTestServer, until, type TestServer } from '../support/server';
import { testDatabase } from '../support/db';
import { toy } from '../support/toy-game';

const MIN = 60_000;
const games = new Map([['toy', toy as GameModule]]);
let clock = Date.parse('2026-03-01T00:00:00Z');
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
  srv = await startTestServer({ games, now: () => clock });
});
afterAll(async () => {
  await srv.close();
  await new Promise((r) => hookServer.close(r));
});

const iso = (t: number) => new Date(t).toISOString();

/** A toy match with a time bank, both seats claimed (the match is active, A owes the first decision). */
async function bankMatch(s: TestServer, clockOption: unknown, notify = false) {
  const res = await api(s.url, 'POST', '/api/matches', { game: 'toy', clock: clockOption });
  expect(res.status).toBe(201);
  const m = res.body;
  const n = notify ? { notify: { webhook: hookUrl, when: { webhook: 'always' } } } : {};
  for (const side of ['a', 'b']) expect((await api(s.url, 'POST', `/api/matches/${m.id}/claim`, n, m.seats[side].token)).status).toBe(200);
  const get = async (token: string = m.spectator.token) => (await api(s.url, 'GET', `/api/matches/${m.id}`, undefined, token)).body;
  const act = async (side: 'a' | 'b', action: unknown) => {
    const st = await get(m.seats[side].token);
    return api(s.url, 'POST', `/api/matches/${m.id}/actions`, { seq: st.seq, action }, m.seats[side].token);
  };
  return { m, get, act };
}

test('flag: the bank runs while a side owes a decision, private steps included; the increment comes once per decision; running out flags the side, pushed and told, and the match goes on', async () => {
  const { m, get, act } = await bankMatch(srv, { bankMs: 10 * MIN, incrementMs: MIN }, true);
  const start = clock;
  expect((await get()).clock).toEqual({
    bankMs: 10 * MIN,
    incrementMs: MIN,
    onTimeout: 'flag',
    sides: { a: { leftMs: 10 * MIN, runsOutAt: iso(start + 10 * MIN) }, b: { leftMs: 10 * MIN, runsOutAt: null } },
    out: [],
    paused: false,
    pausedAt: null,
    pauseProposedBy: null,
  });

  // A's private steps: B's body, read at the same moment, is the same byte for byte.
  clock = start + 3 * MIN;
  const before = await get(m.seats.b.token);
  expect((await act('a', { type: 'pick', n: 4 })).status).toBe(200);
  expect((await act('a', { type: 'pick', n: 2 })).status).toBe(200);
  expect(await get(m.seats.b.token)).toEqual(before);
  expect(before.clock.sides.a).toEqual({ leftMs: 7 * MIN, runsOutAt: iso(start + 10 * MIN) });

  // A's decision is made (the public seal): 6 minutes left plus one; B's bank starts.
  clock = start + 4 * MIN;
  expect((await act('a', { type: 'seal' })).status).toBe(200);
  let c = (await get()).clock;
  expect(c.sides).toEqual({ a: { leftMs: 7 * MIN, runsOutAt: null }, b: { leftMs: 10 * MIN, runsOutAt: iso(start + 14 * MIN) } });
  clock = start + 6 * MIN;
  expect((await act('b', { type: 'guess' })).status).toBe(200);
  c = (await get()).clock;
  expect(c.sides).toEqual({ a: { leftMs: 7 * MIN, runsOutAt: iso(start + 13 * MIN) }, b: { leftMs: 9 * MIN, runsOutAt: null } });

  // Not yet out; then out.
  clock = start + 12 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 });
  await srv.notifier.idle();
  hooks.length = 0;
  const sb = await srv.socket(m.seats.b.token);
  await until(() => sb.got.find((g) => g.event === 'state'));
  const overdue = next(sb, 'overdue');
  const pushed = next(sb, 'state');
  clock = start + 13 * MIN + 1;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0, outOfTime: 1 });
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 }); // once only
  expect(await overdue).toEqual({ sides: ['a'] });
  expect((await pushed).clock).toMatchObject({ out: ['a'], sides: { a: { leftMs: 0, runsOutAt: null } } });
  await srv.notifier.idle();
  expect(hooks.filter((h) => h.event === 'overdue').map((h) => [h.side, h.overdue])).toEqual([
    ['a', ['a']],
    ['b', ['a']],
  ]);
  expect(srv.logs.some((l) => l.includes('"out of time: flagged"') && l.includes(m.id))).toBe(true);

  // The match goes on; A's bank stays out, B's runs when B owes a decision.
  expect((await get()).status).toBe('active');
  clock = start + 14 * MIN;
  expect((await act('a', { type: 'pick', n: 1 })).status).toBe(200);
  expect((await act('a', { type: 'seal' })).status).toBe(200);
  c = (await get()).clock;
  expect(c.sides).toEqual({ a: { leftMs: 0, runsOutAt: null }, b: { leftMs: 9 * MIN, runsOutAt: iso(start + 23 * MIN) } });
  expect(c.out).toEqual(['a']);

  // The creator may declare the flagged side forfeited: it lost on time.
  const ended = await api(srv.url, 'POST', `/api/matches/${m.id}/forfeit`, { side: 'a' }, m.creator.token);
  expect(ended.status).toBe(200);
  expect(ended.body).toMatchObject({ status: 'finished', result: { winner: 'b', text: 'The a player ran out of time and forfeited the match. The b player wins.' } });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.a.token)).body.ok).toBe(true);
});

test('forfeit: running out ends the match, the other side winning, in a row that verifies; an action after the bank ran out (before the expiry was handled) finds the match over', async () => {
  const { m, get, act } = await bankMatch(srv, { bankMs: 5 * MIN, onTimeout: 'forfeit' });
  const start = clock;
  clock = start + 2 * MIN;
  expect((await act('a', { type: 'pick', n: 3 })).status).toBe(200);
  expect((await act('a', { type: 'seal' })).status).toBe(200);
  // No increment: A kept 3 minutes. B runs out at +7 min.
  expect((await get()).clock.sides).toEqual({ a: { leftMs: 3 * MIN, runsOutAt: null }, b: { leftMs: 5 * MIN, runsOutAt: iso(start + 7 * MIN) } });
  clock = start + 7 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0, outOfTime: 1 });
  const s = await get();
  expect(s).toMatchObject({ status: 'finished', result: { winner: 'a', text: 'The b player ran out of time and forfeited the match. The a player wins.' } });
  expect(s.log.at(-1)).toMatchObject({ text: 'The b player ran out of time: the match is forfeited.' });
  expect(s.clock).toMatchObject({ out: ['b'], sides: { a: { leftMs: 3 * MIN, runsOutAt: null }, b: { leftMs: 0, runsOutAt: null } } });
  const row = await srv.prisma.action.findFirstOrThrow({ where: { matchId: m.id }, orderBy: { seq: 'desc' } });
  expect(row).toMatchObject({ kind: 'forfeit', side: 'b', payload: { reason: 'time' } });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.b.token)).body.ok).toBe(true);
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 });

  // The banks go with the match: into its file (and back in an import), into its rematch.
  const archive = new Archive(srv.service);
  const file = await archive.exportMatch(m.id);
  expect(file.match.clock).toEqual({ bankMs: 5 * MIN, incrementMs: 0, onTimeout: 'forfeit' });
  const imported = await archive.importMatch(JSON.parse(JSON.stringify(file)));
  expect((await srv.service.load(imported.id)).clock?.config).toEqual(file.match.clock);
  const { clock: noClock, ...older } = file.match;
  expect(noClock).toBeDefined();
  expect((await archive.importMatch({ ...file, match: older })).verification.ok).toBe(true);
  const re = await api(srv.url, 'POST', `/api/matches/${m.id}/rematch`, {}, m.seats.a.token);
  expect(re.status).toBe(200);
  expect((await api(srv.url, 'GET', `/api/matches/${re.body.id}`, undefined, re.body.spectator.token)).body.clock).toMatchObject({
    bankMs: 5 * MIN,
    onTimeout: 'forfeit',
    sides: { a: { leftMs: 5 * MIN, runsOutAt: null }, b: { leftMs: 5 * MIN, runsOutAt: null } },
  });

  // The same, with the action coming first: the expiry is handled before it, and it is refused.
  const late = await bankMatch(srv, { bankMs: 2 * MIN, onTimeout: 'forfeit' });
  clock += 2 * MIN;
  const r = await late.act('a', { type: 'pick', n: 1 });
  expect(r.status).toBe(422);
  expect(r.body.error).toEqual({ code: 'not-active', message: 'The match is finished.' });
  expect((await late.get()).result.text).toBe('The a player ran out of time and forfeited the match. The b player wins.');
  expect(await srv.prisma.action.count({ where: { matchId: late.m.id, kind: 'forfeit' } })).toBe(1);
});

test('a pause: one player proposes, the other agrees; no bank runs nor runs out while paused, moves are still taken; either resumes', async () => {
  const { m, get, act } = await bankMatch(srv, { bankMs: 10 * MIN, incrementMs: MIN, onTimeout: 'forfeit' });
  const start = clock;
  const post = (path: string, token: string) => api(srv.url, 'POST', `/api/matches/${m.id}/${path}`, {}, token);

  clock = start + 2 * MIN;
  let r = await post('pause', m.seats.a.token);
  expect(r.status).toBe(200);
  expect(r.body.clock).toMatchObject({ paused: false, pauseProposedBy: 'a', sides: { a: { leftMs: 8 * MIN, runsOutAt: iso(start + 10 * MIN) } } });
  expect((await post('pause', m.seats.a.token)).body.clock.pauseProposedBy).toBe('a'); // asking again changes nothing
  expect((await post('pause', m.spectator.token)).status).toBe(403);
  expect((await get(m.seats.b.token)).clock.pauseProposedBy).toBe('a');

  // B agrees: paused, with what each had left.
  clock = start + 3 * MIN;
  r = await post('pause', m.seats.b.token);
  expect(r.body.clock).toEqual({
    bankMs: 10 * MIN,
    incrementMs: MIN,
    onTimeout: 'forfeit',
    sides: { a: { leftMs: 7 * MIN, runsOutAt: null }, b: { leftMs: 10 * MIN, runsOutAt: null } },
    out: [],
    paused: true,
    pausedAt: iso(start + 3 * MIN),
    pauseProposedBy: null,
  });

  // A holiday of three days: nothing runs out; a move made meanwhile takes no time and earns no increment.
  clock = start + 3 * 24 * 60 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0 });
  expect((await act('a', { type: 'pick', n: 5 })).status).toBe(200);
  expect((await act('a', { type: 'seal' })).status).toBe(200);
  const s = await get();
  expect(s.status).toBe('active');
  expect(s.clock.sides).toEqual({ a: { leftMs: 7 * MIN, runsOutAt: null }, b: { leftMs: 10 * MIN, runsOutAt: null } });

  // Either resumes (here the one who agreed): the side that owes a decision starts from what it had.
  const back = clock;
  r = await post('resume', m.seats.b.token);
  expect(r.status).toBe(200);
  expect(r.body.clock).toMatchObject({ paused: false, pausedAt: null, pauseProposedBy: null, sides: { b: { leftMs: 10 * MIN, runsOutAt: iso(back + 10 * MIN) } } });
  expect(srv.logs.some((l) => l.includes('"time banks resumed"') && l.includes(m.id))).toBe(true);

  // A proposal may be withdrawn (or declined) with resume.
  await post('pause', m.seats.b.token);
  expect((await post('resume', m.seats.a.token)).body.clock).toMatchObject({ paused: false, pauseProposedBy: null });
  clock = back + 10 * MIN;
  expect(await srv.deadlines.tick()).toEqual({ reminded: 0, overdue: 0, outOfTime: 1 });
  expect((await get()).result.winner).toBe('a');

  // A match without time banks has nothing to pause; an ended one neither.
  const plain = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  const none = await api(srv.url, 'POST', `/api/matches/${plain.id}/pause`, {}, plain.seats.a.token);
  expect(none.status).toBe(422);
  expect(none.body.error.code).toBe('no-clock');
  expect((await post('pause', m.seats.a.token)).body.error.code).toBe('not-active');
});

test('bad clock options are refused with a 400 that says why', async () => {
  const bad = [
    { bankMs: 1000 },
    { bankMs: 10 * MIN, incrementMs: -1 },
    { bankMs: 10 * MIN, onTimeout: 'lose' },
    { bankMs: 2 ** 31 },
    { bankMs: 10.5 * MIN + 0.5 },
    { incrementMs: MIN },
    { bankMs: 10 * MIN, extra: 1 },
    'ten minutes',
  ];
  for (const clockOption of bad) {
    const r = await api(srv.url, 'POST', '/api/matches', { game: 'toy', clock: clockOption });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBeTruthy();
    expect(r.body.error.message).not.toMatch(/undefined/);
  }
  const ok = await api(srv.url, 'POST', '/api/matches', { game: 'toy', clock: null, deadlineMinutes: 5 });
  expect(ok.status).toBe(201);
  expect((await api(srv.url, 'GET', `/api/matches/${ok.body.id}`, undefined, ok.body.spectator.token)).body.clock).toBeUndefined();
});

test('an expiry due while no server ran is handled once after the restart: by its durable job, and two processes checking at once mark a flag once', async () => {
  const db = await testDatabase();
  // Far ahead of the wall clock, so pg-boss (which waits by the database's clock) holds each job until told it is due.
  let t = Date.parse('2031-06-01T00:00:00Z');
  const servers: TestServer[] = [];
  const start = (jobs: boolean) => startTestServer({ games, now: () => t, databaseUrl: db.url, jobs }).then((s) => (servers.push(s), s));
  try {
    const first = await start(true);
    const forfeit = await bankMatch(first, { bankMs: 5 * MIN, onTimeout: 'forfeit' });
    const flag = await bankMatch(first, { bankMs: 5 * MIN });
    await first.notifier.idle();
    const due = t + 5 * MIN;
    const jobs = async () =>
      (await first.prisma.$queryRawUnsafe(
        `SELECT data->>'matchId' AS match, data->>'side' AS side, start_after AS "startAfter", state FROM pgboss.job WHERE name = 'deadlines' AND data->>'kind' = 'bank' ORDER BY data->>'matchId'`,
      )) as { match: string; side: string; startAfter: Date; state: string }[];
    const stored = await jobs();
    expect(stored.map((j) => [j.match, j.side, j.startAfter.getTime()]).sort()).toEqual(
      [
        [forfeit.m.id, 'a', due],
        [flag.m.id, 'a', due],
      ].sort(),
    );
    await first.close();
    servers.length = 0;

    // Down while both banks run out; then the wall clock reaches the forfeit's job.
    t = due + 10 * MIN;
    const second = await start(true);
    await second.prisma.$executeRawUnsafe(`UPDATE pgboss.job SET start_after = now() WHERE name = 'deadlines' AND data->>'matchId' = $1`, forfeit.m.id);
    const ended = await until(async () => {
      const s = (await api(second.url, 'GET', `/api/matches/${forfeit.m.id}`, undefined, forfeit.m.spectator.token)).body;
      return s.status === 'finished' ? s : undefined;
    }, 15_000);
    expect(ended.result).toEqual({ winner: 'b', text: 'The a player ran out of time and forfeited the match. The b player wins.' });

    // The flag's job is still waiting: two processes check at start-up at once; one marks it.
    const third = await start(false);
    const [x, y] = await Promise.all([second.deadlines.tick(), third.deadlines.tick()]);
    expect((x.outOfTime ?? 0) + (y.outOfTime ?? 0)).toBe(1);
    // Its job, run later, finds it done.
    expect(await second.deadlines.fire('bank', flag.m.id, 'a', new Date(due))).toBe(false);
    expect(await second.deadlines.fire('bank', forfeit.m.id, 'a', new Date(due))).toBe(false);
    const seat = await second.prisma.seat.findFirstOrThrow({ where: { matchId: flag.m.id, side: 'a' } });
    expect(seat).toMatchObject({ bankMs: 0, bankDueAt: null, bankOutAt: new Date(t) });
    expect(await second.prisma.action.count({ where: { matchId: forfeit.m.id, kind: 'forfeit' } })).toBe(1);
    expect(await second.prisma.action.count({ where: { matchId: flag.m.id } })).toBe(0);
  } finally {
    for (const s of servers) await s.close();
    await db.drop();
  }
}, 60_000);
