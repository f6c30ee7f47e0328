/**
 * Two seats and a spectator play the opening of Sky, Sea, and JUNGLE over socket.io,
 * and nothing the Allied and spectator sockets receive ever names a face-down
 * Japanese piece.
 */
import type { Socket } from 'socket.io-client';
import { startTestServer, api, next, type RecordedSocket, type TestServer } from '../support/server';
import { namesOfJapanese } from '../games/ssj/helpers';

import { Rng, seedState } from '../../src/engine';

/** Seeds whose first die (the AugII Magic roll: nothing is rolled before it) is in 2, 4, 6 — or not. */
function seedWhereMagic(success: boolean): string {
  for (let i = 0; ; i++) {
    const seed = `socket-seed-${i}`;
    if ([2, 4, 6].includes(new Rng(seedState(seed, 'dice')).d6('Magic')) === success) return seed;
  }
}
const seeds: string[] = [];

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ newSeed: () => seeds.shift() ?? `any-${Math.floor(performance.now() * 1000)}` });
});
afterAll(async () => {
  await srv.close();
});

function send(socket: Socket, seq: number, action: unknown): Promise<any> {
  return new Promise((resolve) => socket.emit('action', { seq, action }, resolve));
}

/** Everything a socket has received, in order (recorded from its creation). */
const record = (socket: RecordedSocket) => socket.got;

async function until<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a bad token is refused at the handshake', async () => {
  await expect(srv.socket('not-a-token')).rejects.toThrow(/unauthorized/);
  await expect(srv.socket('')).rejects.toThrow(/unauthorized/);
});

test.each([
  ['succeeds', true],
  ['fails', false],
])('two seats and a spectator play the opening (Magic %s); the Allies and the spectator never learn a face-down Japanese piece', async (_name, magicWorks) => {
  seeds.push(seedWhereMagic(magicWorks));
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const jp = await srv.socket(m.seats.japanese.token);
  const al = await srv.socket(m.seats.allied.token);
  const sp = await srv.socket(m.spectator.token);
  const jpGot = record(jp);
  const alGot = record(al);
  const spGot = record(sp);
  const states = (got: { event: string; body: any }[]) => got.filter((g) => g.event === 'state').map((g) => g.body);
  // Each socket gets its state on connect.
  const jp0 = await until(() => states(jpGot)[0]);
  expect(jp0).toMatchObject({ you: 'japanese', seq: 0 });
  expect(jp0.view.sides.japanese.ships.find((s: any) => s.id === 'ijn-chokai').name).toBe('CHOKAI');
  await until(() => states(alGot)[0]);
  await until(() => states(spGot)[0]);

  // AugI: the Japanese deploy three ships behind the screen, in two groups.
  let ack = await send(jp, 0, { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'night', group: 'new' });
  expect(ack).toEqual({ ok: true, seq: 1 });
  const group = states(jpGot).at(-1).view.sides.japanese.groups[0].id;
  ack = await send(jp, 1, { type: 'deploy', ship: 'ijn-aoba', area: 'SL', box: 'night', group });
  expect(ack.ok).toBe(true);
  ack = await send(jp, 2, { type: 'deploy', ship: 'ijn-jintsu', area: 'SP', box: 'day', group: 'new' });
  expect(ack.ok).toBe(true);
  // A wrong move gets an error to its sender only.
  ack = await send(jp, 3, { type: 'deploy', ship: 'ijn-trdiv-1', area: 'SL', box: 'day', group: 'new' });
  expect(ack).toMatchObject({ ok: false, error: { code: 'illegal' } });
  // Private steps: the Allies and the spectator heard nothing, and their seq has not moved.
  expect(states(alGot)).toHaveLength(1);
  expect(states(spGot)).toHaveLength(1);
  expect((await srv.service.state(m.id, 'allied')).seq).toBe(0);
  ack = await send(jp, 3, { type: 'done' });
  expect(ack).toEqual({ ok: true, seq: 4 });
  const alAfterDone = await until(() => states(alGot)[1]);
  expect(alAfterDone.seq).toBe(1); // one action it may know of: the closing of the deployment
  expect(alAfterDone.prompt.kind).toBe('deploy');
  expect(alAfterDone.view.sides.japanese.visibility).toBe('screened');
  expect(alAfterDone.log.map((e: any) => e.text)).toEqual(['The Japanese player has completed his deployment.']);

  // The Allies deploy with the screen up (no Magic on AugI), then it is removed.
  ack = await send(al, 1, { type: 'deploy', ship: 'usn-wasp', area: 'SP', box: 'day', group: 'new' });
  expect(ack.ok).toBe(true);
  ack = await send(al, 2, { type: 'done' });
  expect(ack.ok).toBe(true);
  const alLifted = await until(() => states(alGot).find((s) => s.view.sides.japanese.visibility === 'face-down'));
  expect(alLifted.view.sides.japanese.groups.map((g: any) => g.size).sort()).toEqual([1, 2]);
  const spLifted = await until(() => states(spGot).find((s) => s.view.sides.japanese.visibility === 'face-down'));
  expect(spLifted.view.sides.allied.visibility).toBe('face-down');
  const jpLifted = await until(() => states(jpGot).find((s) => s.view.sides.allied.visibility === 'face-down'));
  expect(jpLifted.view.sides.allied.groups).toHaveLength(1);
  expect(JSON.stringify(jpLifted.view.sides.allied)).not.toContain('usn-wasp');

  // AugII: the Japanese deploy again, the Allies roll for Magic, then deploy.
  const jpSeq = () => states(jpGot).at(-1).seq;
  ack = await send(jp, await until(() => (states(jpGot).at(-1).prompt?.kind === 'end-turn' ? jpSeq() : undefined)), { type: 'end-turn' });
  expect(ack.ok).toBe(true);
  await until(() => (states(jpGot).at(-1).view.turnName === 'AugII' ? true : undefined));
  ack = await send(jp, jpSeq(), { type: 'deploy', ship: 'ijn-kako', area: 'CS', box: 'night', group: 'new' });
  expect(ack.ok).toBe(true);
  ack = await send(jp, jpSeq(), { type: 'done' });
  expect(ack.ok).toBe(true);
  const magicPrompt = await until(() => states(alGot).find((s) => s.prompt?.kind === 'magic'));
  expect(magicPrompt.prompt.actions).toHaveLength(20);
  ack = await send(al, magicPrompt.seq, { type: 'magic', numbers: [2, 4, 6] });
  expect(ack.ok).toBe(true);
  const afterMagic = await until(() => states(alGot).find((s) => s.view.magic.rolls.length === 1));
  const roll = afterMagic.view.magic.rolls[0];
  expect(roll.success).toBe(magicWorks);
  expect(afterMagic.view.sides.japanese.visibility).toBe(magicWorks ? 'face-down' : 'screened');
  if (magicWorks) expect(afterMagic.view.sides.japanese.groups.map((g: any) => `${g.area}/${g.box}/${g.size}`)).toEqual(['CS/night/1']);
  expect(afterMagic.log.some((e: any) => e.data?.roll?.die === roll.die)).toBe(true);
  ack = await send(al, afterMagic.seq, { type: 'done' });
  expect(ack.ok).toBe(true);
  await until(() => (states(spGot).at(-1).view.sides.japanese.visibility === 'face-down' && states(spGot).at(-1).view.turnName === 'AugII' ? true : undefined));

  // Nothing the Allied or spectator sockets received names a Japanese ship or says its class.
  for (const got of [alGot, spGot]) {
    for (const g of got.filter((x) => x.event === 'state')) {
      const jpSide = g.body.view.sides.japanese;
      expect(jpSide.ships).toEqual([]);
      for (const piece of jpSide.hidden) expect(Object.keys(piece).sort()).toEqual(['place', 'tag']);
      for (const group of jpSide.groups) expect(Object.keys(group).sort()).toEqual(['area', 'box', 'id', 'pieces', 'size']);
    }
  }
  expect(namesOfJapanese(JSON.stringify(alGot))).toEqual([]);
  expect(namesOfJapanese(JSON.stringify(spGot))).toEqual([]);
  // Nor does the REST reply or the log fetched afresh.
  const rest = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token);
  expect(namesOfJapanese(JSON.stringify(rest.body))).toEqual([]);
  // The Japanese player sees his own ships.
  expect(JSON.stringify(states(jpGot).at(-1))).toContain('KAKO');
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
  const a = { seq: 0, action: { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'night', group: 'new' } };
  const b = { seq: 0, action: { type: 'deploy', ship: 'ijn-aoba', area: 'SP', box: 'day', group: 'new' } };
  const sock = await srv.socket(token);
  const [r1, r2] = await Promise.all([
    api(srv.url, 'POST', `/api/matches/${m.id}/actions`, a, token),
    send(sock, 0, b.action),
  ]);
  const httpWon = r1.status === 200;
  expect([httpWon, r2.ok === true].filter(Boolean)).toHaveLength(1);
  if (httpWon) expect(r2.error.code).toBe('stale-seq');
  else expect(r1.status).toBe(409);
  expect(await srv.prisma.action.count({ where: { matchId: m.id } })).toBe(1);
  // Ten at once over HTTP: one wins.
  const results = await Promise.all(
    Array.from({ length: 10 }, () => api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 1, action: { type: 'done' } }, token)),
  );
  expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
});
