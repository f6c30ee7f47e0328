/**
 * The server's own database connections in trouble (issue 39 item 2), against a real server
 * process and its embedded PostgreSQL:
 * - the pool exhausted: another session holds a lock every request of the server waits for,
 *   so each connection of the pool is taken by a statement that does not end, and more
 *   requests come than the pool has connections. /readyz turns 503 within seconds; each
 *   request answers 503 `db-unavailable` with Retry-After within the pool's bounded waits, and
 *   none of them changes anything — not even once the lock is gone (a statement the server
 *   gave up on is cancelled by the database, not left to commit behind its 503); then the
 *   server is ready again by itself.
 * - its connections cut from the database's side (pg_terminate_backend), again and again
 *   under a bot load: play goes on by itself, every acknowledged action is stored.
 * The times are printed.
 */
import { Client } from 'pg';
import { plausibleBot } from '../../src/games/ssj/bot';
import { playOverSockets, type Seated } from '../support/bots';
import { ownServer, readyTurns } from '../support/process';

const ADMIN = 'admin-token-for-the-db-pool-test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const settings = {
  ADMIN_TOKEN: ADMIN,
  RATE_LIMIT_ADDRESS_MAX: '1000000',
  RATE_LIMIT_TOKEN_MAX: '1000000',
  DB_CONNECT_TIMEOUT_MS: '2000',
  DB_QUERY_TIMEOUT_MS: '3000',
  BOT_THINK_MS: '0',
};

async function adminClient(pgPort: number): Promise<Client> {
  const c = new Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/ironbottom`, application_name: 'db-pool-test' });
  await c.connect();
  return c;
}

test('the pool exhausted (every connection held by a statement that waits on a lock): readiness 503 within seconds, every request 503 db-unavailable with Retry-After changing nothing, even once the lock is gone; ready again by itself', async () => {
  // Statements held long enough (cancelled by the database after ~7 s) for readiness to find no connection.
  const own = await ownServer('dbpool', { ...settings, DB_QUERY_TIMEOUT_MS: '8000' });
  const { url } = own;
  let admin: Client | null = null;
  try {
    await own.start();
    admin = await adminClient(own.pgPort);
    const count = async () => Number((await admin!.query('SELECT count(*) AS n FROM "matches"')).rows[0].n);
    const before = await count();
    // Every read and write of the matches table waits for this session.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE "matches" IN ACCESS EXCLUSIVE MODE');
    const t0 = Date.now();
    // More requests than the pool has connections (10).
    const asked = Promise.all(
      Array.from({ length: 16 }, () =>
        fetch(`${url}/api/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'ssj' }),
          signal: AbortSignal.timeout(60_000),
        }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as any, ms: Date.now() - t0 })),
      ),
    );
    // While they wait, readiness drops (its own query finds no connection in time).
    const drop = await readyTurns(url, 503, 10_000);
    const answers = await asked;
    const slowest = Math.max(...answers.map((a) => a.ms));
    for (const a of answers) {
      expect({ status: a.status, code: a.body.error?.code, retryAfter: a.retryAfter }).toEqual({ status: 503, code: 'db-unavailable', retryAfter: expect.stringMatching(/^\d+$/) });
      expect(JSON.stringify(a.body)).not.toMatch(/\bundefined\b/);
    }
    // The lock goes: what the server abandoned must not commit now.
    await admin.query('ROLLBACK');
    const back = await readyTurns(url, 200, 30_000);
    await sleep(2_000);
    expect(await count()).toBe(before);
    // And the server serves again.
    const r = await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) });
    expect(r.status).toBe(201);
    expect(await count()).toBe(before + 1);
    console.log(
      `pool exhausted: 16 requests all 503 db-unavailable, the slowest after ${slowest} ms; readiness 503 ${drop} ms after the lock, 200 again ${back} ms after it went; 0 matches made by the refused requests`,
    );
  } finally {
    await admin?.end().catch(() => undefined);
    await own.close();
  }
}, 300_000);

test("the server's database connections cut from the database's side, five times under a bot load: play goes on by itself and every acknowledged action is stored", async () => {
  const own = await ownServer('dbcut', settings);
  const { url } = own;
  try {
    await own.start();
    const matches: Seated[] = [];
    for (let i = 0; i < 3; i++) {
      const m: any = await (await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })).json();
      matches.push({ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } });
    }
    const play = playOverSockets(url, matches, (id, side) => plausibleBot(`dbcut-${id}-${side}`));
    const until = async (n: number, ms: number) => {
      const t0 = Date.now();
      while (play.total() < n && Date.now() - t0 < ms) await sleep(20);
      return Date.now() - t0;
    };
    await until(30, 30_000);
    const resumed: number[] = [];
    let cut = 0;
    for (let i = 0; i < 5; i++) {
      const admin = await adminClient(own.pgPort);
      const r = await admin.query(
        `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND datname = 'ironbottom'`,
      );
      await admin.end();
      cut += Number(r.rows[0].n);
      const at = play.total();
      // The next acknowledged action after the cut.
      resumed.push(await until(at + 1, 30_000));
      expect(play.total()).toBeGreaterThan(at);
      await until(at + 10, 30_000);
    }
    play.stop();
    await sleep(500);
    const list: any[] = await (await fetch(`${url}/api/admin/matches?limit=500`, { headers: { authorization: `Bearer ${ADMIN}` } })).json().then((b: any) => b.matches ?? b);
    for (const m of matches) {
      const row = list.find((x) => x.id === m.id);
      const acked = play.acked.get(m.id)!;
      expect({ id: m.id, atLeast: row.seq >= acked, atMost: row.seq <= acked + 2 }).toEqual({ id: m.id, atLeast: true, atMost: true });
    }
    expect(await readyTurns(url, 200, 10_000)).toBeLessThan(10_000);
    console.log(
      `connections cut 5 times (${cut} backends terminated): the next action acknowledged ${resumed.join(', ')} ms after each cut; ${play.total()} actions acknowledged, refused ${JSON.stringify(play.refused)}, 0 lost`,
    );
  } finally {
    await own.close();
  }
}, 300_000);
