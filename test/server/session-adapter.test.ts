/**
 * The recovery buffer of one process (src/server/session-adapter.ts): the pushes a
 * disconnected socket missed are replayed as they were sent, and the buffer holds at most
 * `maxPackets` of them; a socket whose last packet has gone is not recovered (it then gets
 * the full state on connecting, as after a longer absence).
 */
import { BoundedSessionAdapter } from '../../src/server/session-adapter';
import { PushEncoder } from '../../src/server/push-encoder';

const EVENT = 2;

function adapter(): BoundedSessionAdapter {
  const nsp = { name: '/', sockets: new Map(), server: { encoder: new PushEncoder(), opts: { connectionStateRecovery: { maxDisconnectionDuration: 120_000 } } } };
  return new BoundedSessionAdapter(nsp);
}

/** Broadcasts a push to `room` and returns the offset socket.io appended to it. */
function push(a: BoundedSessionAdapter, room: string, body: unknown, event = 'state'): string {
  const packet = { type: EVENT, nsp: '/', data: [event, body] as unknown[] };
  a.broadcast(packet, { rooms: new Set([room]), except: new Set() });
  return packet.data.at(-1) as string;
}

const session = (rooms: string[]) => ({ sid: 's1', pid: 'p1', rooms, data: {} });

let saved: number;
beforeEach(() => (saved = BoundedSessionAdapter.maxPackets));
afterEach(() => (BoundedSessionAdapter.maxPackets = saved));

test('a socket is replayed the pushes of its rooms after its last one, as sent', async () => {
  const a = adapter();
  const last = push(a, 'm:a', { seq: 1 });
  a.persistSession(session(['m:a']));
  push(a, 'm:b', { seq: 2, secret: 'b only' });
  const next = push(a, 'm:a', { seq: 2, log: [{ to: ['a'], text: 'placed' }] });
  push(a, 'm:a', { seq: 3 }, 'chat');
  const restored = await a.restoreSession('p1', last);
  expect(restored?.missedPackets).toEqual([
    ['state', { seq: 2, log: [{ to: ['a'], text: 'placed' }] }, next],
    ['chat', { seq: 3 }, expect.any(String)],
  ]);
});

test('at most maxPackets are kept: an older offset is not recovered', async () => {
  BoundedSessionAdapter.maxPackets = 10;
  const a = adapter();
  const old = push(a, 'm:a', { seq: 0 });
  for (let i = 1; i <= 25; i++) push(a, 'm:a', { seq: i });
  expect(a.kept).toBeLessThanOrEqual(10);
  a.persistSession(session(['m:a']));
  expect(await a.restoreSession('p1', old)).toBeFalsy();
  const recent = push(a, 'm:a', { seq: 26 });
  push(a, 'm:a', { seq: 27 });
  a.persistSession(session(['m:a']));
  expect((await a.restoreSession('p1', recent))?.missedPackets.map((d) => (d[1] as { seq: number }).seq)).toEqual([27]);
});

test('an unknown session is not recovered', async () => {
  const a = adapter();
  const last = push(a, 'm:a', { seq: 1 });
  expect(await a.restoreSession('nobody', last)).toBeFalsy();
});
