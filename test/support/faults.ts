/**
 * Faults at seeded moments under a bot load (issue 39): bots play several matches over sockets
 * against a real server process that owns its database (the embedded PostgreSQL); at each
 * moment one fault — the server killed with SIGKILL and started again, its PostgreSQL killed
 * with SIGKILL (the server starts it again), the bots' sockets cut, or every connection of the
 * server to its database cut (pg_terminate_backend). Then each match is resigned, its file
 * fetched and verified (`npm run verify`: replayed from its seed), every acknowledged action is
 * checked present (the stored seq is at least the acknowledged count; the (match, seq) key
 * makes each present once), and every notice the outbox owes is checked delivered
 * (`notice_deliveries`) and taken by the webhook sink, counting keys taken more than once and
 * what came between the two takes.
 *
 * Used by `npm run faults:kill` (scripts/kill-moments.ts) and test/server/faults.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { Client } from 'pg';
import { plausibleBot } from '../../src/games/ssj/bot';
import { playOverSockets, type Seated, type SocketPlay } from './bots';
import { ownServer, ROOT, waitFor, type OwnServer, type ServerProcess } from './process';

export type Fault = 'server-kill' | 'db-kill' | 'socket-cut' | 'db-cut';

/** The schedule `npm run faults:kill` has always used: every fifth moment a cut (every tenth the database's), every third a database kill, else a server kill. */
export function mixed(k: number): Fault {
  if (k % 10 === 0) return 'db-cut';
  if (k % 5 === 0) return 'socket-cut';
  if (k % 3 === 0) return 'db-kill';
  return 'server-kill';
}

export interface FaultRunOptions {
  moments: number;
  seed: number;
  matches: number;
  /** The fault at moment k (1-based). */
  schedule?: (k: number) => Fault;
  /** The load between two moments: [least, most] ms, drawn from the seed. */
  pauseMs?: [number, number];
  /** How long, at most, to wait for the owed notices once play has stopped (ms). */
  settleMs?: number;
  progress?: (k: number, fault: Fault) => void;
  /** Checked before each moment: true stops the faults there (the checks run on the moments done). */
  enough?: () => boolean;
}

export interface FaultReport {
  moments: number;
  serverKills: number;
  dbKills: number;
  socketCuts: number;
  dbCuts: number;
  matches: number;
  actionsAcknowledged: number;
  actionsLost: number;
  matchesVerified: number;
  noticesOwed: number;
  noticesUndelivered: number;
  /** Owed notices the webhook took exactly once. */
  noticesTakenOnce: number;
  /** Keys the webhook took more than once, by what came between the first take and the next: a server kill, a database fault (kill or cut), or neither (a retry after the send's answer was not seen in time). */
  noticesTakenTwice: { afterServerKill: number; afterDatabaseFault: number; otherwise: number };
  failures: string[];
}

/** A seeded generator (mulberry32): the same seed, the same moments. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The webhook sink's thread: answers 204 at once and posts each take (its key and time) to the test; its first message is its port. */
const WEBHOOK_SINK = `
const { parentPort } = require('node:worker_threads');
const server = require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    parentPort.postMessage({ key: String(req.headers['idempotency-key']), at: Date.now() });
    res.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client of the run's own (the check, a cut) connected to `dbUrl`, tried again while the database is away (up to 90 s). */
async function connected(dbUrl: string, name: string): Promise<Client> {
  for (const t0 = Date.now(); ;) {
    const c = new Client({ connectionString: dbUrl, application_name: name });
    try {
      await c.connect();
      return c;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() - t0 > 90_000) throw e;
      await sleep(200);
    }
  }
}

/** Resolves once a PostgreSQL other than `killed` runs in the server's data folder (the server started it again). */
async function restarted(own: OwnServer, killed: number, server: ServerProcess): Promise<void> {
  for (const t0 = Date.now(); ;) {
    let pid = killed;
    try {
      pid = own.postmaster();
    } catch {
      /* between two: no postmaster.pid */
    }
    if (pid !== killed) return;
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server exited after its database was killed:\n${server.output()}`);
    if (Date.now() - t0 > 90_000) throw new Error(`the server did not start its PostgreSQL again within 90 s:\n${server.output()}`);
    await sleep(100);
  }
}
const ADMIN = 'fault-run-admin-token';

export async function runFaults(opts: FaultRunOptions): Promise<FaultReport> {
  const rand = seeded(opts.seed);
  if (process.env.FAULT_KEEP) mkdirSync(process.env.FAULT_KEEP, { recursive: true });
  const schedule = opts.schedule ?? mixed;
  const [least, most] = opts.pauseMs ?? [300, 2800];
  // The webhook, on a thread of its own (the bots' play keeps this one busy for seconds under
  // load, and a sink that answers late is a sender's timeout and a retry, not a fault): every
  // take of each Idempotency-Key, with its time.
  const takes = new Map<string, number[]>();
  const hook = new Worker(WEBHOOK_SINK, { eval: true });
  hook.on('message', (m: { key?: string; at: number }) => void (m.key !== undefined && takes.set(m.key, [...(takes.get(m.key) ?? []), m.at])));
  const hookPort = await new Promise<number>((resolve, reject) => {
    hook.once('message', (m: { port: number }) => resolve(m.port));
    hook.once('error', reject);
  });
  const hookUrl = `http://127.0.0.1:${hookPort}/hook`;
  const own = await ownServer('faults', {
    ADMIN_TOKEN: ADMIN,
    RATE_LIMIT_ADDRESS_MAX: '1000000',
    RATE_LIMIT_TOKEN_MAX: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NOTIFY_AWAY_GRACE_MS: '0',
    JOBS_POLL_MS: '500',
    JOBS_MAINTENANCE_S: '5',
    // FAULT_LOG_LEVEL=info: the servers' start-up steps in FAULT_KEEP's logs (a start that hangs says where).
    LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'warn',
  });
  const { url } = own;
  const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${own.pgPort}/ironbottom`;
  const faults: { at: number; fault: Fault }[] = [];
  const acked = new Map<string, number>();
  const counts = { serverKills: 0, dbKills: 0, socketCuts: 0, dbCuts: 0 };
  const matches: Seated[] = [];
  let play: SocketPlay | null = null;
  const bots = () => {
    play = playOverSockets(url, matches, (id, side) => plausibleBot(`faults-${id}-${side}-${counts.serverKills}-${counts.socketCuts}`));
  };
  const stopBots = () => {
    if (!play) return;
    for (const [id, n] of play.acked) acked.set(id, (acked.get(id) ?? 0) + n);
    play.stop();
    play = null;
  };
  const post = (path: string, body: unknown, token?: string) =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  try {
    let server: ServerProcess = await own.start();
    for (let i = 0; i < opts.matches; i++) {
      const m: any = await (await post('/api/matches', { game: 'ssj' })).json();
      for (const side of ['allied', 'japanese'])
        await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hookUrl}?m=${m.id}&s=${side}`, when: { webhook: 'always' } } }, m.seats[side].token);
      matches.push({ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } });
    }
    bots();
    let done = 0;
    for (let k = 1; k <= opts.moments && !opts.enough?.(); k++, done++) {
      await sleep(least + Math.floor(rand() * (most - least)));
      const fault = schedule(k);
      faults.push({ at: Date.now(), fault });
      if (fault === 'socket-cut') {
        stopBots();
        counts.socketCuts++;
        bots();
      } else if (fault === 'db-cut') {
        // Every connection of the server's to its database, cut from the database's side.
        const admin = await connected(dbUrl, 'fault-run');
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND datname = 'ironbottom'`);
        await admin.end();
        counts.dbCuts++;
        await waitFor(`${url}/readyz`, server, 90_000);
      } else if (fault === 'db-kill') {
        const killed = own.postmaster();
        process.kill(killed, 'SIGKILL');
        counts.dbKills++;
        // Ready again means the server has started a new PostgreSQL: a /readyz that answers 200 before
        // the server has seen its database die (a moment later) is not that, and the next moment's
        // connection would meet no database at all (the rerun's ECONNREFUSED, issue 39).
        await restarted(own, killed, server);
        await waitFor(`${url}/readyz`, server, 90_000);
      } else {
        server.child.kill('SIGKILL');
        await server.exited;
        stopBots();
        counts.serverKills++;
        server = await own.start();
        bots();
      }
      opts.progress?.(k, fault);
    }
    await sleep(2000);
    stopBots();

    // Every match ends (a resignation), so that its file, with the seed, can be verified.
    let verified = 0;
    let lost = 0;
    const failures: string[] = [];
    const list: any[] = await (await fetch(`${url}/api/admin/matches?limit=500`, { headers: { authorization: `Bearer ${ADMIN}` } })).json().then((b: any) => b.matches ?? b);
    for (const m of matches) {
      const stored = list.find((x) => x.id === m.id)?.seq ?? -1;
      if (stored < (acked.get(m.id) ?? 0)) {
        lost += (acked.get(m.id) ?? 0) - stored;
        failures.push(`${m.id}: ${acked.get(m.id)} acknowledged, ${stored} stored`);
      }
      // A 503 (the database a moment away) changes nothing and says so: asked again.
      for (let i = 0; i < 60 && (await post(`/api/matches/${m.id}/resign`, {}, m.seats.allied)).status === 503; i++) await sleep(500);
      const file = await (await fetch(`${url}/api/matches/${m.id}/file`, { headers: { authorization: `Bearer ${m.seats.allied}` } })).text();
      const path = join(own.dataDir, `${m.id}.json`);
      writeFileSync(path, file);
      const v = spawnSync(process.execPath, ['-r', 'tsx/cjs', join(ROOT, 'src/cli/verify.ts'), path], { cwd: ROOT, encoding: 'utf8' });
      if (v.status === 0) verified++;
      else {
        const problems = (v.stdout + v.stderr).split('\n').filter((l) => /NOT VERIFIED|^\s+- /.test(l));
        failures.push(`${m.id}: verify failed: ${problems.join(' ').slice(0, 600)}`);
        if (process.env.FAULT_KEEP) copyFileSync(path, join(process.env.FAULT_KEEP, `${m.id}.json`));
      }
    }

    // Owed notices: every notice job the outbox holds is delivered (marked, and taken by the webhook).
    const t0 = Date.now();
    const db = await connected(dbUrl, 'fault-run-check');
    let owed: string[] = [];
    let undelivered: string[] = [];
    for (;;) {
      owed = (await db.query(`SELECT "key" FROM "outbox" WHERE "queue" = 'notices'`)).rows.map((r) => r.key);
      const done = new Set((await db.query('SELECT "key" FROM "notice_deliveries"')).rows.map((r) => r.key));
      undelivered = owed.filter((k) => !done.has(k) || !takes.has(k));
      if (undelivered.length === 0 || Date.now() - t0 > (opts.settleMs ?? 120_000)) break;
      await sleep(1000);
    }
    // What the queue holds of each undelivered notice (its state, tries, last error): the failure says where it stopped.
    const where = new Map<string, string>();
    if (undelivered.length > 0) {
      const q = await db.query(
        `SELECT singleton_key AS key, state, retry_count, output FROM pgboss.job WHERE singleton_key = ANY($1) UNION ALL SELECT singleton_key, state, retry_count, output FROM pgboss.archive WHERE singleton_key = ANY($1)`,
        [undelivered],
      );
      for (const r of q.rows) where.set(r.key, `${r.state} after ${r.retry_count} retries${r.output ? ` (${JSON.stringify(r.output).slice(0, 120)})` : ''}`);
      const relayed = await db.query(`SELECT "key", "relayed_at" FROM "outbox" WHERE "key" = ANY($1)`, [undelivered]);
      for (const r of relayed.rows) if (!where.has(r.key)) where.set(r.key, r.relayed_at ? 'relayed, not in the queue' : 'not relayed');
    }
    await db.end();
    // A moment's retry may still come: a little longer for doubles to show.
    await sleep(3000);
    for (const k of undelivered) failures.push(`notice ${k} owed and not delivered: ${where.get(k) ?? 'nowhere'}`);
    const twice = { afterServerKill: 0, afterDatabaseFault: 0, otherwise: 0 };
    for (const [key, at] of takes) {
      if (at.length < 2) continue;
      const between = faults.filter((f) => f.at > at[0]! && f.at < at[at.length - 1]!).map((f) => f.fault);
      if (between.includes('server-kill')) twice.afterServerKill++;
      else if (between.includes('db-kill') || between.includes('db-cut')) twice.afterDatabaseFault++;
      else twice.otherwise++;
      failures.push(`notice ${key} taken ${at.length} times${between.length ? ` (${between.join(', ')} between)` : ''}`);
    }
    return {
      moments: done,
      ...counts,
      matches: matches.length,
      actionsAcknowledged: [...acked.values()].reduce((a, b) => a + b, 0),
      actionsLost: lost,
      matchesVerified: verified,
      noticesOwed: owed.length,
      noticesUndelivered: undelivered.length,
      noticesTakenOnce: owed.filter((k) => takes.get(k)?.length === 1).length,
      noticesTakenTwice: twice,
      failures,
    };
  } finally {
    stopBots();
    // FAULT_KEEP=<folder>: each server process's output and the files that did not verify are kept there.
    if (process.env.FAULT_KEEP) {
      own.procs.forEach((p, i) => writeFileSync(join(process.env.FAULT_KEEP!, `server-${i + 1}.log`), p.output()));
    }
    await own.close();
    await hook.terminate();
  }
}
