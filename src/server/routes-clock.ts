/** The time banks' pause over HTTP (a seat token): propose or agree to a pause, resume (src/matches/time-bank.ts). */
import { ok, StateBodySchema } from '../protocol';
import type { MatchService } from '../matches/service';
import type { App } from './app-type';
import { bearer } from './tokens';
import { EmptyBody, MatchIdParams, NoQuery } from './schemas';

const seat = [{ token: [] as string[] }];

export function clockRoutes(app: App, { service }: { service: MatchService }): void {
  app.post(
    '/api/matches/:id/pause',
    {
      schema: {
        tags: ['play'],
        summary: "Propose a pause of the time banks (a holiday), or agree to the other player's: no bank runs until either resumes (seat token)",
        params: MatchIdParams,
        body: EmptyBody,
        querystring: NoQuery,
        security: seat,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return service.banks.pause(req.params.id, viewer);
    },
  );
  app.post(
    '/api/matches/:id/resume',
    {
      schema: {
        tags: ['play'],
        summary: 'Resume paused time banks, or withdraw or decline a proposed pause (seat token)',
        params: MatchIdParams,
        body: EmptyBody,
        querystring: NoQuery,
        security: seat,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return service.banks.resume(req.params.id, viewer);
    },
  );
}
