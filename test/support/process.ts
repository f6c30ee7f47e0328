/** A server process started as `npm start` would start it (or from a given entry file), and what it printed. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

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

/** Sends `signal` and resolves with the exit code and how long the process took to exit (ms). */
export async function stopWith(proc: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | string | null; ms: number }> {
  const t0 = Date.now();
  proc.child.kill(signal);
  const code = await proc.exited;
  return { code, ms: Date.now() - t0 };
}
