/**
 * `npm run faults:kill -- N [SEED]` (issue 39): bots play several matches over sockets against
 * a real server process; at N moments chosen from SEED the server is killed with SIGKILL (every
 * third time its embedded PostgreSQL instead, every fifth the bots' connections are cut) and
 * started again. Then each match is resigned, its file fetched and verified (`npm run verify`),
 * every acknowledged action is checked present (the stored seq is at least the acknowledged
 * count; the (match, seq) key makes each present once), and every notice the outbox owes is
 * checked delivered (`notice_deliveries`) and taken by the webhook sink once per key.
 * Prints the counts; exits 1 when any check fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { plausibleBot } from '../src/games/ssj/bot';
import { playOverSockets, type Seated, type SocketPlay } from '../test/support/bots';
import { freePort } from '../test/support/ports';
import { ROOT, startServer, stopWith, waitFor, type ServerProcess } from '../test/support/process';

const N = Number(process.argv[2] ?? 5);
let seed = Number(process.argv[3] ?? 1) >>> 0;
const MATCHES = Number(process.env.KILL_MATCHES ?? 3);
/** A seeded generator (mulberry32): the same SEED, the same moments. */
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const sink = new Map<string, number>();
  const hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      sink.set(key, (sink.get(key) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-kill-moments-'));
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = 'kill-moments-admin-token';
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: admin,
    RATE_LIMIT_ADDRESS_MAX: '1000000',
    RATE_LIMIT_TOKEN_MAX: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NOTIFY_AWAY_GRACE_MS: '0',
    JOBS_POLL_MS: '500',
    JOBS_MAINTENANCE_S: '5',
    WEBHOOK_TIMEOUT_MS: '2000',
  };
  let server: ServerProcess = startServer(env);
  const acked = new Map<string, number>();
  let play: SocketPlay | null = null;
  const counts = { serverKills: 0, dbKills: 0, cuts: 0 };
  const matches: Seated[] = [];
  const bots = () => {
    play = playOverSockets(url, matches, (id, side) => plausibleBot(`km-${id}-${side}-${counts.serverKills}`));
  };
  const stopBots = () => {
    if (!play) return;
    for (const [id, n] of play.acked) acked.set(id, (acked.get(id) ?? 0) + n);
    play.stop();
    play = null;
  };
  try {
    await waitFor(`${url}/readyz`, server);
    const post = (path: string, body: unknown, token?: string) =>
      fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    for (let i = 0; i < MATCHES; i++) {
      const m: any = await (await post('/api/matches', { game: 'ssj' })).json();
      for (const side of ['allied', 'japanese'])
        await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hookUrl}?m=${m.id}&s=${side}`, when: { webhook: 'always' } } }, m.seats[side].token);
      matches.push({ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } });
    }
    bots();
    for (let k = 1; k <= N; k++) {
      await sleep(300 + Math.floor(rand() * 2500));
      if (k % 5 === 0) {
        // A connection cut: the bots' sockets drop and come back.
        stopBots();
        counts.cuts++;
        bots();
      } else if (k % 3 === 0) {
        const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(postmaster, 'SIGKILL');
        counts.dbKills++;
        await waitFor(`${url}/readyz`, server, 90_000);
      } else {
        server.child.kill('SIGKILL');
        await server.exited;
        stopBots();
        counts.serverKills++;
        server = startServer(env);
        await waitFor(`${url}/readyz`, server, 90_000);
        bots();
      }
      process.stdout.write(`moment ${k}/${N}\r`);
    }
    await sleep(2000);
    stopBots();
    // Every match ends (a resignation), so that its file, with the seed, can be verified.
    let verified = 0;
    let lost = 0;
    const failures: string[] = [];
    const list: any[] = await (await fetch(`${url}/api/admin/matches?limit=500`, { headers: { authorization: `Bearer ${admin}` } })).json().then((b: any) => b.matches ?? b);
    for (const m of matches) {
      const stored = list.find((x) => x.id === m.id)?.seq ?? -1;
      if (stored < (acked.get(m.id) ?? 0)) {
        lost += (acked.get(m.id) ?? 0) - stored;
        failures.push(`${m.id}: ${acked.get(m.id)} acknowledged, ${stored} stored`);
      }
      await post(`/api/matches/${m.id}/resign`, {}, m.seats.allied);
      const file = await (await fetch(`${url}/api/matches/${m.id}/file`, { headers: { authorization: `Bearer ${m.seats.allied}` } })).text();
      const path = join(dataDir, `${m.id}.json`);
      writeFileSync(path, file);
      const v = spawnSync(process.execPath, ['-r', 'tsx/cjs', join(ROOT, 'src/cli/verify.ts'), path], { cwd: ROOT, encoding: 'utf8' });
      if (v.status === 0) verified++;
      else failures.push(`${m.id}: verify failed: ${(v.stdout + v.stderr).trim().slice(0, 300)}`);
    }
    // Owed notices: every notice job the outbox holds is delivered, and the sink took each key once.
    const t0 = Date.now();
    const db = new Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/ironbottom` });
    await db.connect();
    let owed: string[] = [];
    let undelivered: string[] = [];
    for (;;) {
      owed = (await db.query(`SELECT "key" FROM "outbox" WHERE "queue" = 'notices'`)).rows.map((r) => r.key);
      const done = new Set((await db.query('SELECT "key" FROM "notice_deliveries"')).rows.map((r) => r.key));
      undelivered = owed.filter((k) => !done.has(k) || !sink.has(k));
      if (undelivered.length === 0 || Date.now() - t0 > 120_000) break;
      await sleep(1000);
    }
    await db.end();
    const doubled = [...sink.values()].filter((n) => n > 1).length;
    const totalAcked = [...acked.values()].reduce((a, b) => a + b, 0);
    console.log(
      JSON.stringify({
        moments: N,
        ...counts,
        matches: matches.length,
        actionsAcknowledged: totalAcked,
        actionsLost: lost,
        matchesVerified: verified,
        noticesOwed: owed.length,
        noticesUndelivered: undelivered.length,
        noticesTakenTwiceUnderOneKey: doubled,
      }),
    );
    for (const f of failures) console.error(f);
    return lost === 0 && verified === matches.length && undelivered.length === 0 ? 0 : 1;
  } finally {
    stopBots();
    if (server.child.exitCode === null && server.child.signalCode === null) await stopWith(server);
    rmSync(dataDir, { recursive: true, force: true });
    hook.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
