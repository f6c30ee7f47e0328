/**
 * Stopping in bounded time, and saying why a start failed.
 *
 * On SIGTERM/SIGINT: readiness turns false at once; new actions are refused (503) and
 * those in progress finish and commit (so every acknowledged action is kept: an action is
 * acknowledged only after its row is committed); the sockets are told (`restarting`) and
 * their connections closed; notices in flight get what is left of a short grace; then the
 * HTTP server, the adapters and the database close. Whatever has not finished when the
 * grace period (SHUTDOWN_GRACE_MS) ends is abandoned and the process exits anyway.
 */
import type { Logger } from 'pino';

export interface Step {
  name: string;
  run(): Promise<unknown> | unknown;
}

/**
 * Runs `steps` in order within `graceMs`. Resolves true when all finished in time, false when
 * the grace period ended first (the steps left are not waited for). A failing step is
 * logged and the next one runs.
 */
export async function stopWithin(steps: Step[], graceMs: number, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const work = (async () => {
    for (const step of steps) {
      try {
        await step.run();
      } catch (err) {
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
    return true as const;
  })();
  const finished = await Promise.race([work, expired]);
  clearTimeout(timer);
  if (!finished) logger.warn({ graceMs }, 'the shutdown grace period ended before everything closed; exiting now');
  return finished;
}

/** A sentence for a start-up failure, whatever was thrown (never an object, never "undefined"). */
export function startupMessage(err: unknown, where: { port?: number; host?: string; databaseUrl?: string } = {}): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; address?: unknown; port?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === 'EADDRINUSE' && e.port !== undefined) {
    return `Port ${String(e.port)} is taken by another program, so the server cannot listen on it. Stop that program or set PORT to a free port.`;
  }
  if (code === 'EACCES' && e.port !== undefined) {
    return `The server may not listen on port ${String(e.port)} (ports below 1024 need privileges). Set PORT to a port above 1024.`;
  }
  if (code === 'EACCES' && typeof (err as { path?: unknown }).path === 'string') {
    const path = (err as { path: string }).path;
    return `Permission denied running ${path}. As root the embedded PostgreSQL runs as the "postgres" user, who must be able to reach its programs and DATA_DIR: run the server as an ordinary user, make the folders readable, or set DATABASE_URL.`;
  }
  if (code === 'EADDRNOTAVAIL') return `The address ${where.host ?? String(e.address)} (HOST) is not an address of this machine. Set HOST to 0.0.0.0 or to one of its addresses.`;
  const db = where.databaseUrl ? describeDb(where.databaseUrl) : 'the database';
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)
    ? code
    : code === 'P1001' || /can't reach database server/i.test(String(e.message))
      ? 'ECONNREFUSED'
      : '';
  if (unreachable) {
    return `Cannot reach ${db} (${unreachable}). Check DATABASE_URL and that PostgreSQL is running, or leave DATABASE_URL unset to use the embedded PostgreSQL.`;
  }
  if (code === '28P01' || code === '28000') return `${cap(db)} refused the user name or password in DATABASE_URL.`;
  if (code === '3D000') return `${cap(db)} has no such database: create it, or name an existing one in DATABASE_URL.`;
  const message = typeof e.message === 'string' && e.message.trim() ? e.message.trim() : '';
  if (message) return /[.!?]$/.test(message) ? message : `${message}.`;
  const text = err === undefined || err === null ? '' : String(err);
  if (text && text !== '[object Object]') return `The server could not start: ${text}.`;
  return 'The server could not start, and the reason was not reported. Run it again with LOG_LEVEL=debug to see more.';
}

function describeDb(url: string): string {
  try {
    const u = new URL(url);
    return `the database at ${u.hostname}${u.port ? ':' + u.port : ''}`;
  } catch {
    return 'the database in DATABASE_URL';
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
