/**
 * Web Push: the server's VAPID public key (what a browser subscribes with), and a seat's
 * holder subscribing or unsubscribing the device it plays on (seat token; a spectator
 * cannot). Without Web Push set up (WEB_PUSH=false) every one is 404 `push-off`.
 */
import { z } from 'zod';
import { PushKeySchema, PushStatusSchema, ok } from '../protocol';
import { ApiError, forbidden } from '../matches/errors';
import type { PushSubscriptions } from '../matches/push-subscriptions';
import type { MatchService } from '../matches/service';
import { hashToken } from '../matches/tokens';
import type { App } from './app-type';
import { bearer, TOKEN_SECURITY } from './tokens';
import { MatchIdParams, NoQuery } from './schemas';

/** A required field whose message never reads "undefined". */
const text = (what: string) => z.string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be a string`) });
const obj = <T extends z.ZodRawShape>(what: string, shape: T) =>
  z.strictObject(shape, { error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be an object`) });
const Base64Url = (what: string, max: number) =>
  text(what)
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');
const Endpoint = text('endpoint')
  .max(1000)
  .regex(/^https?:\/\/[\x21-\x7e]+$/i, 'an http(s) URL');

/** A browser's `PushSubscription.toJSON()`. */
const SubscribeBody = obj('the body', {
  endpoint: Endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: obj('keys', { p256dh: Base64Url('keys.p256dh', 120), auth: Base64Url('keys.auth', 60) }),
});
const UnsubscribeBody = obj('the body', { endpoint: Endpoint });

export interface PushRouteDeps {
  service: MatchService;
  /** Absent: Web Push is off. */
  push?: { publicKey: string; subscriptions: PushSubscriptions };
}

export function pushRoutes(app: App, { service, push }: PushRouteDeps): void {
  const on = () => {
    if (!push) throw new ApiError(404, 'push-off', 'Web Push is not set up on this server.');
    return push;
  };
  const player = async (id: string, token: string) => {
    const side = await service.authenticate(id, token);
    if (side === 'spectator') throw forbidden('Only a seat can be notified: this is the spectator link.', 'spectator');
    return side;
  };

  app.get(
    '/api/push/key',
    { schema: { tags: ['seats'], summary: "The server's VAPID public key (base64url), to subscribe a browser with", querystring: NoQuery, response: ok(PushKeySchema) } },
    async () => ({ publicKey: on().publicKey }),
  );
  app.post(
    '/api/matches/:id/push',
    {
      schema: {
        tags: ['seats'],
        summary: "Notify this device (a browser's PushSubscription) of your moves by Web Push (seat token)",
        params: MatchIdParams,
        body: SubscribeBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(PushStatusSchema),
      },
    },
    async (req) => {
      const p = on();
      const token = bearer(req);
      return p.subscriptions.subscribe(req.params.id, await player(req.params.id, token), hashToken(token), req.body);
    },
  );
  app.delete(
    '/api/matches/:id/push',
    {
      schema: {
        tags: ['seats'],
        summary: 'Stop notifying this device (by its push endpoint) of this match (seat token)',
        params: MatchIdParams,
        body: UnsubscribeBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(PushStatusSchema),
      },
    },
    async (req) => {
      const p = on();
      const token = bearer(req);
      return p.subscriptions.unsubscribe(req.params.id, await player(req.params.id, token), hashToken(token), req.body.endpoint);
    },
  );
}
