/**
 * A match lives on one process (issue #43): wherever a match is created — a new match, a
 * rematch, an imported match file — the process that made it takes its lease at once (its copy
 * is the one in memory), so the other processes forward to it instead of each loading its own.
 * Two in-process servers on one database with the ordered Postgres adapter and owners.
 */
import { Client } from 'pg';
import { api, startTestServer, type TestServer } from '../support/server';

const ADMIN = 'owners-created-admin-token-0123456789';
let a: TestServer;
let b: TestServer;
let sql: Client;

beforeAll(async () => {
  a = await startTestServer({ postgresAdapter: true, owners: true, adminToken: ADMIN });
  b = await startTestServer({ postgresAdapter: true, owners: true, adminToken: ADMIN, databaseUrl: a.databaseUrl });
  sql = new Client({ connectionString: a.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await b.close();
  await a.close();
});

const ownerOf = async (matchId: string) => (await sql.query<{ owner: string }>('SELECT owner FROM match_leases WHERE match_id = $1', [matchId])).rows[0]?.owner;
const idOf = (s: TestServer) => s.built.owners!.self.id;

test('a new match, its rematch and an imported match file each take their lease on the process that made them', async () => {
  const m = (await api(a.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  expect(await ownerOf(m.id)).toBe(idOf(a));
  expect((await api(b.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.allied.token)).status).toBe(200);

  // The rematch asked through B is made there: B's lease, not A's (the owner of the match it follows).
  const r = await api(b.url, 'POST', `/api/matches/${m.id}/rematch`, {}, m.seats.japanese.token);
  expect(r.status).toBe(200);
  expect(await ownerOf(r.body.id)).toBe(idOf(b));
  // Served through either process (A forwards to B).
  const viaA = await api(a.url, 'GET', `/api/matches/${r.body.id}`, undefined, r.body.token);
  expect(viaA.status).toBe(200);
  expect(b.service.matches.holds(r.body.id)).toBe(true);
  expect(a.service.matches.holds(r.body.id)).toBe(false);

  // An imported file is made, and owned, where it was imported.
  const file = (await api(a.url, 'GET', `/api/admin/matches/${m.id}/export`, undefined, ADMIN)).body;
  const imported = await api(b.url, 'POST', '/api/admin/matches/import', file, ADMIN);
  expect(imported.status).toBe(201);
  expect(await ownerOf(imported.body.id)).toBe(idOf(b));
}, 60_000);
