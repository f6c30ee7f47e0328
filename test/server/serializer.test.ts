/**
 * The responses' serializer (src/server/serializer.ts): a body with a log is checked and written
 * as fastify-type-provider-zod's zod serializer checks and writes it — the same text, byte for
 * byte, for a real SSJ match's state bodies and history steps (the log's entries checked by hand,
 * the rest by zod), and the same refusals: an entry `LogEntrySchema` refuses is a serialization
 * error (a 500, never sent), whatever else the body holds.
 */
import fc from 'fast-check';
import pino from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { GAMES } from '../../src/games';
import { plausibleBot } from '../../src/games/ssj/bot';
import type { Bot } from '../../src/bots';
import { MatchService } from '../../src/matches/service';
import { HistoryBodySchema, LogEntrySchema, StateBodySchema } from '../../src/protocol';
import { buildApp, type App } from '../../src/server/app';
import { checkedLog, responseSerializer } from '../../src/server/serializer';
import { MemoryMatchStore } from '../../src/store/memory-match-store';

const route = (schema: ZodType) => ({ schema, method: 'GET', url: '/api/matches/:id', httpStatus: '200' });
const zodText = (schema: ZodType, body: unknown) => serializerCompiler(route(schema))(body);
const ourText = (schema: ZodType, body: unknown) => String(responseSerializer(route(schema))(body));

let service: MatchService;
let app: App;
let id = '';
let base = '';
/** A request over HTTP (jest cannot load light-my-request's ESM dependency for inject). */
const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) };
  const res = await fetch(base + url, { method, headers, ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}) });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  service = new MatchService(new MemoryMatchStore(), { games: GAMES, publicUrl: 'http://serializer.test', snapshotEvery: 50, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  app = (await buildApp({ service, logger: pino({ level: 'silent' }) })).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const created = await service.create('ssj', {});
  id = created.id;
  tokens.allied = created.seats.allied!.token;
  tokens.japanese = created.seats.japanese!.token;
  tokens.spectator = created.spectator.token;
  const bots: Record<string, Bot> = { allied: plausibleBot('ser/allied') as Bot, japanese: plausibleBot('ser/japanese') as Bot };
  // Into the campaign: private deployments, rolls, reveals (some hundreds of log entries).
  for (let i = 0; i < 160; i++) {
    for (const side of ['allied', 'japanese']) {
      const body = await service.state(id, side, -1);
      if (!body.prompt) continue;
      const action = bots[side]!.choose({ side, view: body.view, prompt: body.prompt });
      expect((await call('POST', `/api/matches/${id}/actions`, tokens[side]!, { seq: body.seq, action })).status).toBe(200);
      break;
    }
  }
}, 60_000);
afterAll(async () => {
  await app.close();
  await service.stop();
});

describe('a body with a log is written as the zod serializer writes it', () => {
  test.each(['allied', 'japanese', 'spectator'])('the whole state body of an SSJ match, as %s: the same text', async (viewer) => {
    const body = await service.state(id, viewer, -1);
    expect(body.log.length).toBeGreaterThan(50);
    expect(ourText(StateBodySchema, body)).toBe(zodText(StateBodySchema, body));
    // And after a seq: the log's tail.
    const since = await service.state(id, viewer, Math.max(0, body.seq - 5));
    expect(ourText(StateBodySchema, since)).toBe(zodText(StateBodySchema, since));
  });

  test('GET /api/matches/:id answers that text', async () => {
    for (const viewer of ['allied', 'japanese', 'spectator']) {
      const r = await call('GET', `/api/matches/${id}`, tokens[viewer]!);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
      expect(r.text).toBe(zodText(StateBodySchema, await service.state(id, viewer, -1)));
    }
  });

  test('a history step: the same text', async () => {
    const r = await call('GET', `/api/matches/${id}/history?at=30`, tokens.allied!);
    expect(r.status).toBe(200);
    const body = JSON.parse(r.text) as { log: unknown[] };
    expect(body.log.length).toBeGreaterThan(0);
    expect(ourText(HistoryBodySchema, body)).toBe(zodText(HistoryBodySchema, body));
  });

  test('keys the schema does not know are dropped, from the entries and the body, as zod drops them', async () => {
    const body = await service.state(id, 'allied', -1);
    const odd = { extra: 1, ...body, log: body.log.map((e, i) => (i % 3 === 0 ? { secret: 'x', ...e } : e)) };
    const text = ourText(StateBodySchema, odd);
    expect(text).toBe(zodText(StateBodySchema, odd));
    expect(text).not.toContain('"secret"');
    expect(text).not.toContain('"extra"');
  });
});

describe('an entry LogEntrySchema refuses is refused', () => {
  const bad = [
    { seq: 1.5, to: 'public', text: 'a' },
    { seq: Number.NaN, to: 'public', text: 'a' },
    { seq: 2 ** 60, to: 'public', text: 'a' },
    { seq: 1, to: 'everyone', text: 'a' },
    { seq: 1, to: ['allied', 3], text: 'a' },
    { seq: 1, to: 'public' },
    { seq: 1, to: 'public', text: 'a', data: [] },
    { seq: 1, to: 'public', text: 'a', data: null },
    { seq: 1, to: 'public', text: 'a', data: 'x' },
    null,
    'entry',
    [1, 'public', 'a'],
  ];
  test.each(bad.map((e) => [JSON.stringify(e) ?? String(e), e]))('%s: a serialization error, as with zod', async (_, entry) => {
    const body = await service.state(id, 'allied', -1);
    const broken = { ...body, log: [...body.log, entry] };
    expect(() => zodText(StateBodySchema, broken)).toThrow(/doesn't match the schema/);
    expect(() => ourText(StateBodySchema, broken)).toThrow(/doesn't match the schema/);
  });

  test('the hand check takes an entry only if zod takes it, and gives what zod gives', () => {
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
    );
    const entry = fc.oneof(
      fc.record({ seq: value, to: fc.oneof(fc.constant('public'), value), text: value, data: value }, { requiredKeys: [] }),
      fc.record(
        { seq: fc.integer(), to: fc.oneof(fc.constant('public'), fc.array(fc.string())), text: fc.string(), data: fc.dictionary(fc.string(), fc.jsonValue()) },
        { requiredKeys: ['seq', 'to', 'text'] },
      ),
      value,
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (log) => {
        const ours = checkedLog(log);
        const theirs = LogEntrySchema.array().safeEncode(log as never);
        if (ours) expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs.data));
        // What zod refuses, the hand check refuses (it may refuse more: zod then decides).
        if (theirs.error) expect(ours).toBeNull();
      }),
      { numRuns: 2000, seed: 43 },
    );
  });
});
