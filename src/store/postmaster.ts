/**
 * What the embedded PostgreSQL may find when it starts, and what to do about it:
 *
 * - the data folder used by another live server (`DATA_DIR/server.pid` names a live
 *   process): refuse, saying so;
 * - a PostgreSQL left running by a server that was killed (kill -9, a crash, the OOM
 *   killer): its `postmaster.pid` names a live postgres whose server is gone. It is
 *   stopped (fast shutdown; every committed row is on disk) and started afresh;
 * - a `postmaster.pid` of a process that no longer runs: removed;
 * - the configured port taken by another program: a free port is used instead.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A start-up failure with a sentence a person can act on (printed as it is). */
export class StartupError extends Error {
  override name = 'StartupError';
}

export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of `pid` where /proc tells it (Linux), else null. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
}

function readPid(file: string): number | null {
  try {
    const n = Number(readFileSync(file, 'utf8').split('\n')[0]!.trim());
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const t0 = Date.now();
  while (alive(pid)) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

const LOCK = 'server.pid';

/**
 * Marks `dataDir` as this process's; refuses (StartupError) when another live server holds
 * it. Returns the function that releases it.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK);
  const owner = readPid(file);
  if (owner !== null && owner !== process.pid && alive(owner)) {
    const cmd = commandOf(owner);
    if (cmd === null || /node|ironbottom|main/.test(cmd)) {
      throw new StartupError(
        `Another server (process ${owner}) is using the data folder ${dataDir}. Stop it first, or give this server its own folder with DATA_DIR (or a PostgreSQL of its own with DATABASE_URL).`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/**
 * Stops a PostgreSQL left running in `pgDir` by a server that is gone, and removes a
 * `postmaster.pid` whose process no longer runs. Call after `claimDataDir` (which has made
 * sure no live server owns the folder).
 */
export async function clearOrphan(pgDir: string, log: (msg: string) => void): Promise<void> {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = readPid(file);
  const cmd = pid === null ? null : commandOf(pid);
  const isPostgres = pid !== null && alive(pid) && (cmd === null || /postgres/.test(cmd));
  if (!isPostgres) {
    log(`removing a stale postmaster.pid (process ${pid ?? '?'} no longer runs): the last server stopped without shutting its database down`);
    rmSync(file, { force: true });
    return;
  }
  log(`stopping the PostgreSQL (process ${pid}) left running in ${pgDir} by a server that was killed; it is started again`);
  // SIGINT: PostgreSQL's fast shutdown (open transactions roll back; everything committed is kept).
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 15_000)) return;
  process.kill(pid, 'SIGKILL');
  if (!(await waitGone(pid, 5_000))) {
    throw new StartupError(`The PostgreSQL left running in ${pgDir} (process ${pid}) does not stop. Stop it by hand (kill ${pid}) and start again.`);
  }
}

function bindable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRNOTAVAIL' || e.code === 'EAFNOSUPPORT'));
    s.listen({ port, host, exclusive: true }, () => s.close(() => resolve(true)));
  });
}

/** Whether PostgreSQL could listen on `port` on the loopback addresses. */
export async function portFree(port: number): Promise<boolean> {
  return (await bindable(port, '127.0.0.1')) && (await bindable(port, '::1'));
}

/** A port the kernel reports free on 127.0.0.1 now. */
export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `port` when it is free, else a free one (with a line saying so). */
export async function choosePort(port: number, log: (msg: string) => void): Promise<number> {
  if (await portFree(port)) return port;
  const other = await anyFreePort();
  log(`port ${port} (EMBEDDED_PG_PORT) is taken by another program; the embedded PostgreSQL uses the free port ${other} instead`);
  return other;
}

/** The sentence for a PostgreSQL that exited while starting, from the last lines it printed. */
export function startFailure(port: number, pgDir: string, lines: string[]): StartupError {
  const text = lines.join('\n');
  if (/Address already in use|could not create any TCP\/IP sockets/i.test(text)) {
    return new StartupError(`The embedded PostgreSQL could not listen on port ${port}: another program took it. Set EMBEDDED_PG_PORT to a free port, or stop that program.`);
  }
  if (/lock file .* already exists|Is another postmaster/i.test(text)) {
    return new StartupError(
      `Another PostgreSQL is running in ${pgDir}. Stop it (its process number is the first line of ${join(pgDir, 'postmaster.pid')}) or use another DATA_DIR.`,
    );
  }
  const last =
    lines
      .filter((l) => /FATAL|ERROR|PANIC/.test(l))
      .slice(-2)
      .join(' ')
      .trim() || lines.slice(-2).join(' ').trim();
  return new StartupError(`The embedded PostgreSQL in ${pgDir} stopped while starting${last ? `: ${last}` : ''}. Run with LOG_LEVEL=debug to see everything it printed.`);
}
