/** The public HTTP API: games, matches, seats, undo, resign, rematch, chat, verification (the creator's decisions: routes-creator.ts). */
import { toJSONSchema, z } from 'zod';
import { MatchFileSchema, type Archive } from '../matches/archive';
import {
  ChatListSchema,
  ChatMessageSchema,
  ClaimedSchema,
  created,
  CreatedMatchSchema,
  GameDataSchema,
  GameInfoSchema,
  JoinedSchema,
  LeftSchema,
  ok,
  OpenMatchSchema,
  RematchSchema,
  StateBodySchema,
  VerificationSchema,
} from '../protocol';
import { botKinds } from '../bots/kinds';
import type { Chat } from '../matches/chat';
import type { Lobby } from '../matches/lobby';
import { hashToken, type MatchService } from '../matches/service';
import type { App } from './app-type';
import type { Metrics } from './metrics';
import { ApiError } from '../matches/errors';
import { seatCommand } from './seat-command';
import type { Owners } from './owners';
import { callMatch, type CallDeps } from './owner-calls';
import type { StateBody } from '../matches/live';
import { bearer, TOKEN_SECURITY } from './tokens';
import {
  ActionBody,
  ChatBody,
  ChatQuery,
  ClaimBody,
  RevealBody,
  CreateMatchBody,
  GameDataQuery,
  GameParams,
  JoinBody,
  ListQuery,
  MatchIdParams,
  NoQuery,
  RematchBody,
  StateQuery,
  UndoBody,
  VerifyQuery,
} from './schemas';

interface Deps {
  metrics: Metrics;
  /** The chat's rate limit (for the headers of its 429s). */
  chatLimits: { max: number; windowMs: number };
  service: MatchService;
  lobby: Lobby;
  chat: Chat;
  archive: Archive;
  /** Several processes: each match's owner (owners.ts), where its state, actions, undos and resignations run. */
  owners?: Owners;
}

export function matchRoutes(app: App, { service, lobby, chat, archive, metrics, chatLimits, owners }: Deps): void {
  const calls: CallDeps = { service, lobby, ...(owners ? { owners } : {}) };
  app.get(
    '/api/games',
    { schema: { tags: ['games'], summary: 'The game modules, their sides and option schemas', querystring: NoQuery, response: ok(z.array(GameInfoSchema)) } },
    async () =>
      service.listGames().map((g) => ({
        id: g.id,
        name: g.name,
        sides: g.sides,
        options: toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }),
        bots: botKinds(g.id),
      })),
  );

  app.get(
    '/api/games/:game',
    {
      schema: {
        tags: ['games'],
        summary: "A game's public data: counters, map, tables (?only=KEY,KEY… for some of its parts)",
        params: GameParams,
        querystring: GameDataQuery,
        response: ok(GameDataSchema),
      },
    },
    async (req) => {
      const g = service.gameModule(req.params.game);
      const data = g.publicData();
      // A client asks for the parts it draws from (a player's page never holds the counter sheet it does not need).
      const only = req.query.only?.split(',');
      const part =
        only && data && typeof data === 'object' ? Object.fromEntries(only.filter((k) => Object.hasOwn(data, k)).map((k) => [k, (data as Record<string, unknown>)[k]])) : data;
      return { id: g.id, name: g.name, sides: g.sides, data: part };
    },
  );

  app.post(
    '/api/matches',
    {
      schema: {
        tags: ['matches'],
        summary: 'Create a match: one private link per seat, a spectator link and the creator token (each shown once)',
        body: CreateMatchBody,
        querystring: NoQuery,
        response: created(CreatedMatchSchema),
      },
    },
    async (req, reply) => {
      const created = await service.create(req.body.game, req.body.options ?? {}, {
        listed: req.body.listed,
        deadlineMinutes: req.body.deadlineMinutes,
        clock: req.body.clock,
        bots: req.body.bots,
      });
      // Several processes: the creator owns the new match (its copy is in memory already), unless another took it first.
      await owners?.created(created.id);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/matches',
    { schema: { tags: ['matches'], summary: 'Listed matches waiting for a player (no secret)', querystring: ListQuery, response: ok(z.array(OpenMatchSchema)) } },
    async () => lobby.openMatches(),
  );

  app.get(
    '/api/matches/:id',
    {
      schema: {
        tags: ['matches'],
        summary: 'The state as the token holder sees it',
        params: MatchIdParams,
        querystring: StateQuery,
        security: TOKEN_SECURITY,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return callMatch(calls, req.params.id, { op: 'state', side: viewer, since: req.query.since ?? -1 }) as Promise<StateBody>;
    },
  );

  app.post(
    '/api/matches/:id/actions',
    {
      schema: {
        tags: ['play'],
        summary: 'Send an action with the seq you know',
        params: MatchIdParams,
        body: ActionBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return metrics.action(
        'action',
        'http',
        () => callMatch(calls, req.params.id, { op: 'action', side: viewer, seq: req.body.seq, action: req.body.action, answer: 'body' }) as Promise<StateBody>,
      );
    },
  );

  app.post(
    '/api/matches/:id/undo',
    {
      schema: {
        tags: ['play'],
        summary: 'Take back your last decision, while nothing was learned since',
        params: MatchIdParams,
        body: UndoBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(StateBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return metrics.action('undo', 'http', () => callMatch(calls, req.params.id, { op: 'undo', side: viewer, seq: req.body.seq, answer: 'body' }) as Promise<StateBody>);
    },
  );

  seatCommand(app, service, '/api/matches/:id/resign', { tags: ['play'], summary: 'Resign: the match ends, the other side wins', response: StateBodySchema }, (matchId, viewer) =>
    metrics.action('resign', 'http', () => callMatch(calls, matchId, { op: 'resign', side: viewer, answer: 'body' }) as Promise<StateBody>),
  );

  app.post(
    '/api/matches/:id/claim',
    {
      schema: {
        tags: ['seats'],
        summary: "Take your seat: a display name, where 'your move' notices go (returns the webhook secret), and your dice commitment",
        params: MatchIdParams,
        body: ClaimBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(ClaimedSchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return lobby.claim(req.params.id, viewer, { name: req.body.name, notify: req.body.notify, commitment: req.body.commitment, value: req.body.value });
    },
  );

  app.post(
    '/api/matches/:id/reveal',
    {
      schema: {
        tags: ['seats'],
        summary: 'Reveal your dice value once every seat is taken: checked against your commitment, kept secret until the end (docs/fairness.md)',
        params: MatchIdParams,
        body: RevealBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(ClaimedSchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return lobby.reveal(req.params.id, viewer, req.body.value);
    },
  );

  app.post(
    '/api/matches/:id/join',
    {
      schema: {
        tags: ['seats'],
        summary: 'Take a free seat of a listed match (no token needed; returns your seat link)',
        params: MatchIdParams,
        body: JoinBody,
        querystring: NoQuery,
        response: ok(JoinedSchema),
      },
    },
    async (req) => lobby.join(req.params.id, req.body.side, { name: req.body.name, notify: req.body.notify, commitment: req.body.commitment, value: req.body.value }),
  );

  seatCommand(
    app,
    service,
    '/api/matches/:id/leave',
    { tags: ['seats'], summary: 'Leave your seat: your link stops working, the match waits', response: LeftSchema },
    (matchId, viewer) => lobby.leave(matchId, viewer),
  );

  app.post(
    '/api/matches/:id/rematch',
    {
      schema: {
        tags: ['seats'],
        summary: 'A rematch of an ended match, same or swapped sides: your link for it',
        params: MatchIdParams,
        body: RematchBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(RematchSchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      const r = await lobby.rematch(req.params.id, viewer, req.body?.swap ?? false);
      // Several processes: the rematch is this process's, as a new match is (asked again, it may be another's already).
      await owners?.created(r.id);
      return r;
    },
  );

  app.get(
    '/api/matches/:id/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "The chat's messages after number `after` (a message's id is its number in its channel)",
        params: MatchIdParams,
        querystring: ChatQuery,
        security: TOKEN_SECURITY,
        response: ok(ChatListSchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return { messages: await chat.list(req.params.id, viewer, req.query.channel, req.query.after ?? 0) };
    },
  );

  app.post(
    '/api/matches/:id/chat',
    {
      schema: {
        tags: ['chat'],
        summary: 'Write in your chat (players, or spectators)',
        params: MatchIdParams,
        body: ChatBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: created(ChatMessageSchema),
      },
    },
    async (req, reply) => {
      const token = bearer(req);
      const viewer = await service.authenticate(req.params.id, token);
      const key = hashToken(token) + (viewer === 'spectator' ? `:${req.ip}` : '');
      try {
        return reply.status(201).send(await chat.post(req.params.id, viewer, req.body.channel, req.body.text, req.body.name, key));
      } catch (e) {
        // The chat's own window: a 429 says when to write again, as every 429 does.
        if (e instanceof ApiError && e.status === 429) {
          const seconds = Math.max(1, Math.ceil(chatLimits.windowMs / 1000));
          reply.header('retry-after', seconds).header('x-ratelimit-limit', chatLimits.max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', seconds);
        }
        throw e;
      }
    },
  );

  app.get(
    '/api/matches/:id/file',
    {
      schema: {
        tags: ['fair dice'],
        summary: "Once the match has ended: its match file (seed, every seat's commitment and value, every action and roll), to verify offline or in the browser",
        params: MatchIdParams,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(MatchFileSchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return archive.matchFile(req.params.id, viewer);
    },
  );

  app.get(
    '/api/matches/:id/verify',
    {
      schema: {
        tags: ['fair dice'],
        summary:
          "Once the match has ended: check every seat's value against its commitment, the seed against its hash (?seedHash= the one you saw at creation), re-run the match and check every roll and the final state",
        params: MatchIdParams,
        querystring: VerifyQuery,
        security: TOKEN_SECURITY,
        response: ok(VerificationSchema),
      },
    },
    async (req) => {
      await service.authenticate(req.params.id, bearer(req));
      return archive.verifyMatch(req.params.id, { seedHash: req.query.seedHash });
    },
  );
}
