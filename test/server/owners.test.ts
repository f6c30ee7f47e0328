/**
 * A match lives on one process (issue #43, src/server/owners.ts): two real server processes
 * on one database (the external PostgreSQL) and one Redis. The process that creates a match
 * owns it (its lease); the other forwards its sockets' and requests' calls to the owner and
 * holds no copy of the match (it replays none of its moves); the owner's pushes reach the other
 * process's sockets. Killed, the owner's matches are served by the other within seconds, every
 * acknowledged move kept, and the sockets there reconnect by themselves.
 */
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { testDatabase } from '../support/db';
import { freePort } from '../support/ports';
import { startServer, waitFor, type ServerProcess } from '../support/process';
import { testRedis, type TestRedis } from '../support/redis';
import { api, until } from '../support/server';

jest.setTimeout(115_000);

const METRICS = 'owners-test-metrics-token';
let db: { url: string; drop(): Promise<void> };
let redis: TestRedis;
const procs: ServerProcess[] = [];

async function start(port: number, prefix: string): Promise<{ proc: ServerProcess; url: string }> {
  const proc = startServer({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    BENCH_GAMES: '1',
    MATCH_OWNERS: '1',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: METRICS,
    RATE_LIMIT_ADDRESS_MAX: '100000',
    RATE_LIMIT_TOKEN_MAX: '100000',
  });
  procs.push(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, proc, 80_000);
  return { proc, url };
}

async function owner(matchId: string): Promise<string | undefined> {
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const r = await c.query<{ url: string }>('SELECT p.url FROM match_leases l JOIN server_processes p ON p.id = l.owner WHERE l.match_id = $1', [matchId]);
    return r.rows[0]?.url;
  } finally {
    await c.end();
  }
}

/** The matches a process holds in memory (its /metrics). */
async function held(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).text();
  return Number(/^ironbottom_live_matches (\d+)/m.exec(text)?.[1]);
}

interface Body {
  seq: number;
  status: string;
  prompt: { actions: unknown[] } | null;
}

/** A socket taking whole bodies, each `state` recorded; with its push in its acknowledgement. */
function viewer(url: string, token: string, reconnection = false): Socket & { bodies: Body[] } {
  const s = io(url, { auth: { token, pushInAck: true }, transports: ['websocket'], reconnection, reconnectionDelay: 200, reconnectionDelayMax: 500, forceNew: true }) as Socket & {
    bodies: Body[];
  };
  s.bodies = [];
  s.on('state', (b: Body) => s.bodies.push(b));
  return s;
}

const last = (s: { bodies: Body[] }) => s.bodies.at(-1);
const act = (s: Socket, body: Body): Promise<{ ok: boolean; seq?: number; state?: Body; error?: { code: string } }> =>
  s.timeout(15_000).emitWithAck('action', { seq: body.seq, action: body.prompt!.actions[0] });

beforeAll(async () => {
  [db, redis] = await Promise.all([testDatabase(), testRedis()]);
});
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  await redis.close();
  await db.drop();
});

test('a match lives on its owner: the other process forwards to it and holds no copy; the owner killed, the other serves the match within seconds with every acknowledged move', async () => {
  const prefix = redis.prefix();
  const [a, b] = await Promise.all([freePort().then((p) => start(p, prefix)), freePort().then((p) => start(p, prefix))]);

  // Ownership: the creating process takes the lease; a request through the other leaves it there.
  const m = (await api(a.url, 'POST', '/api/matches', { game: 'fog-duel' })).body;
  expect(await owner(m.id)).toBe(a.url);
  const seen = await api(b.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token);
  expect(seen.status).toBe(200);
  expect(await owner(m.id)).toBe(a.url);

  // Forwarding: both seats and the spectator on B; every move is taken by A (B's sockets' calls forwarded) and pushed by A to B's sockets.
  const seats = { a: viewer(b.url, m.seats.a.token, true), b: viewer(b.url, m.seats.b.token, true) };
  const spectator = viewer(b.url, m.spectator.token, true);
  await until(() => last(seats.a) && last(seats.b) && last(spectator), 20_000);
  const acked: number[] = [];
  const play = async (moves: number) => {
    for (let i = 0; i < moves; i++) {
      const [side, s] = (['a', 'b'] as const).map((k) => [k, seats[k]] as const).find(([, s]) => last(s)?.prompt)!;
      const r = await act(s, last(s)!);
      expect([side, r.ok, r.error]).toEqual([side, true, undefined]);
      acked.push(r.seq!);
      // The mover's push came in its acknowledgement (not again as an event); the others' through the adapter.
      if (r.state) s.bodies.push(r.state);
      await until(() => (last(spectator)!.seq >= r.seq! && last(seats.a)!.seq >= r.seq! && last(seats.b)!.seq >= r.seq! ? true : undefined), 10_000);
    }
  };
  await play(6);
  // In order, once each: the spectator saw every seq from its first body on.
  const specSeqs = spectator.bodies.map((x) => x.seq).filter((q, i, all) => q !== all[i - 1]);
  expect(specSeqs).toEqual(Array.from({ length: specSeqs.length }, (_, i) => specSeqs[0]! + i));
  // B replays nothing: it holds no copy of the match; A holds it.
  expect(await held(b.url)).toBe(0);
  expect(await held(a.url)).toBe(1);
  expect(await owner(m.id)).toBe(a.url);

  // The owner is killed mid-play.
  const killedAt = Date.now();
  a.proc.child.kill('SIGKILL');
  await a.proc.exited;
  // An HTTP move through B right away: it waits for A's lease to lapse, then B takes the match and serves it.
  const before = (await api(b.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats[last(seats.a)!.prompt ? 'a' : 'b'].token)).body;
  const servedMs = Date.now() - killedAt;
  expect(servedMs).toBeLessThan(12_000);
  expect(await owner(m.id)).toBe(b.url);
  // No acknowledged move lost.
  expect(before.seq).toBeGreaterThanOrEqual(Math.max(...acked));
  // B's sockets were closed as their owner went, and reconnected by themselves.
  await until(() => (seats.a.connected && seats.b.connected && spectator.connected ? true : undefined), 15_000);
  await until(() => (last(seats.a)!.seq === before.seq && last(seats.b)!.seq === before.seq ? true : undefined), 10_000);
  await play(4);
  expect(await held(b.url)).toBe(1);
  for (const s of [seats.a, seats.b, spectator]) s.disconnect();
});
