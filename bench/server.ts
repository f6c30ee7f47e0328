/**
 * npm run bench:server — the hot path end to end: a real server process (its own embedded
 * PostgreSQL in a temporary folder, or DATABASE_URL) on loopback, M matches of Sky, Sea,
 * and JUNGLE played at once by bots over socket.io, each action acknowledged only after
 * its row is committed. Prints actions per second, acknowledgement latency (mean, p99),
 * the server's peak memory, and the bytes pushed per action to all audiences (both sides
 * and a spectator socket per match; median and p95): as patches (issue #13), or with
 * `full` as whole state bodies. A match that ends is followed by a new one in its place, so M
 * matches are in play throughout. Bounded: stops after N actions or T seconds.
 * BENCH_WARMUP=N (default 1000): the first N actions warm the server up (its code compiled, its
 * caches filled, as in a server that has been up a while) and are not counted; their own rate and
 * CPU are printed too (a cold server).
 * BENCH_NODE_ARGS="..." passes flags to the server process (as bench:load's).
 * The default count of actions, 2,000 per match in play (16,000 for 8), is about two whole campaigns
 * (961 actions each) in every match's place, so the figures are of whole games: a run of 3,000
 * counted only the opening third of the first campaigns (their deployments, whose prompts are the
 * largest), all eight in step.
 * Usage: npm run bench:server -- [matches=8] [actions=2000×matches] [seconds=60] [patches|full]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { plausibleBot } from '../src/games/ssj/bot';
import type { Ack, Moved } from '../src/protocol';
import { newCommit } from '../test/support/bots';
import { freePort } from '../test/support/ports';
import { buildServer, ROOT, startArgs } from './build';
import { calibrationLine, calibrationMs } from './calibrate';
import { follower } from './follow';
import { cpuMs, descendantsCpuMs, postmasterPid } from './proc';

const MATCHES = Number(process.argv[2] ?? 8);
const MAX_ACTIONS = Number(process.argv[3] ?? MATCHES * 2000);
const SECONDS = Number(process.argv[4] ?? 60);
const PATCHES = (process.argv[5] ?? 'patches') !== 'full';
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);

/** A patch that did not apply to the body a socket holds: the server broke a chain (as before, the bench stops). */
const brokenChain = (): never => {
  throw new Error('bench: a patch did not apply');
};

/** CPU per action between two readings: the server's, its PostgreSQL's, this process's. */
function cpuLine(a: { server: number; pg: number; bench: NodeJS.CpuUsage }, b: { server: number; pg: number; bench: NodeJS.CpuUsage }, actions: number): string {
  const perAct = (ms: number) => (ms / Math.max(1, actions)).toFixed(2);
  const bench = (b.bench.user - a.bench.user + b.bench.system - a.bench.system) / 1000;
  return `server ${perAct(b.server - a.server)} ms, PostgreSQL ${a.pg || b.pg ? perAct(b.pg - a.pg) : '?'} ms, this process (bots, followers) ${perAct(bench)} ms`;
}

async function main(): Promise<void> {
  buildServer();
  // Before any server or database of the bench runs: the machine as the bench found it.
  const speed0 = calibrationMs();
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
  const extra = [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []),
  ];
  const server = spawn(process.execPath, startArgs(extra), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
    let latencies: number[] = [];
    // Bytes pushed to a match's three sockets (one an audience) since its last acknowledged action: that action's pushes.
    let perAction: number[] = [];
    let actions = 0;
    let errors = 0;
    // CPU of the server, its PostgreSQL and this process (the bots and the three followers per match), to say where an action's time goes.
    const postmaster = postmasterPid(join(dataDir, 'pg')); // 0 with DATABASE_URL: not ours to count
    const cpuNow = () => ({ server: cpuMs(server.pid!), pg: postmaster ? descendantsCpuMs(postmaster) : 0, bench: process.cpuUsage(), t: performance.now() });
    const start = cpuNow();
    // The warm-up's end: the counts start again from there.
    let cpu0 = start;
    let warm: { actions: number; line: string } | null = null;
    let warming = WARMUP > 0;
    const deadline = performance.now() + SECONDS * 1000;
    let done = false;
    let games = 0;
    const counted = () => {
      actions++;
      if (warming && actions >= WARMUP) {
        cpu0 = cpuNow();
        warm = { actions, line: cpuLine(start, cpu0, actions) };
        warming = false;
        actions = 0;
        latencies = [];
        perAction = [];
      }
      if ((!warming && actions >= MAX_ACTIONS) || performance.now() > deadline) done = true;
    };
    /** One match, played until it ends (or the bench's time is up). */
    const playMatch = async (m: number): Promise<void> => {
      const created: any = await (
        await fetch(`${base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })
      ).json();
      games++;
      let pending = 0;
      const bytes = (n: number) => (pending += n);
      const matchSockets: Socket[] = [];
      const watcher = io(base, { auth: { token: created.spectator.token, patches: PATCHES }, transports: ['websocket'], reconnection: false, forceNew: true });
      matchSockets.push(watcher);
      follower(watcher, { counted: bytes, onBody: () => undefined, onBroken: brokenChain });
      await new Promise<void>((resolve) => {
        // Once the match is over (or the bench's time is up) neither bot acts again: an acknowledgement that comes after the last push must not send a move on the stale body.
        let over = false;
        const finish = () => {
          over = true;
          resolve();
        };
        for (const side of ['allied', 'japanese'] as const) {
          const bot = plausibleBot(`bench-${m}-${games}-${side}`);
          // Each bot takes its seat with a dice value of its own (docs/fairness.md).
          const socket = io(base, {
            auth: { token: created.seats[side].token, patches: PATCHES, pushInAck: true, ...newCommit() },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          matchSockets.push(socket);
          let busy = false;
          let latest: { seq: number; prompt: unknown; view: unknown; status: string } | null = null;
          const act = () => {
            if (over || busy || !latest || !latest.prompt || latest.status === 'finished') return;
            if (done) return finish();
            busy = true;
            const body = latest;
            const action = bot.choose({ side, view: body.view, prompt: body.prompt as never });
            const sent = performance.now();
            socket.emit('action', { seq: body.seq, action }, (ack: Ack<Moved>) => {
              latencies.push(performance.now() - sent);
              busy = false;
              if (ack.ok) {
                // The sender's own push is in its acknowledgement: counted with the action's other pushes.
                taken(ack);
                perAction.push(pending);
                pending = 0;
                counted();
              } else errors++;
              act();
            });
          };
          const taken = follower(socket, {
            counted: bytes,
            onBroken: brokenChain,
            onBody: (b) => {
              if (b.status === 'finished') return finish();
              latest = b;
              act();
            },
          });
        }
      });
      for (const x of matchSockets) x.disconnect();
    };
    await Promise.all(
      Array.from({ length: MATCHES }, async (_, m) => {
        // A match that ends is followed by another in its place, until the bench is done.
        while (!done) await playMatch(m);
      }),
    );
    const end = cpuNow();
    const speed1 = calibrationMs();
    const seconds = (end.t - cpu0.t) / 1000;
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    console.log(`Server hot path: ${MATCHES} SSJ matches at once, plausible bots over socket.io, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'} PostgreSQL`);
    const w = warm as { actions: number; line: string } | null;
    if (w) console.log(`  warm-up (a cold server, not counted): ${w.actions} actions; CPU per action: ${w.line}`);
    console.log(
      `  actions accepted: ${actions} in ${seconds.toFixed(1)} s → ${(actions / seconds).toFixed(0)} actions/s (${errors} refused)${w ? ', after the warm-up' : ''}; ${games} matches played in all`,
    );
    console.log(`  acknowledgement latency: mean ${mean.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    console.log(`  CPU per action: ${cpuLine(cpu0, end, actions)}`);
    console.log(`  server peak memory (VmHWM of the node process): ${hwm ? (Number(hwm) / 1024).toFixed(0) : '?'} MiB`);
    perAction.sort((a, b) => a - b);
    const at = (p: number) => ((perAction[Math.min(perAction.length - 1, Math.floor(perAction.length * p))] ?? 0) / 1024).toFixed(2);
    console.log(`  pushed per action, all audiences (${PATCHES ? 'patches' : 'whole bodies'}): median ${at(0.5)} KB, p95 ${at(0.95)} KB`);
    console.log(calibrationLine(speed0, speed1));
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
