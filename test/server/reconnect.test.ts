/**
 * Reconnection and many sockets per seat: a socket that comes back gets the current state
 * and every log entry it missed (by its `since`, or by socket.io's connection state
 * recovery when it returns within the window), filtered for its side; two sockets of
 * one seat (two tabs, a phone) stay in sync.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RECOVERABLE } from '../../src/server/sockets';
import { startTestServer, api, ask, until, type RecordedSocket, type TestServer } from '../support/server';
import { mover, newGroupDeploys, plain, playUntil } from './drive';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const SIDES = ['allied', 'japanese'];
const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);

/** Plays `n` plain public moves over HTTP (whoever must move), as the other devices would. */
async function threeMoves(m: any, n = 3): Promise<void> {
  for (let i = 0; i < n; i++) {
    const who = (await mover(srv.service, m.id, SIDES))!;
    const r = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: who.body.seq, action: plain(who.body) }, m.seats[who.side].token);
    expect(r.status).toBe(200);
  }
}

test('a socket that reconnects after missing three moves gets the current state and exactly the log entries it missed', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const al = await srv.socket(m.seats.allied.token);
  const first = await until(() => states(al)[0]);
  al.disconnect();
  await threeMoves(m);
  const back = await srv.socket(m.seats.allied.token, { since: first.seq });
  const caught = await until(() => states(back)[0]);
  const fresh = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token)).body;
  expect(caught.seq).toBe(first.seq + 3);
  expect(caught.logFrom).toBe(first.seq);
  expect(new Set(caught.log.map((e: any) => e.seq))).toEqual(new Set([first.seq + 1, first.seq + 2, first.seq + 3]));
  // What it holds now (its old log plus the missed entries) is exactly the whole log of a fresh GET.
  expect([...first.log, ...caught.log]).toEqual(fresh.log);
  expect(caught.view).toEqual(fresh.view);
  expect(caught.prompt).toEqual(fresh.prompt);
});

test('a socket whose connection drops and returns within the window is recovered by socket.io, with every push it missed', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const al = await srv.socket(m.seats.allied.token, {}, { reconnection: true, reconnectionDelay: 400, reconnectionDelayMax: 400, randomizationFactor: 0 });
  const first = await until(() => states(al)[0]);
  // Let the server persist the session offsets first (they are sent with each packet).
  await threeMoves(m, 1);
  await until(() => states(al)[1]);
  const reconnected = new Promise<void>((r) => al.io.once('reconnect', () => r()));
  (al.io.engine as any).close(); // the network drops
  await threeMoves(m, 3);
  await reconnected;
  await until(() => (al.connected ? true : undefined));
  expect(al.recovered).toBe(true);
  const got = await until(() => (states(al).at(-1)?.seq === first.seq + 4 ? states(al) : undefined));
  // Every push, in order, none lost: the three sent while the socket was away were replayed on recovery.
  expect([...new Set(got.map((s: any) => s.seq))]).toEqual([first.seq, first.seq + 1, first.seq + 2, first.seq + 3, first.seq + 4]);
  const fresh = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token)).body;
  expect(got.at(-1).view).toEqual(fresh.view);
  expect(got.flatMap((s: any) => s.log)).toEqual(fresh.log);
  al.disconnect();
});

test("the reasons a room is kept for a socket that left are socket.io's own reasons to recover a session (its source, read as installed)", () => {
  const source = readFileSync(join(dirname(require.resolve('socket.io')), 'socket.js'), 'utf8');
  const list = /RECOVERABLE_DISCONNECT_REASONS = new Set\(\[([^\]]*)\]\)/.exec(source);
  expect(list).not.toBeNull();
  const theirs = [...list![1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]).sort();
  expect(theirs.length).toBeGreaterThan(0);
  expect([...RECOVERABLE].sort()).toEqual(theirs);
});

/** The pushes made for `audience`'s rooms so far (/metrics, served to this machine). */
async function pushesTo(audience: string): Promise<number> {
  const text = await (await fetch(`${srv.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`ironbottom_pushes_total{audience="${audience}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('a socket that disconnects itself is not waited for: no push is made for its room after it leaves; one whose connection drops is (its pushes are kept for its recovery)', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const leaving = await srv.socket(m.spectator.token, { patches: true });
  await until(() => (leaving.got.some((g) => g.event === 'sync') ? true : undefined));
  leaving.disconnect();
  await new Promise((r) => setTimeout(r, 100));
  const before = await pushesTo('spectator');
  await threeMoves(m, 2);
  expect(await pushesTo('spectator')).toBe(before);
  // The network drops: socket.io keeps the session, and the room's pushes for when it comes back.
  const dropped = await srv.socket(m.spectator.token, { patches: true });
  await until(() => (dropped.got.some((g) => g.event === 'sync') ? true : undefined));
  (dropped.io.engine as any).close();
  await new Promise((r) => setTimeout(r, 100));
  const kept = await pushesTo('spectator');
  await threeMoves(m, 2);
  expect(await pushesTo('spectator')).toBeGreaterThan(kept);
});

test('two sockets of one seat (two tabs) stay in sync, private steps included, and the other side hears none of them', async () => {
  const m = await srv.service.create('ssj', {});
  await playUntil(srv.service, m.id, SIDES, ({ side, body }) => side === 'japanese' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'deploy'));
  const tab1 = await srv.socket(m.seats.japanese!.token);
  const tab2 = await srv.socket(m.seats.japanese!.token);
  const al = await srv.socket(m.seats.allied!.token);
  const s0 = await until(() => states(tab1)[0]);
  await until(() => states(tab2)[0]);
  await until(() => states(al)[0]);
  const [d1, d2] = newGroupDeploys(s0, 2);
  expect((await ask(tab1, 'action', { seq: s0.seq, action: d1 })).ok).toBe(true);
  const seen2 = await until(() => states(tab2).find((s) => s.seq === s0.seq + 1));
  // The second tab acts on what it was pushed.
  expect((await ask(tab2, 'action', { seq: seen2.seq, action: d2 })).ok).toBe(true);
  const seen1 = await until(() => states(tab1).find((s) => s.seq === s0.seq + 2));
  const seen2b = await until(() => states(tab2).find((s) => s.seq === s0.seq + 2));
  expect(seen1).toEqual(seen2b);
  // An undo from one tab reaches the other.
  expect((await ask(tab1, 'undo', { seq: s0.seq + 2 })).ok).toBe(true);
  const undone = await until(() => states(tab2).find((s) => s.seq === s0.seq + 3));
  expect(undone.view).toEqual(seen2.view);
  // A stale tab is told (409 with the current state), not silently applied.
  const stale = await ask(tab2, 'action', { seq: s0.seq, action: d2 });
  expect(stale).toMatchObject({ ok: false, error: { code: 'stale-seq' }, state: { seq: s0.seq + 3 } });
  await new Promise((r) => setTimeout(r, 100));
  expect(states(al)).toHaveLength(1);
});
