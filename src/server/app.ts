/**
 * The HTTP and socket edge: zod on every input before anything else runs, identity from
 * the bearer token or the socket's handshake (never from a body), then a call into the
 * match service. Errors go to their sender only, as `{ error: { code, message } }`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Server as SocketServer } from 'socket.io';
import type { Logger } from 'pino';
import { z } from 'zod';
import { toJSONSchema } from 'zod';
import { ApiError, unauthorized } from '../matches/errors';
import type { MatchService } from '../matches/service';
import { attachSockets } from './sockets';

export interface AppOptions {
  service: MatchService;
  logger: Logger;
  /** The built web client (served at /), if present. */
  webDir?: string;
}

export const MatchIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'not a match id') });
export const CreateMatchBody = z.strictObject({
  game: z.string().min(1).max(40),
  options: z.record(z.string(), z.unknown()).optional(),
});
export const ActionBody = z.strictObject({
  seq: z.number().int().nonnegative(),
  action: z.unknown(),
});
export const StateQuery = z.strictObject({
  since: z.coerce.number().int().min(-1).optional(),
});

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  if (!m) throw unauthorized('Send your seat or spectator token as "Authorization: Bearer <token>".');
  return m[1]!;
}

export async function buildApp(opts: AppOptions): Promise<{ app: App; io: SocketServer }> {
  const { service } = opts;
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: 64 * 1024,
    // Never log the Authorization header (seat tokens).
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
      return reply.status(status).send({ error: { code: (err as { code?: string }).code ?? 'bad-request', message: (err as Error).message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Internal error.' } });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: { code: 'not-found', message: `No route ${req.method} ${req.url.split('?')[0]}` } }),
  );

  app.get('/health', async (_req, reply) => {
    try {
      await service.health();
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false, error: { code: 'db-down', message: 'The database does not answer.' } });
    }
  });

  app.get('/api/games', async () =>
    service.listGames().map((g) => ({
      id: g.id,
      name: g.name,
      sides: g.sides,
      options: toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }),
    })),
  );

  app.get('/api/games/:game', { schema: { params: z.object({ game: z.string().max(40) }) } }, async (req) => {
    const g = service.gameModule(req.params.game);
    return { id: g.id, name: g.name, sides: g.sides, data: g.publicData() };
  });

  app.post('/api/matches', { schema: { body: CreateMatchBody } }, async (req, reply) => {
    const created = await service.create(req.body.game, req.body.options ?? {});
    return reply.status(201).send(created);
  });

  app.get('/api/matches/:id', { schema: { params: MatchIdParams, querystring: StateQuery } }, async (req) => {
    const viewer = await service.authenticate(req.params.id, bearer(req));
    return service.state(req.params.id, viewer, req.query.since ?? -1);
  });

  app.post('/api/matches/:id/actions', { schema: { params: MatchIdParams, body: ActionBody } }, async (req) => {
    const viewer = await service.authenticate(req.params.id, bearer(req));
    return service.submit(req.params.id, viewer, req.body.seq, req.body.action);
  });

  if (opts.webDir && existsSync(join(opts.webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: opts.webDir, prefix: '/', wildcard: false });
    // The client's own routes (a match page, the admin page) all load the same page.
    for (const path of ['/m/*', '/admin', '/admin/*']) app.get(path, (_req, reply) => reply.sendFile('index.html'));
  }

  const io = new SocketServer(app.server, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  attachSockets(io, service, opts.logger);
  app.addHook('onClose', async () => {
    io.close();
  });
  return { app, io };
}
