/**
 * `npm start`: the database (DATABASE_URL, or an embedded PostgreSQL in DATA_DIR),
 * pending migrations, then the HTTP/socket server with the web client. Stops cleanly
 * on SIGINT/SIGTERM: refuses new actions and finishes those in progress, stops the
 * deadline clock, gives notices in flight a moment, closes the server and its sockets,
 * then the database.
 */
import { basename, dirname, join } from 'node:path';
import dotenv from 'dotenv';
import pino from 'pino';
import { loadConfig, publicUrl, type Config } from '../config';
import { GAMES } from '../games';
import { MatchService } from '../matches/service';
import { Deadlines } from '../matches/deadlines';
import { Notifier } from '../matches/notify';
import { openDatabase } from '../store/open';
import { createPrisma } from '../store/prisma';
import { buildApp } from './app';
import { postgresSocketAdapter } from './socket-adapter';

/** Pino's settings: a seat, creator or admin token never reaches the log (nor does a running match's seed: nothing logs it). */
export const LOG_REDACT = {
  paths: ['req.headers.authorization', 'headers.authorization', 'token', '*.token', 'auth', '*.auth', 'seed', '*.seed', 'webhookSecret', '*.webhookSecret'],
  censor: '[hidden]',
};

export async function mailer(config: Config) {
  if (!config.SMTP_HOST) return undefined;
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } } : {}),
  });
}

/** dist/web: beside the compiled server (dist/server), or from src/server under tsx. */
function defaultWebDir(): string {
  return basename(dirname(__dirname)) === 'dist' ? join(__dirname, '..', 'web') : join(__dirname, '..', '..', 'dist', 'web');
}

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT });
  const db = await openDatabase(config, logger);
  const prisma = createPrisma(db.url);
  const notifier = new Notifier({
    logger,
    mailer: await mailer(config),
    mailFrom: config.MAIL_FROM,
    maxAttempts: Math.max(1, config.NOTIFY_MAX_ATTEMPTS),
    backoffMs: config.NOTIFY_BACKOFF_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });
  const service = new MatchService(prisma, {
    games: GAMES,
    publicUrl: publicUrl(config),
    snapshotEvery: Math.max(1, config.SNAPSHOT_EVERY),
    idleMs: config.MATCH_IDLE_MS,
    logger,
    notifier,
  });
  const deadlines = new Deadlines(service);
  const sockets = config.SOCKET_ADAPTER === 'postgres' ? postgresSocketAdapter(db.url, logger) : null;
  const { app } = await buildApp({
    service,
    logger,
    ...(sockets ? { socketAdapter: sockets.adapter } : {}),
    webDir: config.WEB_DIR ?? defaultWebDir(),
    adminToken: config.ADMIN_TOKEN,
    trustProxy: config.TRUST_PROXY,
    importBodyLimit: config.IMPORT_BODY_LIMIT,
    limits: {
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      addressMax: config.RATE_LIMIT_ADDRESS_MAX,
      tokenMax: config.RATE_LIMIT_TOKEN_MAX,
      chatMax: config.CHAT_RATE_MAX,
      chatWindowMs: config.CHAT_RATE_WINDOW_MS,
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await deadlines.stop();
      await service.stop();
      await notifier.close();
      await app.close();
      await sockets?.close();
      await prisma.$disconnect();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
    } finally {
      await db.stop();
      logger.info('stopped');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  deadlines.start(config.DEADLINE_CHECK_MS);
  logger.info({ url: publicUrl(config), embeddedDatabase: db.embedded, admin: !!config.ADMIN_TOKEN, mail: !!config.SMTP_HOST }, 'ironbottom is serving');
}

if (require.main === module) {
  main().catch((err) => {
    // eslint-disable-next-line no-console
    console.error(err);
    process.exit(1);
  });
}
