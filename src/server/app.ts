/**
 * The HTTP and socket edge: zod on every input before anything else runs, identity from
 * the bearer token or the socket's handshake (never from a body), then a call into the
 * match service. Errors go to their sender only, as `{ error: { code, message } }`.
 *
 * Hardening: @fastify/helmet, @fastify/rate-limit on every route (per address, and per
 * token when a bearer token is sent), a 64 KiB body limit (the admin's import excepted),
 * OpenAPI from the zod schemas at /docs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { ApiError, unauthorized } from '../matches/errors';
import { hashToken, type MatchService } from '../matches/service';
import { Lobby } from '../matches/lobby';
import { Chat } from '../matches/chat';
import { Archive } from '../matches/archive';
import { attachSockets } from './sockets';
import { WindowLimiter } from '../matches/limiter';
import { matchRoutes } from './routes-matches';
import { adminRoutes } from './routes-admin';
import { docsRoutes } from './docs';

export { MatchIdParams, CreateMatchBody, ActionBody, StateQuery } from './schemas';

export interface Limits {
  /** The rate limits' window. */
  windowMs: number;
  /** Requests (and socket events) per window from one address. */
  addressMax: number;
  /** Requests (and socket events) per window with one token. */
  tokenMax: number;
  /** Chat messages per chat window with one token. */
  chatMax: number;
  chatWindowMs: number;
}

export const DEFAULT_LIMITS: Limits = { windowMs: 60_000, addressMax: 600, tokenMax: 300, chatMax: 8, chatWindowMs: 10_000 };

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
}

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface Built {
  app: App;
  io: SocketServer;
  lobby: Lobby;
  chat: Chat;
  archive: Archive;
}

export const BODY_LIMIT = 64 * 1024;

export function bearerOrNull(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1]! : null;
}

export function bearer(req: FastifyRequest): string {
  const t = bearerOrNull(req);
  if (!t) throw unauthorized('Send your seat or spectator token as "Authorization: Bearer <token>".');
  return t;
}

export async function buildApp(opts: AppOptions): Promise<Built> {
  const { service } = opts;
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: opts.trustProxy ?? false,
    // Request logs carry the method, the path and the address; never a header (seat tokens).
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ApiError) {
      const body: Record<string, unknown> = { error: { code: err.code, message: err.message } };
      if (err.detail !== undefined) body.state = err.detail;
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = err.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ');
      return reply.status(400).send({ error: { code: 'invalid-request', message } });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate-limited' : ((err as { code?: string }).code ?? 'bad-request');
      return reply.status(status).send({ error: { code, message: (err as Error).message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Internal error.' } });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: { code: 'not-found', message: `No route ${req.method} ${req.url.split('?')[0]}` } }),
  );

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

  // Per address, on every route (the 404s included).
  await app.register(rateLimit, {
    global: true,
    max: limits.addressMax,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `ip:${req.ip}`,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'rate-limited', message: `Too many requests from your address: try again in ${ctx.after}.` }),
  });
  // Per token, on every request that sends one. (Not a second @fastify/rate-limit instance:
  // its instances share a once-per-request mark, so the second would never count.)
  const perToken = new WindowLimiter(limits.tokenMax, limits.windowMs);
  app.addHook('onRequest', async (req, reply) => {
    const t = bearerOrNull(req);
    if (t && !perToken.take(`token:${hashToken(t)}`)) {
      reply.header('retry-after', Math.ceil(limits.windowMs / 1000));
      throw new ApiError(429, 'rate-limited', `Too many requests with this token: try again in ${Math.ceil(limits.windowMs / 1000)} seconds.`);
    }
  });

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

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await service.health();
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false, error: { code: 'db-down', message: 'The database does not answer.' } });
    }
  });

  const lobby = new Lobby(service);
  const chat = new Chat(service, { max: limits.chatMax, windowMs: limits.chatWindowMs });
  const archive = new Archive(service);
  matchRoutes(app, { service, lobby, chat, archive });
  adminRoutes(app, { service, archive, adminToken: opts.adminToken, importBodyLimit: opts.importBodyLimit ?? 16 * 1024 * 1024 });

  if (opts.webDir && existsSync(join(opts.webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: opts.webDir, prefix: '/', wildcard: false });
    // The client's own routes (a match page, the admin page) all load the same page.
    for (const path of ['/m/*', '/admin', '/admin/*']) app.get(path, { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
  }

  const io = new SocketServer(app.server, {
    serveClient: false,
    maxHttpBufferSize: BODY_LIMIT,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    ...(opts.socketAdapter ? { adapter: opts.socketAdapter } : {}),
  });
  attachSockets(io, { service, lobby, chat, limits, logger: opts.logger, cluster: opts.socketAdapter !== undefined });
  app.addHook('onClose', async () => {
    io.close();
  });
  return { app, io, lobby, chat, archive };
}
