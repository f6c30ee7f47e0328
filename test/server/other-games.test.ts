/**
 * East Wind Rain and Empire of the Sun's submarine warfare run on the same server as Sky,
 * Sea, and JUNGLE: created and played to the end over HTTP by bots that see only their
 * state body; no reply to one side names what the other side keeps hidden; once over,
 * `GET /verify` re-runs each from its seed and confirms every roll.
 */
import { randomBot } from '../../src/bots';
import { CORAL_SEA_1942 } from '../../src/games/ewr/data/scenarios';
import { startTestServer, api, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** Plays to a result, or after `max` actions has the first side resign (verification needs an ended match). */
async function playToTheEnd(game: string, options: unknown, seed: string, max = 5000) {
  const created = await api(srv.url, 'POST', '/api/matches', { game, options });
  expect(created.status).toBe(201);
  const m = created.body;
  const tokens: Record<string, string> = Object.fromEntries(Object.entries(m.seats).map(([side, link]) => [side, (link as { token: string }).token]));
  const bots = Object.fromEntries(Object.keys(tokens).map((side) => [side, randomBot(`${seed}/${side}`)]));
  const replies: Record<string, string[]> = Object.fromEntries(Object.keys(tokens).map((s) => [s, []]));
  for (let i = 0; ; i++) {
    if (i === max) {
      const side = Object.keys(tokens)[0]!;
      expect((await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, tokens[side])).status).toBe(200);
    }
    let moved = false;
    for (const side of Object.keys(tokens)) {
      const body = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, tokens[side])).body;
      replies[side]!.push(JSON.stringify(body));
      if (body.status === 'finished') return { m, tokens, replies, body };
      if (!body.prompt) continue;
      const action = bots[side]!.choose({ side, view: body.view, prompt: body.prompt });
      const r = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: body.seq, action }, tokens[side]);
      expect(r.status).toBe(200);
      moved = true;
      break;
    }
    if (!moved) throw new Error('no side could move');
  }
}

/** The dice rolled in a match, as stored with its actions. */
async function rollsOf(matchId: string): Promise<number> {
  const rows = await srv.prisma.action.findMany({ where: { matchId }, select: { rolls: true } });
  return rows.reduce((n, r) => n + (r.rolls as unknown[]).length, 0);
}

test("ewr: a match is played to the end through the API, never shows one side the other's ships while it runs, and verifies", async () => {
  const { m, replies, body } = await playToTheEnd('ewr', { scenario: 'coral-sea-1942' }, 'ewr-api');
  expect(body.result).toBeTruthy();
  // The Japanese TFA's ships may never reach the Allied player while the match runs, nor TF 17's the Japanese.
  const names = (tf: { main: { name: string }[]; screen: { name: string }[] }) => [...tf.main, ...tf.screen].map((sh) => sh.name);
  const running = (side: string) => replies[side]!.filter((r) => JSON.parse(r).status !== 'finished').join('\n');
  for (const n of names(CORAL_SEA_1942.tfa as never)) expect(running('allied')).not.toContain(n);
  for (const n of names(CORAL_SEA_1942.tfz as never)) expect(running('japanese')).not.toContain(n);
  // The finished match shows everything to all.
  expect(JSON.stringify(body)).toContain('Shokaku');
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
  expect(v.status).toBe(200);
  expect(v.body).toMatchObject({ ok: true, problems: [] });
  expect(v.body.rollsChecked).toBe(await rollsOf(m.id));
  expect(replies.allied!.length + replies.japanese!.length).toBeGreaterThan(2);
}, 120_000);

test('eots-subwar: a match is played to the end through the API and verifies', async () => {
  const { m, body } = await playToTheEnd('eots-subwar', { scenario: '1943' }, 'eots-api', 150);
  expect(body.status).toBe('finished');
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
  expect(v.status).toBe(200);
  expect(v.body).toMatchObject({ ok: true, problems: [] });
  expect(v.body.rollsChecked).toBe(await rollsOf(m.id));
}, 120_000);
