/**
 * Two players behind one address (a household's router, or every request behind a reverse
 * proxy on the same host without TRUST_PROXY) share the address's rate-limit count. What the
 * server tells one of them about its share must not count the other's requests, private steps
 * included (issue #38): two servers, in which side "a" of the toy game takes one private step
 * or four between two reads of side "b", answer b with the same headers.
 */
import type { GameModule } from '../../src/engine';
import { startTestServer, api } from '../support/server';
import { toy } from '../support/toy-game';

const LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

/**
 * The headers b gets. `x-ratelimit-reset` counts down the token's window in wall-clock seconds
 * (the limiter's own clock, not the server's `now`): how long a's steps took is timing, outside
 * the fog model (docs/fog.md), and on a loaded machine four steps can take a second more than
 * one. It is kept as "within the window", which the other side's steps cannot change.
 */
function limitHeaders(h: Headers): Record<string, string | null> {
  const out = Object.fromEntries(LIMIT_HEADERS.map((k) => [k, h.get(k)]));
  const reset = Number(out['x-ratelimit-reset']);
  out['x-ratelimit-reset'] = out['x-ratelimit-reset'] === null ? null : reset >= 0 && reset <= 60 ? 'within the window' : `out of the window: ${reset}`;
  return out;
}

/** b's reads, before and after a's `picks` private steps, as the headers and bodies b gets. */
async function world(picks: number): Promise<unknown[]> {
  const clock = Date.parse('2026-03-01T00:00:00Z');
  const srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]), now: () => clock, limits: { addressMax: 10_000, tokenMax: 1_000 } });
  try {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
    await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.a.token);
    await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.b.token);
    const reads: unknown[] = [];
    const read = async () => {
      const r = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.b.token);
      reads.push({ status: r.status, headers: limitHeaders(r.headers), seq: r.body.seq });
    };
    await read();
    let seq = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token)).body.seq;
    for (let i = 0; i < picks; i++) seq = (await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq, action: { type: 'pick', n: 1 + i } }, m.seats.a.token)).body.seq;
    await read();
    // Without a token (a public route), nothing of the address's count either.
    const games = await api(srv.url, 'GET', '/api/games');
    reads.push({ status: games.status, headers: limitHeaders(games.headers) });
    return reads;
  } finally {
    await srv.close();
  }
}

test('X-RateLimit-* tell a player its own share, never the address it shares with the other player', async () => {
  const one = await world(1);
  const four = await world(4);
  expect(four).toEqual(one);
  // b reads its own token's share: one request less each time.
  const remaining = one.slice(0, 2).map((r) => Number((r as { headers: Record<string, string> }).headers['x-ratelimit-remaining']));
  expect(remaining[1]).toBe(remaining[0]! - 1);
  expect(remaining[0]).toBeLessThan(1_000);
});
