/**
 * Two server processes on one database (SOCKET_ADAPTER=postgres): a socket connected to
 * one server gets the pushes of an action taken through the other, and the rules stay
 * serial across both (the unique (match, seq) key refuses a second append).
 */
import { startTestServer, api, until, type TestServer } from '../support/server';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ postgresAdapter: true });
  b = await startTestServer({ postgresAdapter: true, databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

test('an action taken through one server reaches the sockets of another, filtered as ever', async () => {
  const m = (await api(a.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const allied = await a.socket(m.seats.allied.token);
  const spectator = await a.socket(m.spectator.token);
  const states = (s: typeof allied) => s.got.filter((g) => g.event === 'state').map((g) => g.body);
  await until(() => states(allied)[0]);
  const first = (await api(b.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.japanese.token)).body;
  expect(first.prompt.kind).toBe('early-activation');
  const r = await api(b.url, 'POST', `/api/matches/${m.id}/actions`, { seq: first.seq, action: { type: 'early-activation', roll: false } }, m.seats.japanese.token);
  expect(r.status).toBe(200);
  // Pushed through the database to the sockets on server A.
  const pushed = await until(() => states(allied).find((s) => s.seq === 1));
  expect(pushed.log.map((e: { text: string }) => e.text).join(' ')).toMatch(/does not roll for early activation/);
  await until(() => states(spectator).find((s) => s.seq === 1));
  // Server A's own copy catches up: the Allied player acts through A with the seq it was pushed.
  const next = (await api(a.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied.token)).body;
  expect(next.seq).toBe(1);
  expect(next.prompt.kind).toBe('allied-reinforcements');
}, 30_000);

test('a process that shuts down tells its own sockets it is restarting, not the sockets of the processes that stay', async () => {
  const m = (await api(a.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const onA = await a.socket(m.seats.allied.token);
  const onB = await b.socket(m.seats.japanese.token);
  await until(() => onA.got.find((g) => g.event === 'state'));
  await until(() => onB.got.find((g) => g.event === 'state'));
  a.built.closeSockets();
  await until(() => onA.got.find((g) => g.event === 'restarting'));
  // Long enough for the adapter's message to have reached B, had one been sent.
  await new Promise((r) => setTimeout(r, 500));
  expect(onB.got.filter((g) => g.event === 'restarting')).toEqual([]);
}, 30_000);
