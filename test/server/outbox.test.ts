/**
 * The transactional outbox (issue 39): the jobs a change owes are written in the change's own
 * statement, and a server process killed with SIGKILL at each point between that commit and
 * the delivery — before the relay, after the relay and before any job ran, after the send and
 * before its mark — owes nothing after the restart and doubles nothing: the "your move" a
 * claim owed reaches the webhook once per idempotency key, and the claim itself is kept.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { SeqTaken, type NewMatch, type OutboxJob } from '../../src/store/match-store';
import type { MatchState, Row } from '../../src/engine';
import { createPrisma } from '../../src/store/prisma';
import { testDatabase } from '../support/db';
import { ownServer, stopWith } from '../support/process';

interface Call {
  key: string;
  body: any;
}

test('an append writes the jobs it owes in its own statement, and a refused append (its seq taken) writes none; a seat mark writes its jobs only when it sets the mark', async () => {
  const db = await testDatabase();
  const pool = new Pool({ connectionString: db.url });
  const store = new PrismaMatchStore(createPrisma(db.url, pool), pool);
  try {
    const due = new Date('2030-01-01T00:00:00.000Z');
    const make = (id: string): NewMatch => ({
      id,
      game: 'toy',
      options: {},
      seed: 'seed',
      seedHash: 'f'.repeat(64),
      status: 'active',
      setupLog: [],
      creatorHash: null,
      moveDeadlineMs: 60_000,
      seats: [
        { side: 'a', tokenHash: `${id}-a`, dueAt: due },
        { side: 'b', tokenHash: `${id}-b` },
      ],
      snapshots: [{ seq: 0, state: { game: {} } as unknown as MatchState }],
    });
    await store.createMatch(make('m1'));
    await store.createMatch(make('m2'));
    const job = (key: string): OutboxJob => ({ key, queue: 'notices', data: { key }, startAfter: null });
    const row = (seq: number): Row => ({ seq, side: 'a', kind: 'action', private: false, reveals: false, payload: {}, log: [], rolls: [] });
    await store.append('m1', row(1), { jobs: [job('k1'), job('k2')] });
    await expect(store.append('m1', row(1), { jobs: [job('k3')] })).rejects.toBeInstanceOf(SeqTaken);
    // Appends of one tick go in one statement (append-batch.ts): each one's jobs with it; a key already there is kept.
    await Promise.all([store.append('m1', row(2), { jobs: [job('k4')] }), store.append('m2', row(1), { jobs: [job('k5'), job('k1')] })]);
    await store.update('m2', { jobs: [job('k6')] });
    expect(await store.markSeat('m1', 'a', 'remindedAt', due, new Date(), [job('k7')])).toBe(true);
    expect(await store.markSeat('m1', 'a', 'remindedAt', due, new Date(), [job('k8')])).toBe(false);
    expect(await store.markBankOut('m1', 'b', due, new Date(), [job('k9')])).toBe(false);
    const keys = (await pool.query('SELECT "key", "relayed_at" FROM "outbox" ORDER BY "key"')).rows;
    expect(keys).toEqual(['k1', 'k2', 'k4', 'k5', 'k6', 'k7'].map((key) => ({ key, relayed_at: null })));
  } finally {
    await store.close();
    await pool.end();
    await db.drop();
  }
});

async function sink() {
  const calls: Call[] = [];
  const hook = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      calls.push({ key: String(req.headers['idempotency-key']), body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  return { calls, url: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`, close: () => new Promise((r) => hook.close(r)) };
}

/**
 * Kills the server at `point` of the "your move" that the second claim owes, starts it again
 * without the fault, and returns the webhook's calls and the match as the new process has it.
 */
async function crashAt(point: 'committed' | 'relayed' | 'sent', extra: Record<string, string> = {}) {
  const hook = await sink();
  const own = await ownServer('outbox', { WEBHOOK_ALLOW_PRIVATE: 'true', NOTIFY_AWAY_GRACE_MS: '0', JOBS_POLL_MS: '500', ...extra });
  const { url } = own;
  const post = async (path: string, body: unknown, token?: string) =>
    fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  try {
    const first = await own.start({ FAULT_KILL_AT: point });
    const m: any = await (await post('/api/matches', { game: 'ssj' })).json();
    const sides = Object.keys(m.seats);
    const holds = async (side: string) =>
      ((await (await fetch(`${url}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats[side].token}` } })).json()) as any).prompt !== null;
    const mover = (await holds(sides[0]!)) ? sides[0]! : sides[1]!;
    const other = sides.find((s) => s !== mover)!;
    expect((await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hook.url}?side=${mover}` } }, m.seats[mover].token)).status).toBe(200);
    // The second claim starts the match: it owes "your move" to the mover. The process dies at `point`.
    await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hook.url}?side=${other}` } }, m.seats[other].token).catch(() => null);
    expect(await first.exited).toBe('SIGKILL');
    const before = hook.calls.length;

    const second = await own.start();
    const t0 = Date.now();
    while (hook.calls.length <= before && Date.now() - t0 < 90_000) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 3000)); // time for a duplicate to show
    const match: any = await (await fetch(`${url}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats[other].token}` } })).json();
    expect((await stopWith(second)).code).toBe(0);
    return { calls: hook.calls, before, match, m, mover, other };
  } finally {
    await own.close();
    await hook.close();
  }
}

const yourMove = (id: string, side: string) => new RegExp(`^${id}:${side}:your-move:\\d+:webhook$`);

test('killed after a change with jobs committed, before the relay: the claim is kept and its "your move" is delivered once after the restart', async () => {
  const { calls, before, match, m, mover } = await crashAt('committed');
  expect(before).toBe(0);
  expect(match.status).toBe('active');
  expect(calls.map((c) => c.key)).toEqual([expect.stringMatching(yourMove(m.id, mover))]);
  expect(calls[0]!.body).toMatchObject({ event: 'your-move', match: m.id, side: mover });
}, 180_000);

test('killed after the relay handed the job to the queue, before it ran: delivered once after the restart', async () => {
  const { calls, before, match, m, mover } = await crashAt('relayed');
  expect(before).toBe(0);
  expect(match.status).toBe('active');
  expect(calls.map((c) => c.key)).toEqual([expect.stringMatching(yourMove(m.id, mover))]);
}, 180_000);

test('killed after the send, before its mark: the job is run again, and what the webhook takes is one notice — every attempt under its one Idempotency-Key', async () => {
  // The queue fails a job whose process died once it expires (30 s) at its next maintenance.
  const { calls, before, m, mover } = await crashAt('sent', { JOBS_MAINTENANCE_S: '2', WEBHOOK_TIMEOUT_MS: '2000' });
  expect(before).toBe(1);
  expect(calls).toHaveLength(2);
  expect(new Set(calls.map((c) => c.key))).toEqual(new Set([calls[0]!.key]));
  expect(calls[0]!.key).toMatch(yourMove(m.id, mover));
}, 180_000);
