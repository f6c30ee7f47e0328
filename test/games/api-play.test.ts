/**
 * Random play through the HTTP API reaches a result in both rule sets: a handful of matches
 * of East Wind Rain and of Empire of the Sun's submarine warfare, created and played to the
 * end by seeded bots that see only the state body their seat's token gets, each ending
 * finished with a result; then `GET /verify` re-runs each from its seed.
 */
import { Rng, seedState } from '../../src/engine';
import { startTestServer, api, type TestServer } from '../support/server';
import { botChoice, CLOSING, PLAYING_ON, type Bias } from './random-play';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

async function playOverHttp(game: string, options: unknown, seed: string, bias: Bias, max: number) {
  const created = await api(srv.url, 'POST', '/api/matches', { game, options });
  expect(created.status).toBe(201);
  const m = created.body;
  const tokens: Record<string, string> = Object.fromEntries(Object.entries(m.seats).map(([side, link]) => [side, (link as { token: string }).token]));
  const rngs = Object.fromEntries(Object.keys(tokens).map((side) => [side, new Rng(seedState(`${seed}/${side}`, 'bot'))]));
  const decided: Record<string, number> = Object.fromEntries(Object.keys(tokens).map((s) => [s, 0]));
  for (let i = 0; i < max; i++) {
    let moved = false;
    for (const side of Object.keys(tokens)) {
      const body = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, tokens[side])).body;
      if (body.status === 'finished') return { m, body, actions: i, decided };
      if (!body.prompt) continue;
      const action = botChoice(rngs[side]!, body.view, body.prompt.actions, bias);
      const r = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: body.seq, action }, tokens[side]);
      expect(r.status).toBe(200);
      if (body.prompt.actions.length > 1) decided[side]!++;
      moved = true;
      break;
    }
    if (!moved) throw new Error('no side could move');
  }
  throw new Error(`${game}: no result within ${max} actions`);
}

test.each([
  ['ewr', { scenario: 'coral-sea-1942' }, PLAYING_ON, 400],
  ['ewr', { scenario: 'marianas-1944' }, PLAYING_ON, 400],
  ['ewr', { scenario: 'ironbottom-1942' }, PLAYING_ON, 400],
  ['eots-subwar', { scenario: '1944' }, CLOSING, 1500],
  ['eots-subwar', { scenario: '1943' }, CLOSING, 1500],
] as const)(
  '%s %j: random play over the HTTP API ends finished with a result, and verifies',
  async (game, options, bias, max) => {
    const { m, body, decided } = await playOverHttp(game, options, `api-${game}-${JSON.stringify(options)}`, bias, max);
    expect(body.result).toMatchObject({ text: expect.any(String), score: { allied: expect.any(Number), japanese: expect.any(Number) } });
    expect(body.result.winner === null || ['allied', 'japanese'].includes(body.result.winner)).toBe(true);
    expect(Object.values(decided).some((n) => n > 0)).toBe(true);
    const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ ok: true, problems: [] });
  },
  300_000,
);
