/**
 * The match service on the in-memory store: the same match, played through the real
 * service, gives every viewer the same bodies as on PostgreSQL (the oracle: the Prisma
 * adapter the server runs on); two services sharing one memory store behave as two
 * processes sharing one database; a cold service rebuilds what a warm one held.
 */
import pino from 'pino';
import type { GameModule, Viewer } from '../../src/engine';
import { GAMES } from '../../src/games';
import { MatchService, type StateBody } from '../../src/matches/service';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { createPrisma } from '../../src/store/prisma';
import type { MatchStore } from '../../src/store/match-store';
import { testDatabase } from '../support/db';
import { toy } from '../support/toy-game';

const games = new Map([...GAMES, ['toy', toy as GameModule]]);
const service = (store: MatchStore, snapshotEvery = 4) =>
  new MatchService(store, { games, publicUrl: 'http://x', snapshotEvery, idleMs: 60_000, logger: pino({ level: 'silent' }), newSeed: () => 'fixed-seed' });

/** Plays the toy game to its end by a fixed plan (a hides 1..5 in turn, takes one back each round), recording every body each viewer is sent or asks for. */
async function playToy(svc: MatchService): Promise<string[]> {
  const seen: string[] = [];
  const strip = (b: StateBody) => JSON.stringify({ ...b, id: undefined });
  svc.onPublish((_id, audience, body) => seen.push(`push ${audience} ${strip(body)}`));
  const m = await svc.create('toy', {});
  const look = async () => {
    for (const v of ['a', 'b', 'spectator', 'referee'] as Viewer[]) seen.push(`get ${v} ${strip(await svc.state(m.id, v))}`);
  };
  for (let round = 1; round <= 5; round++) {
    let a = await svc.state(m.id, 'a');
    a = await svc.submit(m.id, 'a', a.seq, { type: 'pick', n: round });
    a = await svc.submit(m.id, 'a', a.seq, { type: 'pick', n: 6 - round });
    a = await svc.undo(m.id, 'a', a.seq);
    await svc.submit(m.id, 'a', a.seq, { type: 'seal' });
    await look();
    const b = await svc.state(m.id, 'b');
    await svc.submit(m.id, 'b', b.seq, { type: 'guess' });
    await look();
  }
  return seen;
}

test('the same match on the memory store and on PostgreSQL: every body, pushed or asked for, is the same', async () => {
  const db = await testDatabase();
  const prisma = createPrisma(db.url);
  try {
    const onPg = await playToy(service(new PrismaMatchStore(prisma)));
    const inMemory = await playToy(service(new MemoryMatchStore()));
    // Each round: three private steps pushed to a alone, the seal and the guess to a, b and spectators, eight reads.
    expect(inMemory).toHaveLength(5 * (3 + 3 + 3 + 8));
    expect(inMemory).toEqual(onPg);
  } finally {
    await prisma.$disconnect();
    await db.drop();
  }
});

test('two services on one memory store are two processes on one database: one action per seq wins, the other gets 409 with the state', async () => {
  const store = new MemoryMatchStore();
  const one = service(store);
  const two = service(store);
  const m = await one.create('toy', {});
  await two.state(m.id, 'a'); // both hold a live copy
  const results = await Promise.allSettled([one.submit(m.id, 'a', 0, { type: 'pick', n: 2 }), two.submit(m.id, 'a', 0, { type: 'pick', n: 5 })]);
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'stale-seq', detail: { seq: 1 } });
  expect(await store.readRows(m.id, 10)).toHaveLength(1);
  // The loser's copy was reloaded: it goes on from the winner's seq.
  const loser = results[0]!.status === 'rejected' ? one : two;
  const next = await loser.submit(m.id, 'a', 1, { type: 'seal' });
  expect(next.seq).toBe(2);
});

test('a cold service on the same memory store rebuilds the match for every viewer, undo chain included', async () => {
  const store = new MemoryMatchStore();
  const warm = service(store, 3);
  const m = await warm.create('toy', {});
  let a = await warm.submit(m.id, 'a', 0, { type: 'pick', n: 3 });
  a = await warm.submit(m.id, 'a', a.seq, { type: 'seal' });
  const b = await warm.state(m.id, 'b');
  await warm.submit(m.id, 'b', b.seq, { type: 'guess' });
  a = await warm.state(m.id, 'a');
  await warm.submit(m.id, 'a', a.seq, { type: 'pick', n: 1 });
  const cold = service(store, 3);
  for (const v of ['a', 'b', 'spectator', 'referee']) expect(await cold.state(m.id, v)).toEqual(await warm.state(m.id, v));
  expect((await cold.state(m.id, 'a')).canUndo).toBe(true);
});
