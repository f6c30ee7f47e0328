/**
 * A seat's command over HTTP with nothing in its body (resign, leave, pause, resume):
 * `POST /api/matches/:id/<what>`, the seat's token in the Authorization header, the answer
 * `response` (or a 4xx `{ error }`).
 */
import type { z, ZodType } from 'zod';
import type { Viewer } from '../engine';
import type { MatchService } from '../matches/service';
import { ok } from '../protocol';
import type { App } from './app-type';
import { EmptyBody, MatchIdParams, NoQuery } from './schemas';
import { bearer, TOKEN_SECURITY } from './tokens';

export function seatCommand<T extends ZodType>(
  app: App,
  service: MatchService,
  path: `/api/matches/:id/${string}`,
  doc: { tags: string[]; summary: string; response: T },
  run: (matchId: string, viewer: Viewer) => Promise<z.output<T>>,
): void {
  app.post(
    path,
    {
      schema: { tags: doc.tags, summary: doc.summary, params: MatchIdParams, body: EmptyBody, querystring: NoQuery, security: TOKEN_SECURITY, response: ok<ZodType>(doc.response) },
    },
    // `run` is typed against `response` above (fastify cannot resolve its reply type for a generic T, hence ZodType there).
    async (req) => run(req.params.id, await service.authenticate(req.params.id, bearer(req))),
  );
}
