/**
 * The HTTP and socket edge: zod on every input before anything else runs, identity from
 * the bearer token or the socket's handshake (never from a body), then a call into the
 * match service. Errors go to their sender only, as `{ error: { code, message } }`.
 *
 * Hardening: @fastify/helmet, rate limits on every route (limits.ts: per address, and per
 * token when a bearer token is sent; shared through Redis by several processes), a 64 KiB body limit (the admin's import excepted),
 * OpenAPI from the zod schemas at /docs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { validatorCompiler, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { Metrics, metricsPlugin, type PoolStats } from './metrics';
import { DEFAULT_LIMITS, RateLimits, type Limits } from './limits';
import type { App } from './app-type';
import type { Redis } from 'ioredis';
import { clientErrorHandler, errorHandler, frameworkErrors, notFoundHandler, refuseUnstorableText } from './errors';
import { responseSerializer } from './serializer';
import { healthRoutes, Lifecycle } from './health';
import type { MatchService } from '../matches/service';
import { Lobby } from '../matches/lobby';
import { Chat } from '../matches/chat';
import { Archive } from '../matches/archive';
import { BotSeats, DEFAULT_BOT_THINK_MS } from '../matches/bot-seats';
import { notifyRoutes } from './routes-notify';
import { ordersRoutes } from './routes-orders';
import { pushRoutes } from './routes-push';
import type { PushSubscriptions } from '../matches/push-subscriptions';
import { NotifySettings } from '../matches/notify-settings';
import { Spectators } from '../matches/spectators';
import { attachSockets } from './sockets';
import { BoundedSessionAdapter } from './session-adapter';
import { pushParser } from './push-encoder';
import { matchRoutes } from './routes-matches';
import { creatorRoutes } from './routes-creator';
import { clockRoutes } from './routes-clock';
import { adminRoutes } from './routes-admin';
import { historyRoutes } from './routes-history';
import { docsRoutes } from './docs';
import { LeaseStore } from '../store/lease-store';
import { Owners, SECRET_HEADER } from './owners';
import { internalRoutes } from './owner-calls';

export { DEFAULT_LIMITS, type Limits } from './limits';
export type { App } from './app-type';

export interface AppOptions {
  service: MatchService;
  logger: Logger;
  /** The built web client (served at /), if present. */
  webDir?: string;
  /** Enables the admin routes (off, 404, without it). */
  adminToken?: string;
  limits?: Partial<Limits>;
  /** The largest match file the admin's import accepts (bytes). */
  importBodyLimit?: number;
  /** Take the client's address from X-Forwarded-For. */
  trustProxy?: boolean;
  /**
   * A socket.io adapter carrying pushes between server processes (the Postgres one over
   * the match database's LISTEN/NOTIFY, see socket-adapter.ts); one process needs none.
   */
  socketAdapter?: Partial<ServerOptions>['adapter'];
  /** The most time a client may take to send a whole request (ms). */
  requestTimeoutMs?: number;
  /** An HTTP connection idle this long is closed (ms). */
  connectionTimeoutMs?: number;
  /** /metrics for this bearer token (else for unforwarded requests from this machine, and for nobody behind a proxy: `trustProxy`). */
  metricsToken?: string;
  /** The database pool, for its metrics. */
  databasePool?: PoolStats;
  /** A Redis shared by several processes: the rate limits' counters live there. */
  redis?: Redis;
  /** Redis keys start with it. */
  keyPrefix?: string;
  /** Web Push (the VAPID public key, the seats' devices); off without it. */
  push?: { publicKey: string; subscriptions: PushSubscriptions };
  /** The computer's seats' think delay (ms; BOT_THINK_MS). */
  botThinkMs?: number;
  /** false: the caller marks the server ready itself once its own start-up is done (default: on listening). */
  readyOnListen?: boolean;
  /**
   * Several processes (with `socketAdapter`): the database whose leases say which process owns each
   * live match (owners.ts); the others forward to it. Without it every process serves every match.
   */
  leaseDatabaseUrl?: string;
  /** Where the other processes reach this one (default: http://127.0.0.1:<port> as listened on, or the address listened on). */
  internalUrl?: string;
}

export interface Built {
  app: App;
  io: SocketServer;
  lobby: Lobby;
  chat: Chat;
  archive: Archive;
  /** starting → ready (once listening) → stopping (from the first moment of a shutdown). */
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** The computer's seats (src/matches/bot-seats.ts): they stop when the server stops. */
  bots: BotSeats;
  /** Several processes: each match's owner (owners.ts). */
  owners?: Owners;
  /**
   * Tells every socket the server is going away (`restarting`) and closes its connection;
   * the clients reconnect (to this server's successor, or to another process).
   */
  closeSockets(): void;
}

export const BODY_LIMIT = 64 * 1024;

export { bearer, bearerOrNull } from './tokens';

export async function buildApp(opts: AppOptions): Promise<Built> {
  const { service } = opts;
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: opts.trustProxy ?? false,
    // A slow client cannot hold a connection for ever (Node's own default is no limit under fastify).
    requestTimeout: opts.requestTimeoutMs ?? 30_000,
    connectionTimeout: opts.connectionTimeoutMs ?? 120_000,
    // Idle keep-alive connections are closed (and announced so) well before the idle cut-off,
    // so that a client never reuses a connection the server is about to drop.
    keepAliveTimeout: Math.min(72_000, Math.floor((opts.connectionTimeoutMs ?? 120_000) / 2)),
    frameworkErrors,
    clientErrorHandler,
    // Request logs carry the method, the path and the address; never a header (seat tokens).
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // Text PostgreSQL cannot store is refused before any schema or route sees it.
  app.addHook('preValidation', refuseUnstorableText);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // The web client and Swagger UI load their own scripts and styles; sockets connect back to this origin.
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
  });

  // Per address on every route (the 404s included), and per token on every request that sends one.
  const rateLimits = new RateLimits(limits, opts.redis, opts.keyPrefix);
  const owners = opts.socketAdapter && opts.leaseDatabaseUrl ? new Owners(new LeaseStore(opts.leaseDatabaseUrl, opts.logger), service, opts.logger) : undefined;
  const limit = rateLimits.hook();
  // Another process's forwarded calls (with this process's secret) are counted where they came in, not again here.
  app.addHook('onRequest', owners ? async (req, reply) => (owners.authentic(req.headers[SECRET_HEADER]) ? undefined : limit(req, reply)) : limit);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ironbottom',
        version: '1',
        description:
          'An authoritative server for two-player hidden-information wargames. Each token sees only what its holder may see. Socket.io on the same port: connect with auth { token, since? }; events state, action, undo, resign, chat, chat:history.',
      },
      components: { securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'A seat, spectator, creator or admin token.' } } },
    },
    transform: jsonSchemaTransform,
  });
  docsRoutes(app);

  const lifecycle = new Lifecycle();
  // A caller with more to start after listening (main.ts: the job queue) says ready itself.
  if (opts.readyOnListen !== false) app.server.once('listening', () => lifecycle.ready());
  const bots = new BotSeats(service, { thinkMs: opts.botThinkMs ?? DEFAULT_BOT_THINK_MS, running: () => lifecycle.phase !== 'stopping' }).attach();
  app.server.once('listening', () => void bots.resume());
  healthRoutes(app, lifecycle, () => service.health());
  const io = new SocketServer(app.server, {
    serveClient: false,
    maxHttpBufferSize: BODY_LIMIT,
    // socket.io's wire format, the pushes encoded without a search for binary data (push-encoder.ts).
    parser: pushParser,
    // One process: socket.io's recovery with its memory bounded (session-adapter.ts). Several: no
    // recovery, for each process pushes to its own sockets only (sockets.ts), so the pushes a
    // socket missed are nowhere to replay; one that comes back, to any process, catches up with `since`.
    ...(opts.socketAdapter
      ? { adapter: opts.socketAdapter }
      : {
          connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
          adapter: BoundedSessionAdapter as unknown as NonNullable<Partial<ServerOptions>['adapter']>,
        }),
  });
  const metrics = new Metrics({
    liveMatches: () => service.matches.size,
    sockets: () => io.engine.clientsCount,
    notices: () => service.opts.notifier?.stats,
    ...(opts.databasePool ? { pool: opts.databasePool } : {}),
  });
  await app.register(metricsPlugin, { metrics, behindProxy: opts.trustProxy === true, ...(opts.metricsToken ? { token: opts.metricsToken } : {}) });

  const lobby = new Lobby(service);
  const chat = new Chat(service, { max: limits.chatMax, windowMs: limits.chatWindowMs });
  const archive = new Archive(service);
  matchRoutes(app, { service, lobby, chat, archive, metrics, chatLimits: { max: limits.chatMax, windowMs: limits.chatWindowMs }, ...(owners ? { owners } : {}) });
  if (owners) {
    internalRoutes(app, { service, lobby, owners, io });
    app.server.once('listening', () => {
      const a = app.server.address();
      const host = typeof a === 'object' && a && !['0.0.0.0', '::', '127.0.0.1', '::1'].includes(a.address) ? (a.family === 'IPv6' ? `[${a.address}]` : a.address) : '127.0.0.1';
      const url = opts.internalUrl ?? `http://${host}:${typeof a === 'object' && a ? a.port : 0}`;
      // Processes on other machines cannot reach a loopback address: say so once, at start, rather than as 503s later.
      if (!opts.internalUrl && host === '127.0.0.1')
        opts.logger.warn({ internalUrl: url }, 'match owners: the other processes will reach this one at a loopback address; on several machines set INTERNAL_URL');
      owners.start(url).catch((err: unknown) => opts.logger.error({ err }, 'could not register this process for match leases'));
    });
  }
  creatorRoutes(app, { service, lobby });
  clockRoutes(app, { service });
  notifyRoutes(app, { service, settings: new NotifySettings(service), spectators: new Spectators(service) });
  ordersRoutes(app, { service });
  pushRoutes(app, { service, ...(opts.push ? { push: opts.push } : {}) });
  adminRoutes(app, { service, archive, adminToken: opts.adminToken, importBodyLimit: opts.importBodyLimit ?? 16 * 1024 * 1024, ...(owners ? { owners } : {}) });
  historyRoutes(app, { service });

  if (opts.webDir && existsSync(join(opts.webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: opts.webDir, prefix: '/', wildcard: false });
    // The client's own routes (a match page, the admin page) all load the same page.
    for (const path of ['/m/*', '/admin', '/admin/*', '/verify']) app.get(path, { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
  }

  attachSockets(io, { service, lobby, chat, rateLimits, metrics, logger: opts.logger, cluster: opts.socketAdapter !== undefined, ...(owners ? { owners } : {}) });
  const closeSockets = () => {
    // This process's sockets only (`local`): with a cluster adapter a plain emit went to every
    // process's sockets, and only after the adapter's round trip, when this process's own
    // connections were already closed (test/server/processes.test.ts).
    io.local.emit('restarting', { message: 'The server is restarting: reconnecting.' });
    // Closing the connections (not disconnecting the sockets) lets the clients reconnect by
    // themselves; each connection is closed once what was written to it has been sent.
    for (const client of Object.values((io.engine as unknown as { clients: Record<string, { close(): void }> }).clients)) client.close();
  };
  app.addHook('onClose', async () => {
    await bots.stop();
    // This process's leases go at once: the others take its matches on their next use.
    await owners?.stop();
    // Awaited: the cluster adapter's heartbeat stops here, before its database pool is ended.
    await io.close();
  });
  return { app, io, lobby, chat, archive, lifecycle, metrics, bots, closeSockets, ...(owners ? { owners } : {}) };
}
