/**
 * npm run bench:load — the server under a closed-loop load of fog-duel matches (issue 13):
 * real server processes on loopback (compiled, BENCH_GAMES=1) over one PostgreSQL of the
 * bench's own (embedded, in a temporary folder), M matches at once, each with both seats
 * and a spectator connected over socket.io; as soon as a match ends another starts, until
 * the time is up. Each move is timed from its send until all three views have received it.
 *
 * Prints moves/s, p50/p95/p99 send→all views, server CPU ms per move, PostgreSQL CPU ms
 * per move, peak and final RSS of each server process, and failures: refused moves, moves
 * never delivered, and any view that received a seq twice, out of order or with a gap.
 * With several processes the clients of one match are spread over them (the seats and the
 * spectator of a match on different processes), so every move crosses the adapter.
 * BENCH_ROUTED=1 instead connects them all to the process that created the match (its owner), as a
 * load balancer routing by match id would: the matches are spread, no move crosses.
 *
 * Each socket connects as the web client does (src/web/socket.ts): its pushes as patches against the
 * body it holds (a full body first, `sync`), which it makes whole (src/web/patches.ts); `full` instead
 * asks for a whole body with every push, as a client that does not take patches.
 *
 * Usage: npm run bench:load -- [matches=100] [seconds=60] [processes=1] [patches|full]
 * BENCH_RSS_EVERY=SECONDS prints the servers' RSS at that interval (for soaks).
 * BENCH_MOVES=N ends each match after N moves (0: created, its three views connected and
 * served, then left), and prints the server's CPU per match: what a match costs around its moves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { Moved } from '../src/protocol';
import { startEmbedded } from '../src/store/database';
import { applyMigrations } from '../src/store/migrate';
import { newCommit } from '../test/support/bots';
import { freePort } from '../test/support/ports';
import { buildServer, ROOT, startArgs } from './build';
import { calibrationLine, calibrationMs } from './calibrate';
import { follower } from './follow';
import { cpuMs, descendantsCpuMs, postmasterPid, rssMiB } from './proc';

const MATCHES = Number(process.argv[2] ?? 100);
const SECONDS = Number(process.argv[3] ?? 60);
const PROCESSES = Math.max(1, Number(process.argv[4] ?? 1));
const PATCHES = (process.argv[5] ?? 'patches') !== 'full';
const RSS_EVERY = Number(process.env.BENCH_RSS_EVERY ?? 0);
const MOVES_PER_MATCH = process.env.BENCH_MOVES === undefined ? Infinity : Number(process.env.BENCH_MOVES);
const ROUTED = process.env.BENCH_ROUTED === '1';
const VIEWERS = ['a', 'b', 'spectator'] as const;
type ViewerName = (typeof VIEWERS)[number];

interface Body {
  seq: number;
  status: string;
  prompt: { actions: unknown[] } | null;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function main(): Promise<void> {
  buildServer();
  // Before any server or database of the bench runs: the machine as the bench found it.
  const speed0 = calibrationMs();
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-load-'));
  const db = await startEmbedded({ dataDir, port: await freePort(), database: 'ironbottom' });
  const postmaster = postmasterPid(join(dataDir, 'pg'));
  await applyMigrations(db.url);
  const servers: { child: ChildProcess; base: string }[] = [];
  try {
    for (let p = 0; p < PROCESSES; p++) {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        BENCH_GAMES: '1',
        LOG_LEVEL: 'warn',
        SOCKET_ADAPTER: PROCESSES > 1 ? 'postgres' : 'none',
        // One address and a few hundred tokens sending as fast as they can: lift the limits.
        RATE_LIMIT_ADDRESS_MAX: '100000000',
        RATE_LIMIT_TOKEN_MAX: '100000000',
      };
      const child = spawn(process.execPath, startArgs((process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)), {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      servers.push({ child, base: `http://127.0.0.1:${port}` });
    }
    await Promise.all(servers.map((s) => waitReady(s.base, s.child)));

    const latencies: number[] = [];
    let moves = 0;
    let refused = 0;
    let undelivered = 0;
    let orderFaults = 0;
    let matchesDone = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const peak = new Map<number, number>();
    const sampleRss = () => {
      for (const s of servers) peak.set(s.child.pid!, Math.max(peak.get(s.child.pid!) ?? 0, rssMiB(s.child.pid!)));
    };
    const sampler = setInterval(sampleRss, 250);
    const rssLog = RSS_EVERY
      ? setInterval(
          () => console.log(`  [${((performance.now() - t0) / 1000).toFixed(0)} s] RSS ${servers.map((s) => rssMiB(s.child.pid!).toFixed(0)).join(' / ')} MiB, ${moves} moves`),
          RSS_EVERY * 1000,
        )
      : null;

    /** One match from creation to its end (or the end of the run); resolves when done. */
    const playOne = async (slot: number, n: number): Promise<void> => {
      const home = servers[slot % servers.length]!;
      const res = await fetch(`${home.base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'fog-duel' }) });
      if (!res.ok) throw new Error(`create: HTTP ${res.status} ${await res.text()}`);
      const created = (await res.json()) as { seats: Record<string, { token: string }>; spectator: { token: string } };
      const tokens: Record<ViewerName, string> = { a: created.seats.a!.token, b: created.seats.b!.token, spectator: created.spectator.token };
      const sockets: Partial<Record<ViewerName, Socket>> = {};
      const lastSeq: Record<ViewerName, number> = { a: -1, b: -1, spectator: -1 };
      const latest: Partial<Record<ViewerName, Body>> = {};
      /** The move in flight: its seq once acknowledged, its send time, who has it. */
      let inFlight: { seq: number; sent: number; got: Set<ViewerName>; timer: NodeJS.Timeout } | null = null;
      let movesHere = 0;
      return new Promise<void>((resolve) => {
        let finished = false;
        const finish = () => {
          if (finished) return;
          finished = true;
          if (inFlight) clearTimeout(inFlight.timer);
          for (const s of Object.values(sockets)) s!.disconnect();
          resolve();
        };
        const next = () => {
          if (finished || inFlight) return;
          if (performance.now() > deadline) return finish();
          if (movesHere >= MOVES_PER_MATCH) {
            if (!VIEWERS.every((v) => latest[v])) return;
            matchesDone++;
            return finish();
          }
          for (const side of ['a', 'b'] as const) {
            const body = latest[side];
            if (!body?.prompt || body.status === 'finished') continue;
            const action = body.prompt.actions[(body.seq * 7 + n) % body.prompt.actions.length];
            const seq = body.seq + 1;
            const timer = setTimeout(() => {
              undelivered++;
              finish();
            }, 10_000);
            inFlight = { seq, sent: performance.now(), got: new Set(), timer };
            // A push may arrive before the acknowledgement: what counts is every view holding seq.
            for (const v of VIEWERS) if (lastSeq[v] >= seq) inFlight.got.add(v);
            // The mover's own push comes in its acknowledgement (src/protocol/socket.ts, `Moved`).
            sockets[side]!.emit('action', { seq: body.seq, action }, (ack: { ok: boolean } & Moved) => {
              if (!ack.ok) {
                refused++;
                finish();
              } else taken[side]!(ack);
            });
            return;
          }
        };
        const onState = (viewer: ViewerName, body: Body) => {
          // Each move reaches each view once, in order: a body repeats the last seq (a seat taken) or is the next one.
          if (lastSeq[viewer] !== -1 && body.seq !== lastSeq[viewer] && body.seq !== lastSeq[viewer] + 1) orderFaults++;
          lastSeq[viewer] = Math.max(lastSeq[viewer], body.seq);
          latest[viewer] = body;
          const f = inFlight;
          if (f && body.seq >= f.seq) {
            f.got.add(viewer);
            if (f.got.size === VIEWERS.length) {
              clearTimeout(f.timer);
              latencies.push(performance.now() - f.sent);
              moves++;
              movesHere++;
              inFlight = null;
            }
          }
          if (body.status === 'finished' && VIEWERS.every((v) => latest[v]?.status === 'finished')) {
            matchesDone++;
            return finish();
          }
          next();
        };
        /** What takes the push in each seat's acknowledgement (its socket's follower). */
        const taken: Partial<Record<ViewerName, (ack: Moved) => void>> = {};
        // A patch against a body a viewer does not hold: the chain broke, a fault like a seq out of order.
        const broken = () => {
          orderFaults++;
          finish();
        };
        VIEWERS.forEach((viewer, i) => {
          const server = ROUTED ? home : servers[(slot + i) % servers.length]!;
          // Each seat takes its seat with a dice value of its own (docs/fairness.md).
          const socket = io(server.base, {
            auth: { token: tokens[viewer], patches: PATCHES, pushInAck: true, ...(viewer === 'spectator' ? {} : newCommit()) },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          sockets[viewer] = socket;
          taken[viewer] = follower(socket, { onBody: (b: Body) => onState(viewer, b), onBroken: broken });
          socket.on('connect_error', () => {
            undelivered++;
            finish();
          });
        });
      });
    };

    console.log(
      `load: ${MATCHES} fog-duel matches at once, ${SECONDS} s, ${PROCESSES} server process(es)${ROUTED && PROCESSES > 1 ? ' (each match on its own)' : ''}, PostgreSQL embedded (fsync on), pushes as ${PATCHES ? 'patches (as the web client takes them)' : 'whole bodies'}`,
    );
    const t0 = performance.now();
    const cpu0 = servers.map((s) => cpuMs(s.child.pid!));
    const pg0 = descendantsCpuMs(postmaster);
    let created = 0;
    await Promise.all(
      Array.from({ length: MATCHES }, async (_, slot) => {
        while (performance.now() < deadline) await playOne(slot, created++);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = servers.reduce((sum, s, i) => sum + cpuMs(s.child.pid!) - cpu0[i]!, 0);
    const pg = descendantsCpuMs(postmaster) - pg0;
    clearInterval(sampler);
    if (rssLog) clearInterval(rssLog);
    sampleRss();
    latencies.sort((a, b) => a - b);
    const perMove = (ms: number) => (moves ? (ms / moves).toFixed(2) : '–');
    console.log(
      `  moves delivered to all three views: ${moves} in ${seconds.toFixed(1)} s → ${(moves / seconds).toFixed(0)} moves/s; ${matchesDone} matches finished, ${created} started`,
    );
    console.log(`  send → all views: p50 ${pct(latencies, 0.5).toFixed(1)} ms, p95 ${pct(latencies, 0.95).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms`);
    console.log(`  server CPU: ${perMove(cpu)} ms per move (${(cpu / 1000).toFixed(1)} s over ${PROCESSES} process(es)); PostgreSQL CPU: ${perMove(pg)} ms per move`);
    console.log(
      `  server RSS: peak ${servers.map((s) => (peak.get(s.child.pid!) ?? 0).toFixed(0)).join(' / ')} MiB, final ${servers.map((s) => rssMiB(s.child.pid!).toFixed(0)).join(' / ')} MiB`,
    );
    if (MOVES_PER_MATCH !== Infinity) console.log(`  server CPU per match (${MOVES_PER_MATCH} moves each): ${matchesDone ? (cpu / matchesDone).toFixed(2) : '–'} ms`);
    console.log(`  failures: ${refused} refused, ${undelivered} not delivered within 10 s, ${orderFaults} seq out of order (or a patch against a body not held)`);
    console.log(calibrationLine(speed0, calibrationMs()));
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.child.exitCode !== null ? Promise.resolve() : new Promise((r) => s.child.once('exit', r)))));
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
