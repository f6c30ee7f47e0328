/** A real server (fastify + socket.io + Prisma on this file's own database) on a free loopback port. */
import { Writable } from 'node:stream';
import { Pool } from 'pg';
import pino from 'pino';
import { io as connect, type Socket, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { GAMES } from '../../src/games';
import type { GameModule } from '../../src/engine';
import { MatchService } from '../../src/matches/service';
import { Notifier } from '../../src/matches/notify';
import { JobNotifier } from '../../src/server/jobs';
import type { WebhookHosts } from '../../src/matches/notice-formats';
import type { Resolver } from '../../src/net/public-address';
import { Deadlines } from '../../src/matches/deadlines';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { buildApp, type App, type Limits, type Built } from '../../src/server/app';
import { LOG_REDACT } from '../../src/server/main';
import { testDatabase } from './db';
import { openCluster } from '../../src/server/cluster';
import { testPush, type TestPush } from './push';

export type RecordedSocket = Socket & { got: { event: string; body: any }[] };

export interface TestServer {
  url: string;
  app: App;
  built: Built;
  service: MatchService;
  notifier: Notifier;
  deadlines: Deadlines;
  prisma: PrismaClient;
  /** The service's store (the Prisma adapter over `prisma`). */
  store: PrismaMatchStore;
  /** The database this server uses (another server may share it). */
  databaseUrl: string;
  /** Every log line the server wrote (at debug level), as JSON text. */
  logs: string[];
  /** Web Push, when asked for (`webPush`): its VAPID keys, sender and the seats' devices. */
  push?: TestPush;
  /**
   * A socket.io client with `auth: { token }`, connected (rejects on a refused handshake).
   * Everything it receives from the start is recorded in `got`.
   */
  socket(token: string, extra?: Record<string, unknown>, options?: Partial<ManagerOptions & SocketOptions>): Promise<RecordedSocket>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  snapshotEvery?: number;
  games?: ReadonlyMap<string, GameModule>;
  newSeed?: () => string;
  now?: () => number;
  adminToken?: string;
  limits?: Partial<Limits>;
  importBodyLimit?: number;
  /** Use this database (shared with another server) instead of a new one; it is not dropped on close. */
  databaseUrl?: string;
  /** SMTP server for notices (port on 127.0.0.1). */
  smtpPort?: number;
  notifyBackoffMs?: number;
  notifyMaxAttempts?: number;
  /** The HTTP port to listen on (0: any free one). */
  port?: number;
  /** Carry socket.io pushes between servers over the database (SOCKET_ADAPTER=postgres). */
  postgresAdapter?: boolean;
  requestTimeoutMs?: number;
  connectionTimeoutMs?: number;
  metricsToken?: string;
  /** A Redis shared with other servers: socket.io's Redis Streams adapter and the rate limits (REDIS_URL). */
  redisUrl?: string;
  /** Several processes: each match lives on one owner (MATCH_OWNERS, src/server/owners.ts). */
  owners?: boolean;
  /** Its keys' prefix (REDIS_PREFIX): give each test its own. */
  redisPrefix?: string;
  /** "When away" notices wait this long (ms; default 0). */
  awayGraceMs?: number;
  /** Hosts taken as Discord's and Slack's incoming webhooks, and a resolver for them (fake endpoints on loopback). */
  webhookHosts?: WebhookHosts;
  resolve?: Resolver;
  /** Durable jobs (pg-boss in this database), as the server runs them, instead of the in-process queue. */
  jobs?: boolean;
  /** Web Push with fresh VAPID keys (endpoints on loopback allowed). */
  webPush?: boolean;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => {} } : await testDatabase();
  // A pool of our own (as main.ts has) where its metrics are looked at; else the adapter's.
  const pool = opts.metricsToken ? new Pool({ connectionString: db.url }) : undefined;
  const prisma = createPrisma(db.url, pool);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const logger = pino({ level: 'debug', redact: LOG_REDACT }, sink);
  let mailer;
  if (opts.smtpPort) {
    const nodemailer = await import('nodemailer');
    mailer = nodemailer.createTransport({ host: '127.0.0.1', port: opts.smtpPort, secure: false, ignoreTLS: true });
  }
  const late: { service?: MatchService } = {};
  const push = opts.webPush ? testPush(logger, () => late.service!) : undefined;
  const notifierOptions = {
    logger,
    mailer,
    mailFrom: 'Ironbottom <noreply@ironbottom.test>',
    maxAttempts: opts.notifyMaxAttempts ?? 5,
    backoffMs: opts.notifyBackoffMs ?? 20,
    timeoutMs: 2000,
    allowPrivate: true,
    awayGraceMs: opts.awayGraceMs ?? 0,
    ...(opts.webhookHosts ? { hosts: opts.webhookHosts } : {}),
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
    ...(push ? { push: push.pusher } : {}),
  };
  const notifier = opts.jobs
    ? new JobNotifier({
        ...notifierOptions,
        connectionString: db.url,
        schema: 'pgboss',
        pollSeconds: 0.5,
        targetOf: async (m, s) => late.service!.notices.target(await late.service!.load(m), s),
      })
    : new Notifier(notifierOptions);
  const store = new PrismaMatchStore(prisma);
  const service = (late.service = new MatchService(store, {
    games: opts.games ?? GAMES,
    publicUrl: 'http://127.0.0.1',
    snapshotEvery: opts.snapshotEvery ?? 50,
    idleMs: 60_000,
    logger,
    notifier,
    ...(opts.newSeed ? { newSeed: opts.newSeed } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  }));
  const deadlines = new Deadlines(service);
  if (notifier instanceof JobNotifier) service.notices.outbox = notifier;
  const cluster = await openCluster({ redisUrl: opts.redisUrl, socketAdapter: opts.postgresAdapter ? 'postgres' : 'none', databaseUrl: db.url, logger, prefix: opts.redisPrefix });
  const built = await buildApp({
    service,
    logger,
    ...(cluster.adapter ? { socketAdapter: cluster.adapter } : {}),
    ...(cluster.redis ? { redis: cluster.redis, keyPrefix: cluster.prefix } : {}),
    ...(cluster.kind !== 'none' && opts.owners ? { leaseDatabaseUrl: db.url } : {}),
    adminToken: opts.adminToken,
    limits: { addressMax: 100_000, tokenMax: 100_000, chatMax: 1000, ...opts.limits },
    importBodyLimit: opts.importBodyLimit,
    requestTimeoutMs: opts.requestTimeoutMs,
    connectionTimeoutMs: opts.connectionTimeoutMs,
    metricsToken: opts.metricsToken,
    ...(pool ? { databasePool: pool } : {}),
    ...(push ? { push: { publicKey: push.vapid.publicKey, subscriptions: push.subscriptions() } } : {}),
  });
  const { app } = built;
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  if (notifier instanceof JobNotifier) await notifier.start(deadlines);
  const sockets: Socket[] = [];
  return {
    url,
    app,
    built,
    service,
    notifier,
    deadlines,
    prisma,
    store,
    databaseUrl: db.url,
    logs,
    ...(push ? { push } : {}),
    socket(token, extra = {}, options = {}) {
      return new Promise((resolve, reject) => {
        const s = connect(url, { auth: { token, ...extra }, transports: ['websocket'], reconnection: false, forceNew: true, ...options }) as RecordedSocket;
        s.got = [];
        s.onAny((event, body) => s.got.push({ event, body }));
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', (e) => reject(e));
      });
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await service.stop();
      await deadlines.stop();
      await notifier.close(200);
      await app.close();
      await cluster.close();
      await prisma.$disconnect();
      await pool?.end();
      await db.drop();
    },
  };
}

/** The next `event` on `socket` (rejects after `ms`). */
export function next<T = any>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (v: T) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

/** Polls `fn` until it returns something other than undefined (rejects after `ms`). */
export async function until<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Emits `event` with `payload` and resolves with the acknowledgement. */
export function ask(socket: Socket, event: string, payload?: unknown): Promise<any> {
  return new Promise((resolve) => (payload === undefined ? socket.emit(event, resolve) : socket.emit(event, payload, resolve)));
}

export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body !== undefined ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
