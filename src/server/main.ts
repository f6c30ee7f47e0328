/**
 * `npm start`: the database (DATABASE_URL, or an embedded PostgreSQL in DATA_DIR),
 * pending migrations, then the HTTP/socket server with the web client. Stops cleanly
 * on SIGINT/SIGTERM: finishes actions in progress, closes sockets, stops the database.
 */
import { join } from 'node:path';
import dotenv from 'dotenv';
import pino from 'pino';
import { loadConfig, publicUrl } from '../config';
import { GAMES } from '../games';
import { MatchService } from '../matches/service';
import { openDatabase } from '../store/open';
import { createPrisma } from '../store/prisma';
import { buildApp } from './app';

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const config = loadConfig();
  const logger = pino({
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'token', '*.token'], censor: '[hidden]' },
  });
  const db = await openDatabase(config, logger);
  const prisma = createPrisma(db.url);
  const service = new MatchService(prisma, {
    games: GAMES,
    publicUrl: publicUrl(config),
    snapshotEvery: Math.max(1, config.SNAPSHOT_EVERY),
    idleMs: config.MATCH_IDLE_MS,
    logger,
  });
  const { app } = await buildApp({ service, logger, webDir: join(__dirname, '..', 'web') });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await service.drain();
      await app.close();
      await prisma.$disconnect();
    } finally {
      await db.stop();
      logger.info('stopped');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info({ url: publicUrl(config), embeddedDatabase: db.embedded }, 'ironbottom is serving');
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error(err);
  process.exit(1);
});
