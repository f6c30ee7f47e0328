/**
 * The storage port's contract, run against both adapters: PostgreSQL through Prisma (a
 * database of this file's own) and the in-memory store. Each test states what the port
 * promises (src/store/match-store.ts) and checks it against the values it put in, not
 * against the adapter's own reading of them; where PostgreSQL itself decides (jsonb's key
 * order, NUL in text), the Prisma run is the oracle the memory run must match.
 */
import { nanoid } from 'nanoid';
import type { Row } from '../../src/engine';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { Pool } from 'pg';
import { SeqTaken, type ChatRecord, type MatchStore, type NewMatch } from '../../src/store/match-store';
import { testDatabase } from '../support/db';

interface Adapter {
  store: MatchStore;
  close(): Promise<void>;
}

const ADAPTERS: [string, () => Promise<Adapter>][] = [
  [
    'prisma',
    async () => {
      const db = await testDatabase();
      const prisma: PrismaClient = createPrisma(db.url);
      return {
        store: new PrismaMatchStore(prisma),
        async close() {
          await prisma.$disconnect();
          await db.drop();
        },
      };
    },
  ],
  [
    'prisma, the hot path on its own pool',
    async () => {
      const db = await testDatabase();
      const pool = new Pool({ connectionString: db.url });
      const prisma: PrismaClient = createPrisma(db.url, pool);
      return {
        store: new PrismaMatchStore(prisma, pool),
        async close() {
          await prisma.$disconnect();
          await pool.end();
          await db.drop();
        },
      };
    },
  ],
  ['memory', async () => ({ store: new MemoryMatchStore(), close: async () => {} })],
];

const hash = () => nanoid(40);

function newMatch(over: Partial<NewMatch> = {}): NewMatch {
  const id = nanoid(12);
  return {
    id,
    game: 'toy',
    options: { size: 3 },
    seed: 'seed-' + id,
    seedHash: 'f'.repeat(64),
    status: 'waiting',
    setupLog: [{ to: 'public', text: 'Round 1.' }],
    listed: false,
    creatorHash: hash(),
    moveDeadlineMs: null,
    seats: [
      { side: 'a', tokenHash: hash() },
      { side: 'b', tokenHash: hash() },
      { side: 'spectator', tokenHash: hash() },
    ],
    snapshots: [{ seq: 0, state: { game: { round: 1 }, dice: [1, 2, 3, 4], tags: [5, 6, 7, 8] } }],
    ...over,
  };
}

function row(seq: number, over: Partial<Row> = {}): Row {
  return {
    seq,
    side: 'a',
    kind: 'action',
    private: false,
    reveals: true,
    payload: { type: 'pick', n: seq },
    log: [{ to: ['a'], text: `row ${seq}` }],
    rolls: [{ why: 'test', sides: 6, value: 3 }],
    ...over,
  };
}

describe.each(ADAPTERS)('the storage port on %s', (_name, open) => {
  let a: Adapter;
  let store: MatchStore;
  beforeAll(async () => {
    a = await open();
    store = a.store;
  });
  afterAll(async () => {
    await a.close();
  });

  test('a created match reads back with its seats, its set-up log and no rows', async () => {
    const m = newMatch({ moveDeadlineMs: 60_000, listed: true });
    await store.createMatch(m);
    const r = (await store.readMatch(m.id))!;
    expect(r).toMatchObject({
      id: m.id,
      game: 'toy',
      options: m.options,
      seed: m.seed,
      seedHash: m.seedHash,
      status: 'waiting',
      seq: 0,
      setupLog: m.setupLog,
      listed: true,
      creatorHash: m.creatorHash,
      moveDeadlineMs: 60_000,
      result: null,
      endedAt: null,
      rematchId: null,
      rematchSwap: null,
    });
    expect(r.createdAt).toBeInstanceOf(Date);
    expect(r.updatedAt).toBeInstanceOf(Date);
    expect(r.seats.map((s) => [s.side, s.tokenHash]).sort()).toEqual(m.seats.map((s) => [s.side, s.tokenHash]).sort());
    for (const s of r.seats) expect(s).toMatchObject({ name: null, notify: null, webhookSecret: null, claimedAt: null, dueAt: null, remindedAt: null, overdueAt: null });
    expect(await store.readRows(m.id, 100)).toEqual([]);
    expect(await store.hasMatch(m.id)).toBe(true);
    expect(await store.hasMatch('no-such-match')).toBe(false);
    expect(await store.readMatch('no-such-match')).toBeNull();
  });

  test('a created match keeps every field it was given: its own columns, those of each seat and every snapshot', async () => {
    const at = (iso: string) => new Date(iso);
    const m = newMatch({
      status: 'finished',
      result: { winner: 'b', reason: 'resigned' } as never,
      createdAt: at('2026-01-02T03:04:05.678Z'),
      endedAt: at('2026-01-03T00:00:00.001Z'),
      diceVersion: 1,
      diceSealSeq: 4,
      clock: { bankMs: 600_000, incrementMs: 5_000, onTimeout: 'forfeit' },
      options: { size: 5, nested: { list: [1, 'two', null] } },
      snapshots: [
        { seq: 0, state: { game: { round: 1 } } as never },
        { seq: 3, state: { game: { round: 2 }, z: 1, a: 2 } as never },
      ],
    });
    m.seats[0] = {
      side: 'a',
      tokenHash: hash(),
      name: 'Ann',
      notify: { email: 'ann@example.org' },
      webhookSecret: 'secret-a',
      claimedAt: at('2026-01-02T03:05:00.000Z'),
      dueAt: at('2026-01-04T00:00:00.000Z'),
      remindedAt: at('2026-01-03T12:00:00.000Z'),
      overdueAt: at('2026-01-04T00:00:01.000Z'),
      commitment: 'c'.repeat(64),
      value: 'v'.repeat(64),
      committedBy: 'seat',
      bankMs: 123_456,
      bankDueAt: at('2026-01-05T00:00:00.000Z'),
      bankOutAt: at('2026-01-06T00:00:00.000Z'),
    };
    await store.createMatch(m);
    const r = (await store.readMatch(m.id))!;
    expect(r).toMatchObject({ status: 'finished', result: m.result, endedAt: m.endedAt, diceVersion: 1, diceSealSeq: 4, clock: m.clock, options: m.options, seq: 0 });
    expect(r.createdAt).toEqual(m.createdAt);
    const a = r.seats.find((s) => s.side === 'a')!;
    expect(a).toMatchObject(m.seats[0]);
    for (const side of ['b', 'spectator']) {
      expect(r.seats.find((s) => s.side === side)).toMatchObject({
        name: null,
        notify: null,
        webhookSecret: null,
        claimedAt: null,
        commitment: null,
        value: null,
        committedBy: null,
      });
    }
    // The latest snapshot at or before a seq, with its keys in the order written (json, not jsonb).
    expect(JSON.stringify((await store.snapshotAtOrBefore(m.id, 3))?.state)).toBe(JSON.stringify(m.snapshots[1]!.state));
    expect((await store.snapshotAtOrBefore(m.id, 2))?.seq).toBe(0);
  });

  test('a token hash opens its own seat only', async () => {
    const m = newMatch();
    await store.createMatch(m);
    for (const s of m.seats) expect(await store.seatByToken(s.tokenHash)).toEqual({ matchId: m.id, side: s.side });
    expect(await store.seatByToken(hash())).toBeNull();
  });

  test('match ids, creator hashes and token hashes are unique', async () => {
    const m = newMatch();
    await store.createMatch(m);
    await expect(store.createMatch(newMatch({ id: m.id }))).rejects.toThrow();
    await expect(store.createMatch(newMatch({ creatorHash: m.creatorHash }))).rejects.toThrow();
    const stolen = newMatch();
    stolen.seats[0] = { side: 'a', tokenHash: m.seats[1]!.tokenHash };
    await expect(store.createMatch(stolen)).rejects.toThrow();
    expect(await store.hasMatch(stolen.id)).toBe(false);
  });

  test('append: rows come back in seq order up to the seq asked, rolls only when asked, and the match takes the seq', async () => {
    const m = newMatch();
    await store.createMatch(m);
    for (const seq of [1, 2, 3]) await store.append(m.id, row(seq, { private: seq === 2, reveals: seq !== 2, ...(seq === 3 ? { unshared: true } : {}) }));
    const rows = await store.readRows(m.id, 2);
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(rows[1]).toMatchObject({ side: 'a', kind: 'action', private: true, reveals: false, payload: { type: 'pick', n: 2 }, log: [{ to: ['a'], text: 'row 2' }], rolls: [] });
    // A step the sides know of but not in common keeps its flag; the others carry none.
    expect((await store.readRows(m.id, 3)).map((r) => r.unshared === true)).toEqual([false, false, true]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect((await store.readRows(m.id, 3, { rolls: true })).map((r) => r.rolls)).toEqual([1, 2, 3].map((n) => row(n).rolls));
    expect((await store.readRows(m.id, 3, { after: 1 })).map((r) => r.seq)).toEqual([2, 3]);
    expect((await store.readRows(m.id, 1e9, { after: 2, rolls: true })).map((r) => [r.seq, r.rolls])).toEqual([[3, row(3).rolls]]);
    expect((await store.readMatch(m.id))!.seq).toBe(3);
    // What a copy at seq 1 needs to catch up, in one call: the match as readMatch gives it, and the rows after 1 as readRows does.
    const since = await store.readSince(m.id, 1);
    expect(since!.match).toEqual(await store.readMatch(m.id));
    expect(since!.rows).toEqual(await store.readRows(m.id, 3, { after: 1 }));
    expect((await store.readSince(m.id, 3))!.rows).toEqual([]);
    expect(await store.readSince('no-such-match', 0)).toBeNull();
  });

  test('the unique (match, seq) guard: a second append of a seq is SeqTaken and changes nothing', async () => {
    const m = newMatch();
    await store.createMatch(m);
    await store.append(m.id, row(1), { match: { status: 'active' } });
    const before = (await store.readMatch(m.id))!;
    const second = store.append(m.id, row(1, { side: 'b', payload: { other: true } }), {
      match: { status: 'finished', endedAt: new Date() },
      seats: { b: { claimedAt: new Date(), name: 'Late' } },
      snapshot: { seq: 1, state: { game: { late: true }, dice: [], tags: [] } },
    });
    await expect(second).rejects.toBeInstanceOf(SeqTaken);
    await expect(second).rejects.toMatchObject({ matchId: m.id, seq: 1 });
    const after = (await store.readMatch(m.id))!;
    expect(after.status).toBe('active');
    expect(after.seats).toEqual(before.seats);
    expect(await store.snapshotAtOrBefore(m.id, 1)).toMatchObject({ seq: 0 });
    expect((await store.readRows(m.id, 1))[0]!.payload).toEqual(row(1).payload);
  });

  test('two appends of the same seq at once: exactly one is taken', async () => {
    const m = newMatch();
    await store.createMatch(m);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => store.append(m.id, row(1, { payload: { i } }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(SeqTaken);
    expect(await store.readRows(m.id, 10)).toHaveLength(1);
  });

  test('appends of several matches at once: each is stored, and a taken seq among them fails alone', async () => {
    const ms = [newMatch(), newMatch(), newMatch(), newMatch()];
    for (const m of ms) await store.createMatch(m);
    await store.append(ms[1]!.id, row(1));
    // Sent in one tick: a store that writes them together must still answer each on its own.
    const results = await Promise.allSettled(ms.map((m, i) => store.append(m.id, row(1, { payload: { i } }), { match: { status: 'active' } })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(SeqTaken);
    for (const [i, m] of ms.entries()) {
      const rows = await store.readRows(m.id, 10);
      expect(rows.map((r) => r.payload)).toEqual([i === 1 ? row(1).payload : { i }]);
      expect((await store.readMatch(m.id))!.status).toBe(i === 1 ? 'waiting' : 'active');
    }
  });

  test('an append to a match that does not exist fails, and not as a taken seq', async () => {
    const failed = store.append('no-such-match', row(1));
    await expect(failed).rejects.toThrow();
    await expect(failed).rejects.not.toBeInstanceOf(SeqTaken);
  });

  test("an append carries the match's columns, seat changes and a snapshot in the same call", async () => {
    const m = newMatch({ moveDeadlineMs: 1000 });
    await store.createMatch(m);
    const due = new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 678));
    const ended = new Date(Date.UTC(2030, 0, 2, 4, 0, 0, 1));
    await store.append(m.id, row(1, { kind: 'resign', payload: {} }), {
      match: { status: 'finished', endedAt: ended, result: { winner: 'b', text: 'The a player resigned.' } },
      seats: { a: { claimedAt: due, dueAt: null }, b: { dueAt: due, remindedAt: null } },
      snapshot: { seq: 1, state: { game: { over: true }, dice: [1], tags: [2] } },
    });
    const r = (await store.readMatch(m.id))!;
    expect(r).toMatchObject({ status: 'finished', seq: 1, endedAt: ended, result: { winner: 'b', text: 'The a player resigned.' } });
    expect(r.seats.find((s) => s.side === 'a')!.claimedAt).toEqual(due);
    expect(r.seats.find((s) => s.side === 'b')!.dueAt).toEqual(due);
    expect(await store.snapshotAtOrBefore(m.id, 5)).toEqual({ seq: 1, state: { game: { over: true }, dice: [1], tags: [2] } });
  });

  test('an append writes every seat field and match column it is given, and leaves the others', async () => {
    const m = newMatch({ moveDeadlineMs: 1000 });
    await store.createMatch(m);
    const t = (ms: number) => new Date(Date.UTC(2031, 5, 6, 7, 8, 9, ms));
    await store.append(m.id, row(1), {
      match: { status: 'active', moveDeadlineMs: 5000, diceSealSeq: 0, clockPausedAt: t(1), clockPauseBy: 'a', rematch: { id: 'next', swap: true } },
      seats: {
        a: { name: 'Ann', notify: { email: 'a@example.org' }, webhookSecret: 'sec', claimedAt: t(2), dueAt: t(3), remindedAt: t(4), overdueAt: t(5) },
        b: { commitment: 'c'.repeat(64), value: 'v'.repeat(64), committedBy: 'seat', bankMs: 1234, bankDueAt: t(6), bankOutAt: t(7) },
      },
    });
    const r = (await store.readMatch(m.id))!;
    expect(r).toMatchObject({ seq: 1, status: 'active', moveDeadlineMs: 5000, diceSealSeq: 0, clockPausedAt: t(1), clockPauseBy: 'a', rematchId: 'next', rematchSwap: true });
    expect(r.seats.find((s) => s.side === 'a')).toMatchObject({
      name: 'Ann',
      notify: { email: 'a@example.org' },
      webhookSecret: 'sec',
      claimedAt: t(2),
      dueAt: t(3),
      remindedAt: t(4),
      overdueAt: t(5),
    });
    expect(r.seats.find((s) => s.side === 'b')).toMatchObject({
      commitment: 'c'.repeat(64),
      value: 'v'.repeat(64),
      committedBy: 'seat',
      bankMs: 1234,
      bankDueAt: t(6),
      bankOutAt: t(7),
      name: null,
    });
    // The catch-up read gives every column as readMatch does (dates to the millisecond, JSON, nulls).
    expect((await store.readSince(m.id, 0))!.match).toEqual(r);
    await store.append(m.id, row(2), { seats: { a: { dueAt: null } } });
    const again = (await store.readMatch(m.id))!;
    expect(again).toMatchObject({ seq: 2, status: 'active', moveDeadlineMs: 5000 });
    expect(again.seats.find((s) => s.side === 'a')).toMatchObject({ name: 'Ann', dueAt: null, remindedAt: t(4) });
  });

  test('the latest snapshot at or before a seq; a snapshot at a seq is written once', async () => {
    const m = newMatch();
    await store.createMatch(m);
    for (let seq = 1; seq <= 6; seq++) await store.append(m.id, row(seq), seq % 3 === 0 ? { snapshot: { seq, state: { game: { at: seq }, dice: [], tags: [] } } } : {});
    expect((await store.snapshotAtOrBefore(m.id, 5))!.seq).toBe(3);
    expect((await store.snapshotAtOrBefore(m.id, 2))!.seq).toBe(0);
    expect((await store.snapshotAtOrBefore(m.id, 6))!.state).toEqual({ game: { at: 6 }, dice: [], tags: [] });
    await store.update(m.id, { snapshot: { seq: 6, state: { game: { again: true }, dice: [], tags: [] } } });
    expect((await store.snapshotAtOrBefore(m.id, 6))!.state).toEqual({ game: { at: 6 }, dice: [], tags: [] });
    expect(await store.snapshotAtOrBefore('no-such-match', 6)).toBeNull();
  });

  test("a rebuild's start in one call: the match as readMatch gives it, and the latest snapshot at or before its last row that reveals and is not private", async () => {
    const m = newMatch();
    await store.createMatch(m);
    const snapshot = (seq: number) => ({ snapshot: { seq, state: { game: { at: seq }, dice: [], tags: [] } } });
    // Snapshots at 2, 4 and 6; row 5 the last public cut-off (6 is private, 7 does not reveal).
    for (let seq = 1; seq <= 7; seq++) await store.append(m.id, row(seq, { private: seq === 6, reveals: seq !== 7 }), seq % 2 === 0 ? snapshot(seq) : {});
    const found = (await store.readForLoad(m.id))!;
    expect(found.match).toEqual(await store.readMatch(m.id));
    expect(found.snapshot).toEqual({ seq: 4, state: { game: { at: 4 }, dice: [], tags: [] } });
    expect(found.snapshot).toEqual(await store.snapshotAtOrBefore(m.id, 5));
    // No public cut-off yet: the set-up's snapshot.
    const fresh = newMatch();
    await store.createMatch(fresh);
    await store.append(fresh.id, row(1, { private: true }));
    expect((await store.readForLoad(fresh.id))!.snapshot).toEqual(await store.snapshotAtOrBefore(fresh.id, 0));
    expect((await store.readForLoad(fresh.id))!.snapshot!.seq).toBe(0);
    expect(await store.readForLoad('no-such-match')).toBeNull();
  });

  test('rows at or before payloadsAfter come without their payload, but for resignations and forfeits; the rest as readRows gives them', async () => {
    const m = newMatch();
    await store.createMatch(m);
    for (let seq = 1; seq <= 4; seq++) await store.append(m.id, row(seq));
    await store.append(m.id, row(5, { kind: 'forfeit', payload: { reason: 'time' } }));
    await store.append(m.id, row(6));
    const all = await store.readRows(m.id, 6);
    const light = await store.readRows(m.id, 6, { payloadsAfter: 5 });
    expect(light.map((r) => r.payload)).toEqual([null, null, null, null, { reason: 'time' }, { type: 'pick', n: 6 }]);
    expect(light.map((r) => ({ ...r, payload: null }))).toEqual(all.map((r) => ({ ...r, payload: null })));
    expect(await store.readRows(m.id, 6, { payloadsAfter: 0 })).toEqual(all);
  });

  test('update: seat fields change one by one, the others stay; a new token hash moves the seat', async () => {
    const m = newMatch();
    await store.createMatch(m);
    await store.update(m.id, { seats: { a: { name: 'Ann', notify: { webhook: 'https://example.org/hook' }, webhookSecret: 'k' } } });
    const fresh = hash();
    await store.update(m.id, { seats: { a: { tokenHash: fresh, claimedAt: new Date(1_000) } } });
    const a = (await store.readMatch(m.id))!.seats.find((s) => s.side === 'a')!;
    expect(a).toMatchObject({ name: 'Ann', notify: { webhook: 'https://example.org/hook' }, webhookSecret: 'k', claimedAt: new Date(1_000), tokenHash: fresh });
    expect(await store.seatByToken(fresh)).toEqual({ matchId: m.id, side: 'a' });
    expect(await store.seatByToken(m.seats[0]!.tokenHash)).toBeNull();
    await store.update(m.id, { seats: { a: { notify: null, name: null } } });
    expect((await store.readMatch(m.id))!.seats.find((s) => s.side === 'a')).toMatchObject({ name: null, notify: null, webhookSecret: 'k' });
  });

  test('update is all or nothing: a token hash already in use fails the whole write', async () => {
    const m = newMatch();
    await store.createMatch(m);
    const taken = m.seats[1]!.tokenHash;
    await expect(store.update(m.id, { match: { status: 'active' }, seats: { a: { tokenHash: taken, name: 'Thief' } } })).rejects.toThrow();
    const r = (await store.readMatch(m.id))!;
    expect(r.status).toBe('waiting');
    expect(r.seats.find((s) => s.side === 'a')!.name).toBeNull();
    expect(await store.seatByToken(taken)).toEqual({ matchId: m.id, side: 'b' });
  });

  test("update sets the match's own columns: deadline, rematch, status", async () => {
    const m = newMatch();
    await store.createMatch(m);
    const before = (await store.readMatch(m.id))!.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    await store.update(m.id, { match: { moveDeadlineMs: 90_000, rematch: { id: 'next-match', swap: true }, status: 'abandoned' } });
    const r = (await store.readMatch(m.id))!;
    expect(r).toMatchObject({ moveDeadlineMs: 90_000, rematchId: 'next-match', rematchSwap: true, status: 'abandoned' });
    expect(r.updatedAt.getTime()).toBeGreaterThan(before.getTime());
  });

  test('a reminder or overdue mark is set once, and only for the due time it was meant for', async () => {
    const m = newMatch({ moveDeadlineMs: 60_000 });
    await store.createMatch(m);
    const due = new Date(Date.UTC(2031, 5, 1));
    await store.update(m.id, { match: { status: 'active' }, seats: { a: { dueAt: due } } });
    expect(await store.markSeat(m.id, 'a', 'remindedAt', new Date(due.getTime() + 1), new Date(5))).toBe(false);
    const marks = await Promise.all([1, 2, 3].map(() => store.markSeat(m.id, 'a', 'remindedAt', due, new Date(7))));
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await store.markSeat(m.id, 'a', 'overdueAt', due, new Date(9))).toBe(true);
    expect((await store.readMatch(m.id))!.seats.find((s) => s.side === 'a')).toMatchObject({ remindedAt: new Date(7), overdueAt: new Date(9) });
  });

  test('running clocks: seats with a due time, not overdue, of active matches with a deadline', async () => {
    const due = new Date(Date.UTC(2032, 0, 1));
    const running = newMatch({ moveDeadlineMs: 1000 });
    const waiting = newMatch({ moveDeadlineMs: 1000 });
    const none = newMatch();
    for (const m of [running, waiting, none]) await store.createMatch(m);
    await store.update(running.id, { match: { status: 'active' }, seats: { a: { dueAt: due }, b: { dueAt: due, overdueAt: due } } });
    await store.update(waiting.id, { seats: { a: { dueAt: due } } });
    await store.update(none.id, { match: { status: 'active' }, seats: { a: { dueAt: due } } });
    const clocks = (await store.runningClocks()).filter((c) => [running.id, waiting.id, none.id].includes(c.matchId));
    expect(clocks).toEqual([{ matchId: running.id, side: 'a', dueAt: due, remindedAt: null, moveDeadlineMs: 1000 }]);
  });

  test("chat: a message is numbered in its match's channel (1, 2, …), so no reader counts another channel's messages in the gaps; a channel reads after a number, at most a limit", async () => {
    const m = newMatch();
    const other = newMatch();
    await store.createMatch(m);
    await store.createMatch(other);
    const sent: ChatRecord[] = [];
    for (const [match, channel, text] of [
      [m, 'players', 'p1'],
      [m, 'spectators', 's1'],
      [other, 'players', 'o1'],
      [m, 'players', 'p2'],
      [m, 'spectators', 's2'],
      [m, 'players', 'p3'],
    ] as const) {
      sent.push(await store.addChat({ matchId: match.id, channel, sender: channel === 'players' ? 'a' : 'spectator', name: null, text }));
    }
    expect(sent.map((s) => `${s.text}:${s.id}`)).toEqual(['p1:1', 's1:1', 'o1:1', 'p2:2', 's2:2', 'p3:3']);
    expect(sent[0]!.createdAt).toBeInstanceOf(Date);
    const players = await store.listChat(m.id, 'players', 0, 10);
    expect(players.map((c) => c.text)).toEqual(['p1', 'p2', 'p3']);
    expect(players.map((c) => c.id)).toEqual([1, 2, 3]);
    expect((await store.listChat(m.id, 'players', 1, 1)).map((c) => c.text)).toEqual(['p2']);
    expect((await store.listChat(m.id, 'spectators', 0, 10)).map((c) => c.text)).toEqual(['s1', 's2']);
    await expect(store.addChat({ matchId: 'no-such-match', channel: 'players', sender: 'a', name: null, text: 'x' })).rejects.toThrow();
    // Posts to one channel at once each take a number of their own.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.addChat({ matchId: other.id, channel: 'spectators', sender: 'spectator', name: null, text: `b${i}` })),
    );
    expect(burst.map((c) => c.id).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('listing: filtered, newest first by creation or by last change, with a count', async () => {
    const game = 'list-' + nanoid(6);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const m = newMatch({ game, listed: i !== 1, createdAt: new Date(Date.UTC(2099, 0, 1 + i)) });
      await store.createMatch(m);
      made.push(m.id);
    }
    await new Promise((r) => setTimeout(r, 5));
    await store.update(made[0]!, { match: { status: 'active' } });
    const mine = (l: { id: string }[]) => l.filter((x) => made.includes(x.id)).map((x) => x.id);
    expect(mine(await store.listMatches({ order: 'created', limit: 1000 }))).toEqual([made[2], made[1], made[0]]);
    expect(mine(await store.listMatches({ order: 'updated', limit: 1000 }))[0]).toBe(made[0]);
    expect(mine(await store.listMatches({ status: 'waiting', listed: true, order: 'created', limit: 1000 }))).toEqual([made[2]]);
    const one = (await store.listMatches({ order: 'created', limit: 1000 })).find((x) => x.id === made[2])!;
    expect(one).toMatchObject({ game, status: 'waiting', seq: 0, listed: true, moveDeadlineMs: null, endedAt: null });
    expect(one.seats.map((s) => s.side)).toEqual(['a', 'b', 'spectator']);
    expect(Object.keys(one)).not.toContain('seed');
    const all = await store.countMatches({});
    expect(all).toBeGreaterThanOrEqual(3);
    expect(await store.countMatches({ status: 'active' })).toBeGreaterThanOrEqual(1);
    // The three are the newest by creation (2099): a page of two after the first.
    expect((await store.listMatches({ order: 'created', limit: 2, offset: 1 })).map((x) => x.id)).toEqual([made[1], made[0]]);
  });

  test('an import stores its rows with their times, and the match takes the last seq', async () => {
    const at = new Date(Date.UTC(2025, 1, 2, 3, 4, 5, 6));
    const m = newMatch({
      status: 'finished',
      rows: [row(1, { createdAt: at } as never), row(2)],
      result: { winner: 'a', text: 'done' },
      snapshots: [
        { seq: 0, state: { game: 0, dice: [], tags: [] } },
        { seq: 2, state: { game: 2, dice: [], tags: [] } },
      ],
    });
    await store.createMatch(m);
    expect((await store.readMatch(m.id))!).toMatchObject({ seq: 2, status: 'finished', result: { winner: 'a', text: 'done' } });
    const rows = await store.readRows(m.id, 2, { rolls: true });
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(rows[0]!.createdAt).toEqual(at);
    expect((await store.snapshotAtOrBefore(m.id, 2))!.state).toEqual({ game: 2, dice: [], tags: [] });
  });

  test('values are copies: changing what went in or came out changes nothing stored', async () => {
    const m = newMatch();
    await store.createMatch(m);
    const r = row(1);
    await store.append(m.id, r);
    (r.payload as { n: number }).n = 99;
    (m.options as { size: number }).size = 99;
    const read = (await store.readRows(m.id, 1))[0]!;
    (read.payload as { n: number }).n = 77;
    const snap = (await store.snapshotAtOrBefore(m.id, 0))!;
    (snap.state.game as { round: number }).round = 55;
    expect((await store.readRows(m.id, 1))[0]!.payload).toEqual({ type: 'pick', n: 1 });
    expect((await store.readMatch(m.id))!.options).toEqual({ size: 3 });
    expect((await store.snapshotAtOrBefore(m.id, 0))!.state.game).toEqual({ round: 1 });
  });

  test('JSON as PostgreSQL keeps it: jsonb columns reorder keys (shorter first), the snapshot keeps the order written', async () => {
    const m = newMatch({ options: { zebra: 1, a: 2, mm: 3, ab: 4 }, snapshots: [{ seq: 0, state: { game: { zebra: 1, a: 2, mm: 3 }, dice: [], tags: [] } }] });
    await store.createMatch(m);
    await store.append(m.id, row(1, { payload: { type: 'x', zz: { b: 1, a: 2 }, c: [{ yy: 1, x: 2 }] } }));
    expect(Object.keys((await store.readMatch(m.id))!.options as object)).toEqual(['a', 'ab', 'mm', 'zebra']);
    const payload = (await store.readRows(m.id, 1))[0]!.payload as Record<string, any>;
    expect(Object.keys(payload)).toEqual(['c', 'zz', 'type']);
    expect(Object.keys(payload.zz)).toEqual(['a', 'b']);
    expect(Object.keys(payload.c[0])).toEqual(['x', 'yy']);
    expect(Object.keys((await store.snapshotAtOrBefore(m.id, 0))!.state.game as object)).toEqual(['zebra', 'a', 'mm']);
  });

  test('text cannot hold the NUL character, as in PostgreSQL', async () => {
    const m = newMatch();
    await store.createMatch(m);
    await expect(store.addChat({ matchId: m.id, channel: 'players', sender: 'a', name: null, text: 'a\u0000b' })).rejects.toThrow();
    await expect(store.append(m.id, row(1, { payload: { type: 'a\u0000b' } }))).rejects.toThrow();
    expect(await store.readRows(m.id, 5)).toEqual([]);
  });

  test('the store answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

test('a fork of the memory store is an independent copy: writes to either do not reach the other', async () => {
  const store = new MemoryMatchStore();
  const m = newMatch();
  await store.createMatch(m);
  await store.append(m.id, row(1));
  const fork = store.fork();
  await fork.append(m.id, row(2), { match: { status: 'active' }, seats: { a: { name: 'Fork' } } });
  await store.append(m.id, row(2, { side: 'b' }));
  expect((await fork.readRows(m.id, 9)).map((r) => r.side)).toEqual(['a', 'a']);
  expect((await store.readRows(m.id, 9)).map((r) => r.side)).toEqual(['a', 'b']);
  expect((await store.readMatch(m.id))!).toMatchObject({ status: 'waiting' });
  expect((await store.readMatch(m.id))!.seats.find((s) => s.side === 'a')!.name).toBeNull();
  expect((await fork.readMatch(m.id))!.seats.find((s) => s.side === 'a')!.name).toBe('Fork');
});

test("the pool's reads (a cold match's rebuild and authentication) give what Prisma Client reads of the same database", async () => {
  const db = await testDatabase();
  const pool = new Pool({ connectionString: db.url });
  const prisma: PrismaClient = createPrisma(db.url, pool);
  try {
    const pooled = new PrismaMatchStore(prisma, pool);
    const plain = new PrismaMatchStore(prisma);
    const m = newMatch({ moveDeadlineMs: 60_000, options: { size: 3, z: { b: 1, a: [2, { y: 1, x: null }] } } });
    await pooled.createMatch(m);
    const t = (ms: number) => new Date(Date.UTC(2031, 5, 6, 7, 8, 9, ms));
    await pooled.append(m.id, row(1, { log: [{ to: 'public', text: 'é ✓ "q"', data: { b: 2, a: [1.5, -3, true] } }] }), {
      match: { status: 'active', clockPausedAt: t(1), clockPauseBy: 'a' },
      seats: { a: { name: 'Ann', notify: { email: 'a@example.org' }, claimedAt: t(2), dueAt: t(3) }, b: { commitment: 'c'.repeat(64), bankMs: 5, bankDueAt: t(4) } },
    });
    await pooled.append(m.id, row(2, { private: true, reveals: false, side: 'b' }), { snapshot: { seq: 2, state: { game: { z: 1, a: 2 }, dice: [1], tags: [2] } } });
    await pooled.append(m.id, row(3, { unshared: true, kind: 'undo', payload: { seq: 2 } }));
    expect(await pooled.readMatch(m.id)).toEqual(await plain.readMatch(m.id));
    expect(await pooled.readMatch('no-such-match')).toBeNull();
    for (const opts of [{}, { rolls: true }, { after: 1 }, { after: 1, rolls: true }]) {
      const rows = await pooled.readRows(m.id, 3, opts);
      expect(rows).toEqual(await plain.readRows(m.id, 3, opts));
      expect(rows.length).toBe(opts.after ? 2 : 3);
    }
    expect(await pooled.readRows(m.id, 2)).toEqual(await plain.readRows(m.id, 2));
    for (const seq of [0, 1, 2, 3]) expect(await pooled.snapshotAtOrBefore(m.id, seq)).toEqual(await plain.snapshotAtOrBefore(m.id, seq));
    // The snapshot's keys as written (json, not jsonb).
    expect(Object.keys((await pooled.snapshotAtOrBefore(m.id, 3))!.state.game as object)).toEqual(['z', 'a']);
    expect(await pooled.seatByToken(m.seats[1]!.tokenHash)).toEqual(await plain.seatByToken(m.seats[1]!.tokenHash));
    expect(await pooled.seatByToken('no-such-hash')).toBeNull();
    expect([await pooled.hasMatch(m.id), await pooled.hasMatch('no-such-match')]).toEqual([true, false]);
  } finally {
    await prisma.$disconnect();
    await pool.end();
    await db.drop();
  }
});
