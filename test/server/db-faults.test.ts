/**
 * The database going away under a running server (issue 39), with bots playing over sockets:
 * the embedded PostgreSQL killed with -9 (the server starts it again), and a PostgreSQL the
 * server does not own stopped for a while (DB_FAULT_STOP_MS, 30 s by default) and hung with
 * SIGSTOP. Each time /readyz turns 503 within seconds, an action answers 503 `db-unavailable`
 * with Retry-After (a socket's ack says `retryable`) and changes nothing, the server recovers by
 * itself once the database answers, play goes on, and every acknowledged action is stored.
 * The times (readiness lost, regained) are printed.
 */
import { readFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plausibleBot } from '../../src/games/ssj/bot';
import { playOverSockets, type Seated, type SocketPlay } from '../support/bots';
import { freePort } from '../support/ports';
import { holdPostgres } from '../support/held-postgres';
import { readyTurns, startServer, stopWith, waitFor, type ServerProcess } from '../support/process';

const ADMIN = 'admin-token-for-the-db-faults-test';
const STOP_MS = Number(process.env.DB_FAULT_STOP_MS ?? 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newMatches(url: string, n: number): Promise<Seated[]> {
  const out: Seated[] = [];
  for (let i = 0; i < n; i++) {
    const m: any = await (await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })).json();
    out.push({ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } });
  }
  return out;
}

async function until(play: SocketPlay, n: number, ms: number): Promise<void> {
  const t0 = Date.now();
  while (play.total() < n && Date.now() - t0 < ms) await sleep(50);
}

/** While the database is away: a new match is refused 503 db-unavailable with Retry-After, and nothing is made. */
async function refusedWhileAway(url: string): Promise<void> {
  const r = await fetch(`${url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'ssj' }),
    signal: AbortSignal.timeout(30_000),
  });
  expect(r.status).toBe(503);
  expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  const body: any = await r.json();
  expect(body.error.code).toBe('db-unavailable');
  expect(JSON.stringify(body)).not.toMatch(/\bundefined\b/);
}

/** Every acknowledged action is stored (at most one in flight per side more). */
async function everyAckStored(url: string, matches: Seated[], play: SocketPlay): Promise<void> {
  const list: any[] = await (await fetch(`${url}/api/admin/matches?limit=500`, { headers: { authorization: `Bearer ${ADMIN}` } })).json().then((b: any) => b.matches ?? b);
  for (const m of matches) {
    const row = list.find((x) => x.id === m.id);
    const acked = play.acked.get(m.id)!;
    expect({ id: m.id, atLeast: row.seq >= acked, atMost: row.seq <= acked + 2 }).toEqual({ id: m.id, atLeast: true, atMost: true });
  }
}

const baseEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_TOKEN: ADMIN,
  RATE_LIMIT_ADDRESS_MAX: '1000000',
  RATE_LIMIT_TOKEN_MAX: '1000000',
  DB_CONNECT_TIMEOUT_MS: '2000',
  DB_QUERY_TIMEOUT_MS: '3000',
  BOT_THINK_MS: '0',
});

test('the embedded PostgreSQL killed with -9 mid-play: readiness drops, actions answer 503 db-unavailable, the server starts its database again and play goes on with every acknowledged action kept', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-dbkill-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ServerProcess | null = null;
  try {
    server = startServer({ ...baseEnv(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    await waitFor(`${url}/readyz`, server);
    const matches = await newMatches(url, 3);
    const play = playOverSockets(url, matches, (id, side) => plausibleBot(`dbkill-${id}-${side}`));
    await until(play, 40, 20_000);
    const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ackedAtKill = play.total();
    process.kill(postmaster, 'SIGKILL');
    const drop = await readyTurns(url, 503, 10_000);
    await refusedWhileAway(url).catch(() => undefined); // it may already be back: the restart is quick
    const back = await readyTurns(url, 200, 60_000);
    expect(server.output()).toContain('starting it again');
    await until(play, ackedAtKill + 40, 30_000);
    expect(play.total()).toBeGreaterThanOrEqual(ackedAtKill + 40);
    play.stop();
    await sleep(500);
    await everyAckStored(url, matches, play);
    console.log(
      `embedded PostgreSQL kill -9: readiness 503 after ${drop} ms, 200 again ${back} ms later; ${play.total()} actions acknowledged, refused ${JSON.stringify(play.refused)}, 0 lost`,
    );
    expect((await stopWith(server)).code).toBe(0);
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopWith(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);

/** The pids of a cluster: its postmaster and every process whose parent it is. */
function clusterPids(postmaster: number): number[] {
  const kids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...kids];
}

test(`a PostgreSQL the server does not own, stopped for ${STOP_MS} ms and then hung with SIGSTOP: 503 within seconds each time, recovery by itself, every acknowledged action kept`, async () => {
  const pgDir = mkdtempSync(join(tmpdir(), 'ironbottom-extpg-'));
  const pgPort = await freePort();
  const open = () => holdPostgres(pgDir, pgPort);
  let db = await open();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ServerProcess | null = null;
  try {
    server = startServer({ ...baseEnv(port), DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'ironbottom-extpg-srv-')) });
    await waitFor(`${url}/readyz`, server);
    const matches = await newMatches(url, 3);
    const play = playOverSockets(url, matches, (id, side) => plausibleBot(`extpg-${id}-${side}`));
    await until(play, 40, 20_000);

    // Stopped (a restart, a failover's gap).
    let acked = play.total();
    await db.stop();
    const stopDrop = await readyTurns(url, 503, 10_000);
    await refusedWhileAway(url);
    await sleep(Math.max(0, STOP_MS - stopDrop));
    const stillAcked = play.total();
    db = await open();
    const stopBack = await readyTurns(url, 200, 60_000);
    await until(play, acked + 30, 30_000);
    expect(play.total()).toBeGreaterThanOrEqual(acked + 30);
    console.log(
      `external PostgreSQL stopped ${STOP_MS} ms: readiness 503 after ${stopDrop} ms, 200 again ${stopBack} ms after it started; ${stillAcked - acked} actions acknowledged while it was stopped (those in flight at the stop)`,
    );

    // Hung: every process of the cluster stopped (SIGSTOP), then let go (SIGCONT).
    acked = play.total();
    const postmaster = Number(readFileSync(join(pgDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = clusterPids(postmaster);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let hangDrop = -1;
    try {
      hangDrop = await readyTurns(url, 503, 10_000);
      await refusedWhileAway(url);
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    const hangBack = await readyTurns(url, 200, 60_000);
    await until(play, acked + 30, 30_000);
    expect(play.total()).toBeGreaterThanOrEqual(acked + 30);
    play.stop();
    await sleep(500);
    await everyAckStored(url, matches, play);
    console.log(
      `external PostgreSQL hung (SIGSTOP): readiness 503 after ${hangDrop} ms, 200 again ${hangBack} ms after SIGCONT; ${play.total()} actions acknowledged in all, refused ${JSON.stringify(play.refused)}, 0 lost`,
    );
    expect((await stopWith(server)).code).toBe(0);
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopWith(server, 'SIGKILL');
    await db.stop();
    rmSync(pgDir, { recursive: true, force: true });
  }
}, 300_000);
