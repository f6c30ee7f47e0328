/** The creator's decisions over HTTP (the creator token returned at creation): seats, deadline, abandon, forfeit. */
import { AbandonedSchema, DeadlineSetSchema, ManagedMatchSchema, ok, ReissuedSchema, StateBodySchema } from '../protocol';
import type { Lobby } from '../matches/lobby';
import type { MatchService } from '../matches/service';
import type { App } from './app-type';
import { bearer, TOKEN_SECURITY } from './tokens';
import { DeadlineBody, EmptyBody, ForfeitBody, MatchIdParams, NoQuery, SideParams } from './schemas';

export function creatorRoutes(app: App, { service, lobby }: { service: MatchService; lobby: Lobby }): void {
  // The creator's decisions (the creator token returned at creation).
  const creator = async (id: string, token: string) => {
    await service.authenticateCreator(id, token);
  };
  app.get(
    '/api/matches/:id/manage',
    {
      schema: {
        tags: ['creator'],
        summary: 'Seats, status and deadline (creator token)',
        params: MatchIdParams,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(ManagedMatchSchema),
      },
    },
    async (req) => {
      await creator(req.params.id, bearer(req));
      return lobby.manage(req.params.id);
    },
  );
  app.post(
    '/api/matches/:id/seats/:side/reissue',
    {
      schema: {
        tags: ['creator'],
        summary: 'A new link for a seat; the old one stops working and the seat is free (creator token)',
        params: SideParams,
        body: EmptyBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(ReissuedSchema),
      },
    },
    async (req) => {
      await creator(req.params.id, bearer(req));
      return lobby.reissue(req.params.id, req.params.side);
    },
  );
  app.post(
    '/api/matches/:id/deadline',
    {
      schema: {
        tags: ['creator'],
        summary: 'Set or clear (null) the move deadline in minutes; running clocks restart (creator token)',
        params: MatchIdParams,
        body: DeadlineBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(DeadlineSetSchema),
      },
    },
    async (req) => {
      await creator(req.params.id, bearer(req));
      return lobby.setDeadline(req.params.id, req.body.minutes);
    },
  );
  app.post(
    '/api/matches/:id/abandon',
    {
      schema: {
        tags: ['creator'],
        summary: 'End the match without a result (creator token)',
        params: MatchIdParams,
        body: EmptyBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(AbandonedSchema),
      },
    },
    async (req) => {
      await creator(req.params.id, bearer(req));
      return lobby.abandon(req.params.id);
    },
  );
  app.post(
    '/api/matches/:id/forfeit',
    {
      schema: {
        tags: ['creator'],
        summary: 'Declare an overdue side forfeited: the other side wins (creator token)',
        params: MatchIdParams,
        body: ForfeitBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      await creator(req.params.id, bearer(req));
      return lobby.forfeit(req.params.id, req.body.side);
    },
  );
}
