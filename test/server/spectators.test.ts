/**
 * Spectators: the spectator link shows the public view live — no hidden piece, no sealed
 * choice, no entry of a side's own log — and when the match ends everything is revealed
 * to all: both sides' pieces, the full log, the seed. The players' chat stays between the
 * players while the match runs; the spectators have a chat of their own.
 */
import { startTestServer, api, ask, next, until, type RecordedSocket, type TestServer } from '../support/server';
import { newGroupDeploys, playUntil } from './drive';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ newSeed: () => `spectator-seed-${Math.random()}`, limits: { chatMax: 3, chatWindowMs: 60_000 } });
});
afterAll(async () => {
  await srv.close();
});

const SIDES = ['allied', 'japanese'];
const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);
const japaneseIds = (json: string) => json.match(/ijn-[a-z0-9-]+/g) ?? [];

test('a spectator sees no hidden piece, sealed choice or private log entry during the match, and everything once it ends', async () => {
  const m = await srv.service.create('ssj', {});
  const sp = await srv.socket(m.spectator.token);
  const jp = await srv.socket(m.seats.japanese!.token);
  await until(() => states(sp)[0]);
  // Play the opening up to the Japanese deployment, then deploy three ships behind the screen over the socket.
  await playUntil(srv.service, m.id, SIDES, ({ side, body }) => side === 'japanese' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'deploy'));
  const s0 = await srv.service.state(m.id, 'japanese');
  const deploys = newGroupDeploys(s0, 3);
  let seq = s0.seq;
  for (const d of deploys) seq = (await ask(jp, 'action', { seq, action: d })).seq;
  await ask(jp, 'action', { seq, action: { type: 'done' } });
  // The Allies play on until the Magic roll and their deployment (plain choices).
  await playUntil(srv.service, m.id, SIDES, ({ side, body }) => side === 'japanese' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'deploy'), 100);
  const during = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token);
  const stream = JSON.stringify(sp.got) + JSON.stringify(during.body);
  expect(japaneseIds(stream)).toEqual([]);
  for (const d of deploys) expect(stream).not.toContain(String(d.ship));
  const { seed } = await srv.prisma.match.findUniqueOrThrow({ where: { id: m.id }, select: { seed: true } });
  expect(stream).not.toContain(seed);
  for (const body of [...states(sp), during.body]) {
    expect(body.seed).toBeUndefined();
    expect(body.prompt).toBeNull();
    for (const e of body.log) expect(e.to).toBe('public');
  }
  // The Japanese player saw their own ships all along.
  expect(japaneseIds(JSON.stringify(states(jp).at(-1).view)).length).toBeGreaterThan(0);

  // The end: everything is pushed to the spectator, seed included.
  const over = next(sp, 'state');
  const resigned = await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.japanese!.token);
  expect(resigned.status).toBe(200);
  const final = await over;
  expect(final).toMatchObject({ status: 'finished', result: { winner: 'allied' }, logFrom: -1 });
  expect(final.seed).toMatch(/^spectator-seed-/);
  for (const d of deploys) expect(JSON.stringify(final.view)).toContain(String(d.ship));
  const privateEntries = final.log.filter((e: any) => e.to !== 'public');
  expect(privateEntries.length).toBeGreaterThanOrEqual(3);
  expect(final.log.at(-1).text).toBe('The japanese player resigned.');
  // The seed published at the end is the one committed to at the start.
  const { createHash } = await import('node:crypto');
  expect(createHash('sha256').update(final.seed).digest('hex')).toBe(states(sp)[0].seedHash);
  // And both players see the same full picture now.
  const alEnd = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied!.token)).body;
  expect(alEnd.view).toEqual(final.view);
  expect(alEnd.log).toEqual(final.log);
});

test("the players' chat is live between the players only, the spectators' chat among spectators only, both open to all at the end; chat is rate limited", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'Yamamoto' }, m.seats.japanese.token);
  const jp = await srv.socket(m.seats.japanese.token);
  const al = await srv.socket(m.seats.allied.token);
  const sp = await srv.socket(m.spectator.token);
  await until(() => states(sp)[0]);
  const heard = next(al, 'chat');
  const sent = await ask(jp, 'chat', { text: 'Good luck, admiral.' });
  expect(sent).toMatchObject({ ok: true, message: { channel: 'players', from: 'japanese', name: 'Yamamoto', text: 'Good luck, admiral.' } });
  expect(await heard).toEqual(sent.message);
  // Spectators can neither read nor write the players' chat during the match.
  const peek = await api(srv.url, 'GET', `/api/matches/${m.id}/chat?channel=players`, undefined, m.spectator.token);
  expect(peek.status).toBe(403);
  expect(peek.body.error.code).toBe('wrong-channel');
  expect((await ask(sp, 'chat', { text: 'psst', channel: 'players' })).error.code).toBe('wrong-channel');
  // Their own chat: among spectators, not shown to the players while the match runs.
  const spHeard = await ask(sp, 'chat', { text: 'Watch the Slot.', name: 'kibitzer' });
  expect(spHeard).toMatchObject({ ok: true, message: { channel: 'spectators', from: 'spectator', name: 'kibitzer' } });
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/chat?channel=spectators`, undefined, m.seats.allied.token)).status).toBe(403);
  // Stored: a player who opens the match later reads the players' chat over HTTP.
  const history = await api(srv.url, 'GET', `/api/matches/${m.id}/chat`, undefined, m.seats.allied.token);
  expect(history.body.messages.map((x: any) => x.text)).toEqual(['Good luck, admiral.']);
  await new Promise((r) => setTimeout(r, 100));
  expect(sp.got.filter((g) => g.event === 'chat').map((g) => g.body.text)).toEqual(['Watch the Slot.']);
  expect(al.got.filter((g) => g.event === 'chat').map((g) => g.body.text)).toEqual(['Good luck, admiral.']);
  // Rate limited (3 a window here): the fourth message is refused, and nothing is stored.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/chat`, { text: 'two' }, m.seats.japanese.token)).status).toBe(201);
  expect((await ask(jp, 'chat', { text: 'three' })).ok).toBe(true);
  const flood = await api(srv.url, 'POST', `/api/matches/${m.id}/chat`, { text: 'four' }, m.seats.japanese.token);
  expect(flood.status).toBe(429);
  expect(flood.body.error.code).toBe('rate-limited');
  expect(await srv.prisma.chatMessage.count({ where: { matchId: m.id, channel: 'players' } })).toBe(3);
  // At the end, both chats are open to all.
  await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.allied.token);
  const after = await api(srv.url, 'GET', `/api/matches/${m.id}/chat?channel=players`, undefined, m.spectator.token);
  expect(after.status).toBe(200);
  expect(after.body.messages).toHaveLength(3);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}/chat?channel=spectators`, undefined, m.seats.allied.token)).body.messages).toHaveLength(1);
});
