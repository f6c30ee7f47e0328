/**
 * Group commit (src/store/append-batch.ts): appends of different matches that come at once
 * reach PostgreSQL as one statement, and each is acknowledged only once that statement has
 * committed. The oracle for "one statement" is the pool's own count of the queries it was
 * sent, for "committed" a second connection reading the rows.
 */
import { nanoid } from 'nanoid';
import { Pool } from 'pg';
import type { Row } from '../../src/engine';
import { AppendBatch } from '../../src/store/append-batch';
import type { Append } from '../../src/store/append-sql';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { SeqTaken, type NewMatch } from '../../src/store/match-store';
import { testDatabase } from '../support/db';

const hash = () => nanoid(40);
const newMatch = (): NewMatch => ({
  id: nanoid(12),
  game: 'toy',
  options: {},
  seed: 'seed',
  seedHash: 'f'.repeat(64),
  status: 'active',
  setupLog: [],
  listed: false,
  creatorHash: hash(),
  moveDeadlineMs: null,
  seats: [
    { side: 'a', tokenHash: hash() },
    { side: 'b', tokenHash: hash() },
  ],
  snapshots: [{ seq: 0, state: { game: {}, dice: [1, 2, 3, 4], tags: [5, 6, 7, 8] } }],
});
const row = (seq: number, side = 'a'): Row => ({ seq, side, kind: 'action', private: false, reveals: true, payload: { seq }, log: [], rolls: [] });

describe('group commit on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let pool: Pool;
  let prisma: PrismaClient;
  let store: PrismaMatchStore;
  let statements: string[] = [];
  beforeAll(async () => {
    db = await testDatabase();
    pool = new Pool({ connectionString: db.url });
    prisma = createPrisma(db.url);
    store = new PrismaMatchStore(prisma, pool);
    const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
    (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
      if (typeof a[0] === 'string') statements.push(a[0]);
      return query(...a);
    };
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await pool.end();
    await db.drop();
  });

  test('ten appends of ten matches sent in one tick go to the database as one statement, each stored with its match columns', async () => {
    const ms = Array.from({ length: 10 }, newMatch);
    for (const m of ms) await store.createMatch(m);
    statements = [];
    await Promise.all(ms.map((m, i) => store.append(m.id, row(1, i % 2 ? 'b' : 'a'), { match: { status: i === 3 ? 'finished' : 'active' }, seats: { b: { name: `p${i}` } } })));
    expect(statements.filter((t) => t.includes('INSERT INTO "actions"'))).toHaveLength(1);
    const reader = new Pool({ connectionString: db.url });
    try {
      for (const [i, m] of ms.entries()) {
        const a = await reader.query('SELECT side, payload FROM actions WHERE match_id = $1', [m.id]);
        expect(a.rows).toEqual([{ side: i % 2 ? 'b' : 'a', payload: { seq: 1 } }]);
        const x = await reader.query('SELECT seq, status FROM matches WHERE id = $1', [m.id]);
        expect(x.rows).toEqual([{ seq: 1, status: i === 3 ? 'finished' : 'active' }]);
        const s = await reader.query("SELECT name FROM seats WHERE match_id = $1 AND side = 'b'", [m.id]);
        expect(s.rows).toEqual([{ name: `p${i}` }]);
      }
    } finally {
      await reader.end();
    }
  });

  test('a batch with a taken seq writes nothing of itself, then each append is answered alone: SeqTaken for that one, stored for the rest', async () => {
    const ms = Array.from({ length: 3 }, newMatch);
    for (const m of ms) await store.createMatch(m);
    await store.append(ms[2]!.id, row(1));
    statements = [];
    const results = await Promise.allSettled(ms.map((m) => store.append(m.id, row(1))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(SeqTaken);
    // The batch (refused whole), then the three one by one.
    expect(statements.filter((t) => t.includes('INSERT INTO "actions"'))).toHaveLength(4);
  });
});

describe('the batch itself', () => {
  const settle = () => new Promise((r) => setImmediate(r));

  test('at most two statements run at once; appends that come meanwhile wait and go together in the next', async () => {
    const runs: { appends: readonly Append[]; done: () => void }[] = [];
    const batch = new AppendBatch(
      (appends) => new Promise<void>((done) => runs.push({ appends, done })),
      (a) => new Promise<void>((done) => runs.push({ appends: [a], done })),
    );
    const a = (id: string) => ({ matchId: id, row: row(1), write: {} });
    const acked: string[] = [];
    const send = (id: string) => void batch.append(a(id)).then(() => acked.push(id));
    send('m1');
    await settle();
    send('m2');
    send('m3');
    await settle();
    send('m4');
    send('m5');
    await settle();
    expect(runs.map((r) => r.appends.map((x) => x.matchId))).toEqual([['m1'], ['m2', 'm3']]);
    expect(acked).toEqual([]);
    runs[1]!.done();
    await settle();
    await settle();
    // Nothing is acknowledged before its own statement has ended.
    expect(acked).toEqual(['m2', 'm3']);
    expect(runs.map((r) => r.appends.map((x) => x.matchId))).toEqual([['m1'], ['m2', 'm3'], ['m4', 'm5']]);
    runs[0]!.done();
    runs[2]!.done();
    await settle();
    expect(acked.sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});
