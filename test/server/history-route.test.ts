/**
 * GET /api/matches/:id/history (issue #14) over HTTP: a seat's or the spectator's own steps
 * while the match runs, the referee's whole match once it is over, and bad input refused
 * with a 4xx `{ error: { code, message } }` that changes nothing.
 */
import pino from 'pino';
import { GAMES } from '../../src/games';
import { MatchService } from '../../src/matches/service';
import { buildApp, type App } from '../../src/server/app';
import { MemoryMatchStore } from '../../src/store/memory-match-store';

let app: App;
let service: MatchService;
let base = '';

beforeAll(async () => {
  service = new MatchService(new MemoryMatchStore(), { games: GAMES, publicUrl: 'http://history.test', snapshotEvery: 3, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  app = (await buildApp({ service, logger: pino({ level: 'silent' }) })).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await app.close();
  await service.stop();
});

type Body = Record<string, any>;
const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
  const headers: Record<string, string> = payload !== undefined ? { 'content-type': 'application/json' } : {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + url, { method, headers, ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Body, text };
};

/** An SSJ match: no early activation, the Allied reinforcements closed, two private Japanese deployments, then "done" (5 actions; the Allies know of 3). */
async function deployed() {
  const m = (await call('POST', '/api/matches', undefined, { game: 'ssj', options: {} })).body;
  const jt: string = m.seats.japanese.token;
  const at: string = m.seats.allied.token;
  const act = async (token: string, action: unknown) => {
    const s = (await call('GET', `/api/matches/${m.id}`, token)).body;
    const r = await call('POST', `/api/matches/${m.id}/actions`, token, { seq: s.seq, action });
    expect(r.status).toBe(200);
    return r.body;
  };
  const sent: Record<string, Body[]> = { allied: [], japanese: [] };
  sent.allied!.push((await call('GET', `/api/matches/${m.id}`, at)).body);
  await act(jt, { type: 'early-activation', roll: false });
  sent.allied!.push((await call('GET', `/api/matches/${m.id}`, at)).body);
  sent.allied!.push(await act(at, { type: 'done' }));
  let j = (await call('GET', `/api/matches/${m.id}`, jt)).body;
  for (const ship of ['ijn-chokai', 'ijn-aoba']) {
    const a = j.prompt.actions.find((x: Body) => x.type === 'deploy' && x.ship === ship && x.area === 'SL' && x.box === 'night' && x.group === 'new');
    j = await act(jt, a);
  }
  await act(jt, { type: 'done' });
  sent.allied!.push((await call('GET', `/api/matches/${m.id}`, at)).body);
  return { id: m.id as string, jt, at, st: m.spectator.token as string, creator: m.creator.token as string, sent };
}

describe('GET /api/matches/:id/history', () => {
  test('while the match runs, a side steps through its own seqs only: the Allies 0 to 3, never the Japanese private steps', async () => {
    const m = await deployed();
    const latest = await call('GET', `/api/matches/${m.id}/history`, m.at);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ you: 'allied', eye: 'allied', revealed: false, at: 3, total: 3 });
    for (let n = 0; n <= 3; n++) {
      const h = await call('GET', `/api/matches/${m.id}/history?at=${n}`, m.at);
      expect(h.status).toBe(200);
      expect(h.body.at).toBe(n);
      // What the Allies were sent at that seq of theirs.
      expect(h.body.view).toEqual(m.sent.allied![n]!.view);
      expect(h.body.stage).toEqual(m.sent.allied![n]!.stage);
      expect(h.body.log).toEqual(m.sent.allied![n]!.log);
      expect(h.text).not.toMatch(/ijn-chokai|ijn-aoba|undefined/);
    }
    const japanese = await call('GET', `/api/matches/${m.id}/history?at=4`, m.jt);
    expect(japanese.body).toMatchObject({ you: 'japanese', at: 4, total: 5, revealed: false });
    expect(japanese.text).toContain('ijn-chokai');
    const spectator = await call('GET', `/api/matches/${m.id}/history`, m.st);
    expect(spectator.body).toMatchObject({ you: 'spectator', eye: 'spectator', total: 3 });
    // `since`: only the log entries after that step of yours.
    const since = await call('GET', `/api/matches/${m.id}/history?at=3&since=2`, m.at);
    expect(since.body.logFrom).toBe(2);
    expect(since.body.log.every((e: Body) => e.seq === 3)).toBe(true);
  });

  test('bad input is a 4xx with a code and a message, and changes nothing', async () => {
    const m = await deployed();
    const before = (await call('GET', `/api/matches/${m.id}`, m.at)).body;
    const cases: [string, string | undefined, number, string][] = [
      ['?at=4', m.at, 422, 'out-of-range'],
      ['?at=99999', m.st, 422, 'out-of-range'],
      ['?at=abc', m.at, 400, 'invalid-request'],
      ['?at=-1', m.at, 400, 'invalid-request'],
      ['?at=1.5', m.at, 400, 'invalid-request'],
      ['?at=', m.at, 400, 'invalid-request'],
      ['?at=1&since=-2', m.at, 400, 'invalid-request'],
      ['?seq=1', m.at, 400, 'invalid-request'],
      ['?at=1', undefined, 401, 'unauthorized'],
      ['?at=1', 'not-a-token', 403, ''],
      ['?at=1', m.creator, 403, ''],
    ];
    for (const [query, token, status, code] of cases) {
      const r = await call('GET', `/api/matches/${m.id}/history${query}`, token);
      expect({ query, token: token?.slice(0, 4), status: r.status }).toEqual({ query, token: token?.slice(0, 4), status });
      expect(r.body.error.message).toEqual(expect.any(String));
      expect(r.body.error.message).not.toMatch(/undefined/);
      if (code) expect(r.body.error.code).toBe(code);
    }
    const out = await call('GET', `/api/matches/${m.id}/history?at=4`, m.at);
    expect(out.body.error.message).toContain('0 to 3');
    expect((await call('GET', `/api/matches/${m.id}`, m.at)).body).toEqual(before);
  });

  test('once the match is over, everyone steps through the real seqs with everything revealed', async () => {
    const m = await deployed();
    // The Allied history, cached while the match ran, is extended by the resignation.
    expect((await call('GET', `/api/matches/${m.id}/history?at=1`, m.at)).body.total).toBe(3);
    expect((await call('POST', `/api/matches/${m.id}/resign`, m.at, {})).status).toBe(200);
    for (const token of [m.at, m.jt, m.st]) {
      const last = await call('GET', `/api/matches/${m.id}/history`, token);
      expect(last.body).toMatchObject({ eye: 'referee', revealed: true, at: 6, total: 6 });
      expect(last.body.result.winner).toBe('japanese');
      // Step 4 of the real match: CHOKAI placed, AOBA not yet, and the Allies see it now.
      const four = await call('GET', `/api/matches/${m.id}/history?at=4`, token);
      expect(four.text).toContain('ijn-chokai');
      expect(four.body.result).toBeNull();
      expect((await call('GET', `/api/matches/${m.id}/history?at=7`, token)).status).toBe(422);
    }
  });
});
