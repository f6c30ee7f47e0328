/**
 * Two seats and a spectator play the opening of Sky, Sea, and JUNGLE over socket.io,
 * and nothing the Allied and spectator sockets receive ever names a face-down
 * Japanese piece.
 */
import type { Socket } from 'socket.io-client';
import { startTestServer, api, next, until, type RecordedSocket, type TestServer } from '../support/server';
import { mover, newGroupDeploys, plain } from './drive';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

function send(socket: Socket, seq: number, action: unknown): Promise<any> {
  return new Promise((resolve) => socket.emit('action', { seq, action }, resolve));
}

/** Everything a socket has received, in order (recorded from its creation). */
const record = (socket: RecordedSocket) => socket.got;
const japaneseIds = (json: string) => json.match(/ijn-[a-z0-9-]+/g) ?? [];

test('a bad token is refused at the handshake', async () => {
  await expect(srv.socket('not-a-token')).rejects.toThrow(/unauthorized/);
  await expect(srv.socket('')).rejects.toThrow(/unauthorized/);
});

test('two seats and a spectator play the opening through the Magic roll; the Allies and the spectator never learn a face-down Japanese piece', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const jp = await srv.socket(m.seats.japanese.token);
  const al = await srv.socket(m.seats.allied.token);
  const sp = await srv.socket(m.spectator.token);
  const states = (got: { event: string; body: any }[]) => got.filter((g) => g.event === 'state').map((g) => g.body);
  const jp0 = await until(() => states(record(jp))[0]);
  expect(jp0).toMatchObject({ you: 'japanese', seq: 0 });
  expect(japaneseIds(JSON.stringify(jp0.view)).length).toBeGreaterThan(0);
  await until(() => states(record(al))[0]);
  await until(() => states(record(sp))[0]);
  const sockets: Record<string, RecordedSocket> = { allied: al, japanese: jp };
  let deployedSteps = 0;
  let magicRolled = false;
  for (let i = 0; i < 80 && !magicRolled; i++) {
    const who = (await mover(srv.service, m.id, ['allied', 'japanese']))!;
    const acts = who.body.prompt!.actions as { type: string }[];
    const action: unknown = plain(who.body);
    if (who.side === 'japanese' && acts.some((a) => a.type === 'deploy') && deployedSteps < 3) {
      const before = states(record(al)).length;
      for (const d of newGroupDeploys(who.body, 3)) {
        const ack = await send(jp, (await srv.service.state(m.id, 'japanese')).seq, d);
        expect(ack.ok).toBe(true);
        deployedSteps++;
      }
      // A wrong move gets an error to its sender only.
      const wrong = await send(jp, (await srv.service.state(m.id, 'japanese')).seq, { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'day', group: 'no-such-group' });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'illegal' } });
      // Private steps: the Allies heard nothing.
      await new Promise((r) => setTimeout(r, 50));
      expect(states(record(al))).toHaveLength(before);
      continue;
    }
    if (acts.some((a) => a.type === 'magic')) magicRolled = true;
    const ack = await send(sockets[who.side]!, who.body.seq, action);
    expect(ack.ok).toBe(true);
  }
  expect(magicRolled).toBe(true);
  const afterMagic = await until(() => states(record(al)).find((s) => s.view.magic?.rolls?.length === 1));
  expect(afterMagic.log.some((e: any) => /Magic/i.test(e.text))).toBe(true);
  // Nothing the Allied or spectator sockets received names a Japanese piece.
  expect(japaneseIds(JSON.stringify(record(al)))).toEqual([]);
  expect(japaneseIds(JSON.stringify(record(sp)))).toEqual([]);
  const rest = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token);
  expect(japaneseIds(JSON.stringify(rest.body))).toEqual([]);
  // The Japanese player sees his own.
  expect(japaneseIds(JSON.stringify(states(record(jp)).at(-1).view)).length).toBeGreaterThan(0);
});

test('an action sent on a socket without an acknowledgement gets its error as a `failure` event', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const al = await srv.socket(m.seats.allied.token);
  const failure = next(al, 'failure');
  al.emit('action', { seq: 0, action: { type: 'done' } });
  expect(await failure).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
  const bad = next(al, 'failure');
  al.emit('action', 'garbage');
  expect(await bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
});

test('a spectator socket cannot act', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const sp = await srv.socket(m.spectator.token);
  const ack = await send(sp, 0, { type: 'done' });
  expect(ack).toMatchObject({ ok: false, error: { code: 'spectator' } });
});

test('two clients sending an action for the same seq at the same moment: exactly one is applied, the other gets 409', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const token = m.seats.japanese.token;
  const first = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, token)).body.prompt.actions as unknown[];
  expect(first.length).toBeGreaterThanOrEqual(2);
  const sock = await srv.socket(token);
  const [r1, r2] = await Promise.all([api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: first[0] }, token), send(sock, 0, first[1])]);
  const httpWon = r1.status === 200;
  expect([httpWon, r2.ok === true].filter(Boolean)).toHaveLength(1);
  if (httpWon) expect(r2.error.code).toBe('stale-seq');
  else expect(r1.status).toBe(409);
  expect(await srv.prisma.action.count({ where: { matchId: m.id } })).toBe(1);
  // Ten at once over HTTP (whoever moves next): one wins.
  const who = (await mover(srv.service, m.id, ['allied', 'japanese']))!;
  const results = await Promise.all(
    Array.from({ length: 10 }, () => api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: who.body.seq, action: plain(who.body) }, m.seats[who.side].token)),
  );
  expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
});
