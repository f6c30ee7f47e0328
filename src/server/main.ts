/**
 * `npm start`: the database (DATABASE_URL, or an embedded PostgreSQL in DATA_DIR),
 * pending migrations, then the HTTP/socket server with the web client. Stops within
 * SHUTDOWN_GRACE_MS on SIGINT/SIGTERM (see shutdown.ts); a start that fails prints one
 * sentence saying why.
 */
import { basename, dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import dotenv from 'dotenv';
import pino from 'pino';
import { loadConfig, publicUrl, type Config } from '../config';
import { BENCH_GAMES, GAMES } from '../games';
import { MatchService } from '../matches/service';
import { Deadlines } from '../matches/deadlines';
import { JobNotifier } from './jobs';
import { faultPoints } from './outbox';
import { PushSubscriptions } from '../matches/push-subscriptions';
import { WebPusher } from '../matches/web-push';
import { loadVapid } from './vapid';
import { endPool, openDatabase } from '../store/open';
import type { Database } from '../store/database';
import { PrismaMatchStore } from '../store/prisma-match-store';
import { createPrisma } from '../store/prisma';
import { Pool } from 'pg';
import { buildApp } from './app';
import { openCluster } from './cluster';
import { startupMessage, stopWithin } from './shutdown';
import { isDatabaseUnavailable, keepConnectionErrors } from './errors';

/** Pino's settings: a seat, creator or admin token never reaches the log (nor does a running match's seed, the VAPID private key or a push endpoint: nothing logs them). */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'headers.authorization',
    'token',
    '*.token',
    'auth',
    '*.auth',
    'seed',
    '*.seed',
    'webhookSecret',
    '*.webhookSecret',
    'value',
    '*.value',
    'values',
    '*.values',
    'privateKey',
    '*.privateKey',
    'endpoint',
    '*.endpoint',
  ],
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

/** Where the server was trying to listen and connect, for a start-up failure's sentence. */
const attempt: { port?: number; host?: string; databaseUrl?: string } = {};

async function main(): Promise<void> {
  // Prisma's query compiler is WebAssembly of several MB: V8's baseline compiler alone (no
  // tier-up by its optimising compiler in the background) keeps ~80 MB less memory for good,
  // for a few percent of the compiler's speed on the queries off the hot path (issue #13).
  setFlagsFromString('--liftoff-only');
  dotenv.config({ quiet: true });
  const config = loadConfig();
  if (config.HEAP_GROWING_PERCENT > 0) setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWING_PERCENT}`);
  Object.assign(attempt, { port: config.PORT, host: config.HOST, databaseUrl: config.DATABASE_URL });
  const logger = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT });
  const db = await openDatabase(config, logger);
  try {
    await serve(config, logger, db);
  } catch (e) {
    await db.stop();
    throw e;
  }
}

async function serve(config: Config, logger: pino.Logger, db: Database): Promise<void> {
  // The pool is ours (not the adapter's) so that /metrics can tell how it is used.
  // Bounded waits: a database gone, hung or with every connection in use answers 503 db-unavailable within seconds, not never.
  // query_timeout only stops waiting: the statement would go on, and commit once a lock it waited
  // for went, behind the 503 that said it changed nothing. statement_timeout, a little shorter,
  // has PostgreSQL cancel it first (test/server/db-pool.test.ts).
  const pool = new Pool({
    connectionString: db.url,
    connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
    query_timeout: config.DB_QUERY_TIMEOUT_MS,
    statement_timeout: Math.max(1, config.DB_QUERY_TIMEOUT_MS - Math.min(1_000, Math.floor(config.DB_QUERY_TIMEOUT_MS / 4))),
    keepAlive: true,
  });
  // The error alone: pg hangs its client on it, with the connection's cancel key.
  pool.on('error', (err) => logger.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database pool error'));
  keepConnectionErrors(pool, (err) => logger.debug({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection broke'));
  const store = new PrismaMatchStore(createPrisma(db.url, pool), pool);
  const late: { service?: MatchService; push?: PushSubscriptions } = {};
  const vapid = config.WEB_PUSH ? loadVapid(config, logger) : null;
  const pusher = vapid
    ? new WebPusher({
        vapid,
        directory: { devices: (m, s) => late.push!.devices(m, s), gone: (m, s, e) => late.push!.gone(m, s, e), delivered: (m, s, e, k) => late.push!.delivered(m, s, e, k) },
        logger,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      })
    : undefined;
  const notifier = new JobNotifier({
    connectionString: db.url,
    schema: config.JOBS_SCHEMA,
    pollSeconds: config.JOBS_POLL_MS / 1000,
    targetOf: async (matchId, side) => late.service!.notices.target(await late.service!.load(matchId), side),
    awayGraceMs: config.NOTIFY_AWAY_GRACE_MS,
    logger,
    mailer: await mailer(config),
    mailFrom: config.MAIL_FROM,
    maxAttempts: Math.max(1, config.NOTIFY_MAX_ATTEMPTS),
    backoffMs: config.NOTIFY_BACKOFF_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    ...(pusher ? { push: pusher } : {}),
    maintenanceSeconds: config.JOBS_MAINTENANCE_S,
    ...(config.FAULT_KILL_AT ? { fault: faultPoints(config.FAULT_KILL_AT)! } : {}),
  });
  const service = (late.service = new MatchService(store, {
    games: config.BENCH_GAMES ? BENCH_GAMES : GAMES,
    publicUrl: publicUrl(config),
    snapshotEvery: Math.max(1, config.SNAPSHOT_EVERY),
    idleMs: config.MATCH_IDLE_MS,
    logger,
    notifier,
  }));
  const deadlines = new Deadlines(service);
  service.notices.outbox = notifier;
  late.push = new PushSubscriptions(service, config.WEBHOOK_ALLOW_PRIVATE);
  const cluster = await openCluster({ redisUrl: config.REDIS_URL, socketAdapter: config.SOCKET_ADAPTER, databaseUrl: db.url, logger, prefix: config.REDIS_PREFIX });
  const { app, lifecycle, closeSockets, owners } = await buildApp({
    service,
    logger,
    ...(cluster.adapter ? { socketAdapter: cluster.adapter } : {}),
    ...(cluster.redis ? { redis: cluster.redis } : {}),
    keyPrefix: cluster.prefix,
    // Several processes: each live match has one owner, by a lease in this database (owners.ts).
    ...(cluster.kind !== 'none' && config.MATCH_OWNERS ? { leaseDatabaseUrl: db.url, ...(config.INTERNAL_URL ? { internalUrl: config.INTERNAL_URL } : {}) } : {}),
    webDir: config.WEB_DIR ?? defaultWebDir(),
    adminToken: config.ADMIN_TOKEN,
    trustProxy: config.TRUST_PROXY,
    importBodyLimit: config.IMPORT_BODY_LIMIT,
    botThinkMs: config.BOT_THINK_MS,
    readyOnListen: false,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: config.CONNECTION_TIMEOUT_MS,
    metricsToken: config.METRICS_TOKEN,
    databasePool: pool,
    ...(vapid ? { push: { publicKey: vapid.publicKey, subscriptions: late.push } } : {}),
    limits: {
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      addressMax: config.RATE_LIMIT_ADDRESS_MAX,
      tokenMax: config.RATE_LIMIT_TOKEN_MAX,
      chatMax: config.CHAT_RATE_MAX,
      chatWindowMs: config.CHAT_RATE_WINDOW_MS,
    },
  });

  let stopping = false;
  // The start-up's tail (the job queue, the first deadline check): a stop waits for it, so
  // that a SIGTERM just after listening does not pull the database from under it.
  let startup: Promise<unknown> = Promise.resolve();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.stopping();
    const graceMs = config.SHUTDOWN_GRACE_MS;
    logger.info({ signal, graceMs }, 'shutting down');
    const t0 = Date.now();
    const clean = await stopWithin(
      [
        { name: 'start-up', run: () => startup.catch(() => undefined) },
        { name: 'deadline clock', run: () => deadlines.stop() },
        { name: 'actions in progress', run: () => service.stop() },
        // Several processes: its matches' leases go as soon as it has stopped acting, and the others take them on their next call.
        { name: 'match leases', run: async () => void (await owners?.stop()) },
        { name: 'sockets', run: () => closeSockets() },
        { name: 'notices in flight', run: () => notifier.close(Math.min(2_000, graceMs / 4)) },
        { name: 'http server', run: () => app.close() },
        { name: 'socket adapter', run: () => cluster.close() },
        { name: 'database client', run: async () => (await store.close(), await endPool(pool)) },
        { name: 'database', run: () => db.stop() },
      ],
      graceMs,
      logger,
    );
    logger.info({ ms: Date.now() - t0, clean }, 'stopped');
    process.exit(clean ? 0 : 1);
  };
  // A promise of a library's (pg-pool, pg-boss) rejected with "the database went away" and
  // caught by no one must not end the server: the database comes back, and so does the server.
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    logger.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'a database operation failed with no one waiting for it');
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    await app.close().catch(() => undefined);
    await cluster.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    await endPool(pool).catch(() => undefined);
    throw e;
  }
  // Durable jobs: notices and deadlines left by an earlier process run now; clocks without jobs (set before them) are checked once.
  startup = (async () => {
    await notifier.start(deadlines);
    await deadlines.tick().catch((err) => logger.error({ err }, 'deadline check failed'));
    if (stopping) return;
    deadlines.start(config.DEADLINE_CHECK_MS);
    lifecycle.ready();
  })();
  await startup;
  // Behind a proxy every request comes from this machine: /metrics then answers only its token (src/server/metrics.ts).
  const metrics = config.METRICS_TOKEN ? 'token' : config.TRUST_PROXY ? 'off: behind a proxy, set METRICS_TOKEN' : 'this machine only';
  logger.info({ url: publicUrl(config), embeddedDatabase: db.embedded, admin: !!config.ADMIN_TOKEN, mail: !!config.SMTP_HOST, webPush: !!vapid, metrics }, 'ironbottom is serving');
}

if (require.main === module) {
  const fail = (err: unknown) => {
    // A sentence a person can act on, on stderr (the logger may not exist yet).
    // eslint-disable-next-line no-console
    console.error(`ironbottom could not start: ${startupMessage(err, attempt)}`);
    process.exit(1);
  };
  // While starting, an error no one catches (a helper process that cannot be spawned) is a start-up failure too.
  process.on('uncaughtException', fail);
  main().then(() => process.removeListener('uncaughtException', fail), fail);
}
