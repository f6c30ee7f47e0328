/**
 * SIGTERM with players connected: the server stops within its grace period (it used to
 * wait for every browser tab to leave, ~60 s), tells the sockets it is restarting, finishes
 * the action in flight, and every acknowledged action is there after the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../support/ports';
import { startServer, stopWith, waitFor } from '../support/process';

const GRACE_MS = 10_000;

function state(s: Socket): Promise<any> {
  return new Promise((resolve) => s.once('state', resolve));
}

/** A server's settings in a data folder of its own (embedded PostgreSQL), and its address. */
async function serverSetup(extra: Record<string, string>): Promise<{ dataDir: string; env: Record<string, string>; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-stop-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...extra };
  return { dataDir, env, url: `http://127.0.0.1:${port}` };
}

const newMatch = async (url: string): Promise<any> =>
  (await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })).json();

test('SIGTERM with sockets connected and an action in flight: exits within the grace period, the sockets are told, no acknowledged action is lost', async () => {
  const { dataDir, env, url } = await serverSetup({ SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  const sockets: Socket[] = [];
  try {
    const first = startServer(env);
    await waitFor(`${url}/readyz`, first);
    const m = await newMatch(url);
    // Two players' tabs, reconnecting by themselves as the web client does; and a spectator.
    const open = (token: string) => {
      const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: true, reconnectionDelay: 200 });
      sockets.push(s);
      return s;
    };
    const jp = open(m.seats.japanese.token);
    open(m.seats.allied.token);
    open(m.spectator.token);
    const s0 = await state(jp);
    expect(s0.prompt.kind).toBe('early-activation');
    const told = new Promise((resolve) => jp.once('restarting', resolve));
    const acked = new Promise<any>((resolve) => jp.emit('action', { seq: s0.seq, action: { type: 'early-activation', roll: false } }, resolve));
    const stopped = stopWith(first, 'SIGTERM');
    const [ack, stop] = await Promise.all([acked, stopped]);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(GRACE_MS);
    console.log(
      `SIGTERM with 3 sockets open and an action in flight: exited in ${stop.ms} ms (code ${stop.code}); the action was ${ack.ok ? 'acknowledged' : `refused (${ack.error?.code})`}`,
    );
    expect(await Promise.race([told.then(() => 'told'), new Promise((r) => setTimeout(() => r('not told'), 1000))])).toBe('told');
    expect(first.output()).toContain('"msg":"stopped"');
    // The database stops after the last connection to it has closed, not under it (57P01 in the log).
    expect(first.output()).not.toContain('terminating connection due to administrator command');

    // The successor has every acknowledged action.
    for (const s of sockets) s.close();
    const second = startServer(env);
    try {
      await waitFor(`${url}/readyz`, second);
      const now: any = await (await fetch(`${url}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats.japanese.token}` } })).json();
      if (ack.ok) expect(now.seq).toBe(ack.seq);
      else expect([0, 1]).toContain(now.seq);
      expect((await stopWith(second)).code).toBe(0);
    } finally {
      if (second.child.exitCode === null) await stopWith(second);
    }
  } finally {
    for (const s of sockets) s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);

test('SIGTERM with the Postgres socket adapter (several processes): the adapter closes without an error in the log', async () => {
  const { dataDir, env, url } = await serverSetup({ SOCKET_ADAPTER: 'postgres' });
  const sockets: Socket[] = [];
  try {
    const server = startServer(env);
    await waitFor(`${url}/readyz`, server);
    const m = await newMatch(url);
    for (const token of [m.seats.japanese.token, m.seats.allied.token, m.spectator.token]) {
      const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      await state(s);
    }
    const stop = await stopWith(server, 'SIGTERM');
    expect(stop.code).toBe(0);
    const errors = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"level":50'));
    expect(errors).toEqual([]);
  } finally {
    for (const s of sockets) s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
