/** A server process started as `npm start` would start it (or from a given entry file), and what it printed. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export const ROOT = join(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string | null>;
}

/**
 * Starts `src/server/main.ts` (through tsx's loader) (or `entry` with plain node, from `cwd`) with the
 * given settings on top of this process's environment, DATABASE_URL removed unless given.
 */
export function startServer(env: Record<string, string>, opts: { entry?: string; cwd?: string } = {}): ServerProcess {
  let out = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // tsx as a loader in the same process (its CLI would run the server in a child process of its own).
  const args = opts.entry ? [opts.entry] : ['-r', 'tsx/cjs', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, { cwd: opts.cwd ?? ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, output: () => out, exited };
}

/** Polls `url` until it answers `status` (rejects after `ms`, or as soon as `proc` exits). */
export async function waitFor(url: string, proc?: ServerProcess, ms = 90_000, status = 200): Promise<void> {
  const t0 = Date.now();
  let gone = false;
  void proc?.exited.then(() => (gone = true));
  for (;;) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.status === status) return;
    } catch {
      /* not up yet */
    }
    if (gone) throw new Error(`the server exited before ${url} answered ${status}:\n${proc!.output()}`);
    if (Date.now() - t0 > ms) throw new Error(`${url} did not answer ${status} within ${ms} ms:\n${proc?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Polls `url`/readyz until it answers `status`; resolves with the time that took (ms), rejects after `ms`. */
export async function readyTurns(url: string, status: number, ms: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const got = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (got === status) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`/readyz did not answer ${status} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` and resolves with the exit code and how long the process took to exit (ms). */
export async function stopWith(proc: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | string | null; ms: number }> {
  const t0 = Date.now();
  proc.child.kill(signal);
  const code = await proc.exited;
  return { code, ms: Date.now() - t0 };
}

/** A server that owns its database: the embedded PostgreSQL in a fresh data folder, on free ports. */
export interface OwnServer {
  url: string;
  port: number;
  /** The embedded PostgreSQL's port (its database: `postgresql://postgres:postgres@127.0.0.1:<pgPort>/ironbottom`). */
  pgPort: number;
  dataDir: string;
  /** The settings each start is given (`extra` of a start goes on top). */
  env: Record<string, string>;
  /** Starts a server process on these settings (plus `extra`) and waits until /readyz answers 200 (a first start, its initdb, longer). */
  start(extra?: Record<string, string>): Promise<ServerProcess>;
  /** Every process started so far, the last one last. */
  procs: ServerProcess[];
  /** The pid of the embedded PostgreSQL running now (its `postmaster.pid`). */
  postmaster(): number;
  /** Stops what still runs (the server, then a PostgreSQL a killed server left behind) and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The self-owned server set-up the process-level tests share (kill -9, outbox, durable jobs,
 * faults): a data folder named after `name` in the temp folder, free ports, 127.0.0.1, warnings
 * only in the log, and `settings` on top.
 */
export async function ownServer(name: string, settings: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `ironbottom-${name}-`));
  const port = await freePort();
  const pgPort = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...settings };
  const url = `http://127.0.0.1:${port}`;
  const procs: ServerProcess[] = [];
  const postmaster = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url,
    port,
    pgPort,
    dataDir,
    env,
    procs,
    postmaster,
    async start(extra = {}) {
      const proc = startServer({ ...env, ...extra });
      procs.push(proc);
      // A first start makes its cluster (initdb), minutes on a loaded machine.
      await waitFor(`${url}/readyz`, proc, procs.length === 1 ? 240_000 : 90_000);
      return proc;
    },
    async close() {
      for (const p of procs) {
        if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
        // A clean stop shuts its database down too; one that hangs is killed.
        const killer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
        await stopWith(p);
        clearTimeout(killer);
      }
      // A PostgreSQL left running by a server killed last: its fast shutdown, before its folder goes.
      let pid = 0;
      try {
        pid = postmaster();
        process.kill(pid, 'SIGINT');
      } catch {
        pid = 0;
      }
      for (let i = 0; pid && i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
