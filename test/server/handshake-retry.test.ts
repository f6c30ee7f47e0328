/**
 * The web client's link to a match (src/web/socket.ts) retries a handshake the server
 * refused for a passing reason — here the address's rate limit — with back-off, and goes
 * live once the window has passed (socket.io itself never retries a refused handshake, so
 * the page used to say "reconnecting" for ever). A refused token is final.
 */
import { connectMatch, retryDelay, type LinkStatus } from '../../src/web/socket';
import { startTestServer, api, until, type TestServer } from '../support/server';

const WINDOW_MS = 3_000;
let srv: TestServer;
beforeAll(async () => {
  // A window of 3 s: the handshake right after the address's share is used up must still fall in it
  // on a loaded machine (with 1.5 s, a slow run could connect after the window and never be refused).
  srv = await startTestServer({ limits: { addressMax: 3, windowMs: WINDOW_MS } });
});
afterAll(async () => {
  await srv.close();
});

test('back-off doubles from half a second up to 15 s, within ±20 %', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
  for (let n = 0; n < 8; n++) {
    expect(retryDelay(n, 0)).toBeGreaterThanOrEqual(0.8 * Math.min(15000, 500 * 2 ** n) - 1);
    expect(retryDelay(n, 1)).toBeLessThanOrEqual(1.2 * Math.min(15000, 500 * 2 ** n) + 1);
  }
});

test('a handshake refused by the rate limit is retried with back-off until it goes live; a bad token is refused for good', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  // Use up the address's share.
  while ((await api(srv.url, 'GET', '/api/games')).status !== 429);
  const statuses: LinkStatus[] = [];
  const states: any[] = [];
  const link = connectMatch(m.seats.allied.token, { state: (b) => states.push(b), status: (s) => statuses.push(s) }, srv.url);
  try {
    await until(() => (statuses.includes('reconnecting') ? true : undefined), 5_000);
    await until(() => (statuses.at(-1) === 'live' && states.length > 0 ? true : undefined), 15_000);
    expect(states[0].you).toBe('allied');
  } finally {
    link.close();
  }
  await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
  const bad: LinkStatus[] = [];
  const refused = connectMatch('not-a-token-of-any-match-0000000000', { state: () => undefined, status: (s) => bad.push(s) }, srv.url);
  try {
    await until(() => (bad.includes('refused') ? true : undefined), 5_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(bad.filter((s) => s === 'refused')).toHaveLength(1);
    expect(refused.connected()).toBe(false);
  } finally {
    refused.close();
  }
});
