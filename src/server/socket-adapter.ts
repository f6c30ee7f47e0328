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

export function postgresSocketAdapter(databaseUrl: string, logger: Logger): { adapter: ReturnType<typeof createAdapter>; close(): Promise<void> } {
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (err) => logger.error({ err }, 'socket adapter: postgres error'));
  const adapter = createAdapter(pool, { errorHandler: (err) => logger.error({ err }, 'socket adapter error') });
  return { adapter, close: () => pool.end() };
}
