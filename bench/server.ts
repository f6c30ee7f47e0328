/**
 * npm run bench:server — the hot path end to end: a real server process (its own embedded
 * PostgreSQL in a temporary folder, or DATABASE_URL) on loopback, M matches of Sky, Sea,
 * and JUNGLE played at once by bots over socket.io, each action acknowledged only after
 * its row is committed. Prints actions per second, acknowledgement latency (mean, p99)
 * and the server's peak memory. Bounded: stops after N actions or T seconds.
 * Usage: npm run bench:server -- [matches=8] [actions=3000] [seconds=60]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { plausibleBot } from '../src/games/ssj/bot';
import { newCommit } from '../test/support/bots';
import { freePort } from '../test/support/ports';

const MATCHES = Number(process.argv[2] ?? 8);
const MAX_ACTIONS = Number(process.argv[3] ?? 3000);
const SECONDS = Number(process.argv[4] ?? 60);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    // The bench is one address and a few tokens sending as fast as they can: lift the limits.
    RATE_LIMIT_ADDRESS_MAX: '100000000',
    RATE_LIMIT_TOKEN_MAX: '100000000',
  };
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []), '-r', 'tsx/cjs', 'src/server/main.ts'],
    { cwd: join(__dirname, '..'), env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const latencies: number[] = [];
    let actions = 0;
    let errors = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const sockets: Socket[] = [];
    const t0 = performance.now();
    const finished = await Promise.all(
      Array.from({ length: MATCHES }, async (_, m) => {
        const created: any = await (
          await fetch(`${base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })
        ).json();
        return new Promise<void>((resolve) => {
          for (const side of ['allied', 'japanese'] as const) {
            const bot = plausibleBot(`bench-${m}-${side}`);
            // Each bot takes its seat with a dice value of its own (docs/fairness.md).
            const socket = io(base, { auth: { token: created.seats[side].token, ...newCommit() }, transports: ['websocket'], reconnection: false, forceNew: true });
            sockets.push(socket);
            let busy = false;
            let latest: { seq: number; prompt: unknown; view: unknown; status: string } | null = null;
            const act = () => {
              if (busy || !latest || !latest.prompt || latest.status === 'finished') return;
              if (actions >= MAX_ACTIONS || performance.now() > deadline) return resolve();
              busy = true;
              const body = latest;
              const action = bot.choose({ side, view: body.view, prompt: body.prompt as never });
              const sent = performance.now();
              socket.emit('action', { seq: body.seq, action }, (ack: { ok: boolean }) => {
                latencies.push(performance.now() - sent);
                if (ack.ok) actions++;
                else errors++;
                busy = false;
                act();
              });
            };
            socket.on('state', (b) => {
              if (b.status === 'finished') return resolve();
              latest = b;
              act();
            });
          }
        });
      }),
    );
    void finished;
    const seconds = (performance.now() - t0) / 1000;
    for (const s of sockets) s.disconnect();
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    console.log(`Server hot path: ${MATCHES} SSJ matches at once, plausible bots over socket.io, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'} PostgreSQL`);
    console.log(`  actions accepted: ${actions} in ${seconds.toFixed(1)} s → ${(actions / seconds).toFixed(0)} actions/s (${errors} refused)`);
    console.log(`  acknowledgement latency: mean ${mean.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    console.log(`  server peak memory (VmHWM of the node process): ${hwm ? (Number(hwm) / 1024).toFixed(0) : '?'} MiB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
