import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbedded, type Database } from './database';
import { applyMigrations } from './migrate';

/** The configured database (or the embedded one), with every pending migration applied. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const db: Database = config.DATABASE_URL
    ? { url: config.DATABASE_URL, embedded: false, stop: async () => {} }
    : await startEmbedded({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        database: config.EMBEDDED_PG_DATABASE,
        log: (m) => logger.debug({ pg: m }, 'embedded postgres'),
        warn: (m) => logger.warn(`embedded postgres: ${m}`),
      });
  try {
    const applied = await applyMigrations(db.url);
    logger.info({ applied, embedded: db.embedded }, applied.length ? 'migrations applied' : 'database is up to date');
  } catch (e) {
    await db.stop();
    throw e;
  }
  return db;
}

/**
 * Ends the pool once every connection of it has closed. pg-pool's own `end()` resolves as soon
 * as it has asked them to close: a database stopped right after (the embedded one, on shutdown)
 * cut them off first, and each logged "terminating connection due to administrator command".
 */
export async function endPool(pool: Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
