/**
 * The storage port's Web Push part (src/store/push-store.ts), against both adapters: one
 * device per (match, side, endpoint), the same endpoint again replacing its keys and holder
 * and keeping its last notice, oldest first, removal, the delivered mark, the match's
 * foreign key, and the fork of the memory store sharing nothing.
 */
import { nanoid } from 'nanoid';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import type { MatchStore, NewMatch } from '../../src/store/match-store';
import { testDatabase } from '../support/db';

const ADAPTERS: [string, () => Promise<{ store: MatchStore; close(): Promise<void> }>][] = [
  [
    'prisma',
    async () => {
      const db = await testDatabase();
      const prisma: PrismaClient = createPrisma(db.url);
      return { store: new PrismaMatchStore(prisma), close: async () => (await prisma.$disconnect(), await db.drop()) };
    },
  ],
  ['memory', async () => ({ store: new MemoryMatchStore(), close: async () => {} })],
];

function newMatch(): NewMatch {
  const id = nanoid(12);
  return {
    id,
    game: 'toy',
    options: {},
    seed: 'seed-' + id,
    seedHash: 'f'.repeat(64),
    status: 'waiting',
    setupLog: [],
    creatorHash: nanoid(40),
    moveDeadlineMs: null,
    seats: [
      { side: 'a', tokenHash: nanoid(40) },
      { side: 'b', tokenHash: nanoid(40) },
    ],
    snapshots: [{ seq: 0, state: { game: {}, dice: [1, 2, 3, 4], tags: [5, 6, 7, 8] } }],
  };
}

describe.each(ADAPTERS)('push subscriptions on %s', (_name, open) => {
  let store: MatchStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  test('save, replace, list oldest first, mark delivered, remove', async () => {
    const m = newMatch();
    await store.createMatch(m);
    const base = { matchId: m.id, side: 'a', p256dh: 'P1', auth: 'A1', tokenHash: 'h1' };
    await store.savePushSubscription({ ...base, endpoint: 'https://push.example/1' });
    await new Promise((r) => setTimeout(r, 5));
    await store.savePushSubscription({ ...base, endpoint: 'https://push.example/2' });
    await store.savePushSubscription({ ...base, side: 'b', endpoint: 'https://push.example/1' });
    await store.markPushDelivered(m.id, 'a', 'https://push.example/1', 'k1');
    // The same endpoint again: new keys and holder, its last notice kept, its place kept.
    await store.savePushSubscription({ ...base, endpoint: 'https://push.example/1', p256dh: 'P2', auth: 'A2', tokenHash: 'h2' });
    const a = await store.listPushSubscriptions(m.id, 'a');
    expect(a.map(({ createdAt, ...d }) => (expect(createdAt).toBeInstanceOf(Date), d))).toEqual([
      { matchId: m.id, side: 'a', endpoint: 'https://push.example/1', p256dh: 'P2', auth: 'A2', tokenHash: 'h2', lastNotice: 'k1' },
      { matchId: m.id, side: 'a', endpoint: 'https://push.example/2', p256dh: 'P1', auth: 'A1', tokenHash: 'h1', lastNotice: null },
    ]);
    expect(await store.listPushSubscriptions(m.id, 'b')).toHaveLength(1);
    expect(await store.removePushSubscription(m.id, 'a', 'https://push.example/1')).toBe(true);
    expect(await store.removePushSubscription(m.id, 'a', 'https://push.example/1')).toBe(false);
    await store.markPushDelivered(m.id, 'a', 'https://push.example/1', 'k2'); // gone: nothing happens
    expect((await store.listPushSubscriptions(m.id, 'a')).map((d) => d.endpoint)).toEqual(['https://push.example/2']);
    expect(await store.listPushSubscriptions(m.id, 'spectator')).toEqual([]);
  });

  test('a device of no match is refused (foreign key)', async () => {
    await expect(store.savePushSubscription({ matchId: 'nope', side: 'a', endpoint: 'https://push.example/x', p256dh: 'P', auth: 'A', tokenHash: 'h' })).rejects.toThrow();
  });
});

test('a fork of the memory store has its own devices', async () => {
  const store = new MemoryMatchStore();
  const m = newMatch();
  await store.createMatch(m);
  await store.savePushSubscription({ matchId: m.id, side: 'a', endpoint: 'https://push.example/1', p256dh: 'P', auth: 'A', tokenHash: 'h' });
  const fork = store.fork();
  await fork.removePushSubscription(m.id, 'a', 'https://push.example/1');
  expect(await store.listPushSubscriptions(m.id, 'a')).toHaveLength(1);
  expect(await fork.listPushSubscriptions(m.id, 'a')).toHaveLength(0);
});
