/**
 * Several server processes on one database: socket.io's Postgres adapter carries each
 * push (a `state` for a match's room) to the sockets of every process over LISTEN/NOTIFY,
 * payloads over NOTIFY's 8000 bytes through the `socket_io_attachments` table (a Prisma
 * model, so migrations create it). The per-match transaction keeps the rules serial
 * whichever process takes an action.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Logger } from 'pino';
import { Pool } from 'pg';
import { keepConnectionErrors } from './errors';

export function postgresSocketAdapter(databaseUrl: string, logger: Logger): { adapter: ReturnType<typeof createAdapter>; close(): Promise<void> } {
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  // Once the process closes its adapter, the adapter's last messages (its heartbeat, the close of its
  // namespaces) may still try the pool it has just ended: expected then, and harmless (the other processes
  // drop this one when its heartbeats stop), so they are not errors. `bench:load -- 100 30 2` ended with 14
  // to 18 such error lines before.
  let closing = false;
  const failed = (what: string) => (err: Error) => (closing ? logger.debug({ err: err.message }, `${what} while closing`) : logger.error({ err }, what));
  pool.on('error', failed('socket adapter: postgres error'));
  keepConnectionErrors(pool, (err) => logger.debug({ err: err.message }, 'socket adapter: a connection broke'));
  const adapter = createAdapter(pool, { errorHandler: failed('socket adapter error') });
  return {
    adapter,
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}
