/**
 * The Postgres socket adapter keeps each process's order (src/server/socket-adapter.ts, issue #43):
 * a match's owner sends every body and patch of the match through it, so what one process emits
 * must reach the sockets of another in the order it was emitted — long messages (cut into parts)
 * and short ones mixed, a socket put in a room and sent to in between — and its own sockets at once.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { Assembler, partsOf, PART_BYTES, postgresSocketAdapter } from '../../src/server/socket-adapter';
import { testDatabase } from '../support/db';
import { until } from '../support/server';

jest.setTimeout(60_000);

describe('a message cut into notifications', () => {
  test('a long message (multi-byte characters on the cuts) is cut under the limit and put back whole', () => {
    const text = JSON.stringify({ log: 'é—漢'.repeat(9_000), n: 1 });
    const parts = partsOf('p1', 7, text);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(PART_BYTES + 40);
    const a = new Assembler();
    const got = parts.map((p) => a.take(p));
    expect(got.slice(0, -1)).toEqual(parts.slice(0, -1).map(() => null));
    expect(got.at(-1)).toEqual({ sender: 'p1', text });
  });

  test('two senders’ parts interleaved are put back per sender', () => {
    const x = partsOf('x', 0, 'a'.repeat(250), 100);
    const y = partsOf('y', 0, 'b'.repeat(150), 100);
    const a = new Assembler();
    const order = [x[0]!, y[0]!, x[1]!, y[1]!, x[2]!];
    expect(order.map((p) => a.take(p)).filter(Boolean)).toEqual([
      { sender: 'y', text: 'b'.repeat(150) },
      { sender: 'x', text: 'a'.repeat(250) },
    ]);
  });

  test('a part out of place (one lost) drops the message instead of joining pieces of two', () => {
    const first = partsOf('x', 0, 'a'.repeat(250), 100);
    const second = partsOf('x', 1, 'c'.repeat(150), 100);
    const a = new Assembler();
    expect([first[0]!, second[1]!].map((p) => a.take(p))).toEqual([null, null]);
    expect(second.map((p) => a.take(p)).at(-1)).toEqual({ sender: 'x', text: 'c'.repeat(150) });
  });
});

describe('two processes on one database', () => {
  let db: { url: string; drop(): Promise<void> };
  const servers: { io: Server; http: HttpServer; close(): Promise<void>; url: string }[] = [];
  const sockets: Socket[] = [];

  async function serve(): Promise<(typeof servers)[number]> {
    const pg = postgresSocketAdapter(db.url, pino({ level: 'silent' }));
    const http = createServer();
    const io = new Server(http, { adapter: pg.adapter as never });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as { port: number }).port;
    const s = { io, http, url: `http://127.0.0.1:${port}`, close: async () => (await io.close(), await pg.close()) };
    servers.push(s);
    return s;
  }

  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const s of servers) await s.close();
    await db.drop();
  });

  test("one process's emits reach another's socket in the order they were made, long and short mixed, the room joined between them", async () => {
    const owner = await serve();
    const other = await serve();
    const ownerSocket = connect(owner.url, { transports: ['websocket'], forceNew: true });
    const otherSocket = connect(other.url, { transports: ['websocket'], forceNew: true });
    sockets.push(ownerSocket, otherSocket);
    await until(() => (ownerSocket.connected && otherSocket.connected) || undefined);
    await until(() => other.io.sockets.sockets.size === 1 || undefined);
    const remoteId = [...other.io.sockets.sockets.keys()][0]!;
    const localId = [...owner.io.sockets.sockets.keys()][0]!;
    // Both processes hear each other (their adapters' first heartbeats have crossed).
    await until(async () => (await owner.io.fetchSockets()).length === 2 || undefined, 15_000);

    const seen: Record<'remote' | 'local', number[]> = { remote: [], local: [] };
    otherSocket.on('push', (n: number) => seen.remote.push(n));
    ownerSocket.on('push', (n: number) => seen.local.push(n));
    const N = 600;
    for (let n = 0; n < N; n++) {
      // Pushes to a room the remote socket is put in half way (through the adapter): it gets those after, all of them, in order.
      if (n === N / 2) owner.io.in([remoteId, localId]).socketsJoin('match:a');
      // Every seventh push is long (cut into parts), the others short; some sent straight to the socket, the rest to the room.
      const pad = n % 7 === 0 ? 'x'.repeat(20_000) : '';
      if (n < N / 2 || n % 3 === 0) owner.io.to([remoteId, localId]).emit('push', n, pad);
      else owner.io.to('match:a').emit('push', n, pad);
      // Some of them in later turns, so that several statements are in flight and queued.
      if (n % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    const all = Array.from({ length: N }, (_, n) => n);
    await until(() => seen.remote.length >= N || undefined, 30_000);
    expect(seen.remote).toEqual(all);
    // The sending process's own socket got them as they were made (the same order).
    await until(() => seen.local.length >= N || undefined);
    expect(seen.local).toEqual(all);
  });
});
