/**
 * A seat's notice settings (when each channel sends), the email opt-out link
 * (List-Unsubscribe, RFC 8058 one-click), and the creator turning the spectator link off.
 */
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotifySchema, NotifyModeSchema, ok } from '../protocol';
import type { NotifySettings } from '../matches/notify-settings';
import type { MatchService } from '../matches/service';
import { forbidden } from '../matches/errors';
import type { Spectators } from '../matches/spectators';
import type { App } from './app-type';
import { bearer, TOKEN_SECURITY } from './tokens';
import { MatchIdParams, NoQuery, EmptyBody } from './schemas';

const WhenBody = z.strictObject({ webhook: NotifyModeSchema.optional(), email: NotifyModeSchema.optional(), push: NotifyModeSchema.optional() });
const OptOutParams = MatchIdParams.extend({
  side: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'not a side'),
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not an opt-out key'),
});
/** The one-click form (`List-Unsubscribe=One-Click`), or nothing. */
const OptOutBody = z.union([z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() }), z.string().max(200)]).optional();
const OptedOutSchema = z.object({ email: NotifyModeSchema });
const SpectatorsSchema = z.object({ spectators: z.boolean() });

export interface NotifyRouteDeps {
  service: MatchService;
  spectators: Spectators;
  settings: NotifySettings;
}

export function notifyRoutes(app: App, { service, spectators, settings }: NotifyRouteDeps): void {
  const player = async (id: string, token: string) => {
    const side = await service.authenticate(id, token);
    if (side === 'spectator') throw forbidden('Only a seat has notice settings: this is the spectator link.', 'spectator');
    return side;
  };

  app.get(
    '/api/matches/:id/notify',
    {
      schema: {
        tags: ['seats'],
        summary: 'Your notice settings: addresses, and when each channel sends (seat token)',
        params: MatchIdParams,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(NotifySchema),
      },
    },
    async (req) => settings.view(req.params.id, await player(req.params.id, bearer(req))),
  );
  app.post(
    '/api/matches/:id/notify',
    {
      schema: {
        tags: ['seats'],
        summary: 'When each channel (webhook, email, push) sends: always, away (only while none of your sockets is connected) or never (seat token)',
        params: MatchIdParams,
        body: WhenBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(NotifySchema),
      },
    },
    async (req) => settings.setWhen(req.params.id, await player(req.params.id, bearer(req)), req.body),
  );

  // The unsubscribe link of a seat's emails: GET shows a button (a mail scanner that follows links turns nothing off); POST turns email off.
  app.get('/api/matches/:id/opt-out/:side/:key', { schema: { hide: true, params: OptOutParams, querystring: NoQuery } }, async (req, reply) => {
    const { id, side, key } = req.params;
    await settings.checkOptOut(id, side, key);
    const action = `/api/matches/${encodeURIComponent(id)}/opt-out/${encodeURIComponent(side)}/${key}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Ironbottom: email notices</title><p>Stop email notices of match ${id} (${side})?</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop email notices</button></form>`,
      );
  });
  // A mail client's one-click unsubscribe posts a form: taken on this route only (every other route takes JSON alone).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/matches/:id/opt-out/:side/:key',
      {
        schema: {
          tags: ['seats'],
          summary: "The unsubscribe link of a seat's emails (one-click): its email notices turn off",
          params: OptOutParams,
          body: OptOutBody,
          querystring: NoQuery,
          response: ok(OptedOutSchema),
        },
      },
      async (req) => settings.optOut(req.params.id, req.params.side, req.params.key),
    );
  });

  app.post(
    '/api/matches/:id/spectators/off',
    {
      schema: {
        tags: ['creator'],
        summary: 'Turn the spectator link off (its watchers are disconnected); re-issue it to turn it on again (creator token)',
        params: MatchIdParams,
        body: EmptyBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(SpectatorsSchema),
      },
    },
    async (req) => {
      await service.authenticateCreator(req.params.id, bearer(req));
      return spectators.off(req.params.id);
    },
  );
}
