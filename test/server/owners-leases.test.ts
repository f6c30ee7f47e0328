/**
 * Match leases (issue #43, src/server/owners.ts and src/store/lease-store.ts) on the external
 * PostgreSQL: the table keeps the live matches' leases only — a process gives up its leases of
 * ended matches it no longer holds in memory, keeps those of live matches and of ended ones it
 * still holds — and a match let go is taken anew by the next process that uses it.
 */
import pino from 'pino';
import { Client } from 'pg';
import { Owners } from '../../src/server/owners';
import { LeaseStore } from '../../src/store/lease-store';
import type { MatchService } from '../../src/matches/service';
import { testDatabase } from '../support/db';

let db: { url: string; drop(): Promise<void> };
let sql: Client;
const stores: LeaseStore[] = [];
const owners: Owners[] = [];

beforeAll(async () => {
  db = await testDatabase();
  sql = new Client({ connectionString: db.url });
  await sql.connect();
});
afterAll(async () => {
  for (const o of owners) await o.stop();
  await sql.end();
  await db.drop();
});

async function match(id: string, status: string): Promise<void> {
  await sql.query(`INSERT INTO matches (id, game, options, seed, seed_hash, status, updated_at) VALUES ($1, 'fog-duel', '{}', 's', 'h', $2, now())`, [id, status]);
}

/** A process: its leases in the test database, holding in memory the matches `held` names. */
async function process(held: Set<string>): Promise<Owners> {
  const store = new LeaseStore(db.url, pino({ level: 'silent' }));
  stores.push(store);
  const service = { matches: { holds: (id: string) => held.has(id) }, forget: () => undefined } as unknown as MatchService;
  const o = new Owners(store, service, pino({ level: 'silent' }));
  owners.push(o);
  await o.start('http://127.0.0.1:1');
  return o;
}

const leases = async () => (await sql.query<{ match_id: string; owner: string }>('SELECT match_id, owner FROM match_leases ORDER BY match_id')).rows;

test('a process gives up its leases of ended matches it no longer holds, and keeps the live ones and those it holds; one let go is taken anew on its next use', async () => {
  await match('m-live', 'active');
  await match('m-finished', 'finished');
  await match('m-abandoned', 'abandoned');
  await match('m-held', 'finished');
  const p = await process(new Set(['m-held']));
  for (const id of ['m-live', 'm-finished', 'm-abandoned', 'm-held']) expect(await p.adopt(id)).toBe(true);

  expect((await p.sweep()).sort()).toEqual(['m-abandoned', 'm-finished']);
  expect(await leases()).toEqual([
    { match_id: 'm-held', owner: p.self.id },
    { match_id: 'm-live', owner: p.self.id },
  ]);
  expect(p.ownsNow('m-finished')).toBe(false);

  // Another process that uses a match let go takes its lease (nobody holds it).
  const q = await process(new Set());
  expect(await q.owner('m-finished')).toBeNull();
  expect((await leases()).find((l) => l.match_id === 'm-finished')?.owner).toBe(q.self.id);
  // One still held stays its owner's: the other is sent there.
  expect((await q.owner('m-held'))?.id).toBe(p.self.id);
});
