/**
 * The admin's routes, under /api/admin, with `Authorization: Bearer <ADMIN_TOKEN>`.
 * Without ADMIN_TOKEN they do not exist (404), as for any unknown route.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdminMatchListSchema, created, CreatedMatchSchema, ok, StateBodySchema, VerificationSchema } from '../protocol';
import { MatchFileSchema, type Archive } from '../matches/archive';
import { ApiError } from '../matches/errors';
import { sha256, type MatchService } from '../matches/service';
import type { Owners } from './owners';
import type { App } from './app-type';
import { bearerOrNull } from './tokens';
import { AdminListQuery, MatchIdParams, NoQuery, ReplayQuery } from './schemas';

interface Deps {
  service: MatchService;
  archive: Archive;
  adminToken?: string;
  importBodyLimit: number;
  /** Several processes: an imported match's lease is taken by the process that made it (owners.ts). */
  owners?: Owners;
}

const admin = [{ token: [] as string[] }];

/** An imported match: its new links, the match it came from, and the verification it passed. */
const ImportedSchema = CreatedMatchSchema.extend({ importedFrom: z.string(), verification: VerificationSchema });

export function adminRoutes(app: App, { archive, adminToken, importBodyLimit, owners }: Deps): void {
  if (!adminToken) return;
  const want = Buffer.from(sha256(adminToken), 'hex');
  /** Runs first (onRequest): nothing about a request is looked at before the admin token is. */
  const requireAdmin = async (req: FastifyRequest) => {
    const t = bearerOrNull(req);
    if (!t) throw new ApiError(401, 'unauthorized', 'Send the admin token as "Authorization: Bearer <token>".');
    if (!timingSafeEqual(Buffer.from(sha256(t), 'hex'), want)) throw new ApiError(403, 'not-admin', 'This is not the admin token.');
  };

  app.get(
    '/api/admin/matches',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Every match: status, sides, seq, last activity', querystring: AdminListQuery, security: admin, response: ok(AdminMatchListSchema) },
    },
    async (req) => {
      return archive.list(req.query);
    },
  );

  app.get(
    '/api/admin/matches/:id/replay',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The state at real seq K as a viewer saw it (referee, spectator or a side), with total = the number of actions',
        params: MatchIdParams,
        querystring: ReplayQuery,
        security: admin,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      return archive.replay(req.params.id, req.query.seq, req.query.as);
    },
  );

  app.get(
    '/api/admin/matches/:id/export',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The match file: game, options, seed, actions, timestamps',
        params: MatchIdParams,
        querystring: NoQuery,
        security: admin,
        response: ok(MatchFileSchema),
      },
    },
    async (req) => {
      return archive.exportMatch(req.params.id);
    },
  );

  app.post(
    '/api/admin/matches/import',
    {
      bodyLimit: importBodyLimit,
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Import a match file into a fresh match; refused unless it verifies',
        body: MatchFileSchema,
        querystring: NoQuery,
        security: admin,
        response: created(ImportedSchema),
      },
    },
    async (req, reply) => {
      const imported = await archive.importMatch(req.body);
      await owners?.created(imported.id);
      return reply.status(201).send(imported);
    },
  );
}
