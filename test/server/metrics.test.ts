/**
 * /metrics (Prometheus text, prom-client) scraped before and after a short bot match over
 * socket.io: the counters move by what the bots counted on their side — actions
 * acknowledged, a stale seq refused, acknowledgement times, pushes and bytes per audience (a
 * spectator socket watching, as pushes are made only for an audience with a socket),
 * live matches, sockets, notices delivered, the database pool and the event loop. Not
 * served without the metrics token.
 */
import { createServer, type Server } from 'node:http';
import Fastify, { type FastifyRequest } from 'fastify';
import { errorHandler } from '../../src/server/errors';
import { Metrics, metricsPlugin, metricsRefusal } from '../../src/server/metrics';
import { plausibleBot } from '../../src/games/ssj/bot';
import { playOverSockets } from '../support/bots';
import { startTestServer, api, ask, until, type TestServer } from '../support/server';

const TOKEN = 'metrics-token-for-tests-0123456789';
let srv: TestServer;
let hook: Server;
let hooked = 0;
beforeAll(async () => {
  srv = await startTestServer({ metricsToken: TOKEN });
  hook = createServer((req, res) => {
    hooked++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  hook.close();
  await srv.close();
});

/** Every sample of the scrape: `name{labels}` → value. */
async function scrape(): Promise<Map<string, number>> {
  const r = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
  const out = new Map<string, number>();
  for (const line of (await r.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

const get = (m: Map<string, number>, key: string) => m.get(key) ?? 0;

test('after a short bot match the counters have moved by what the players counted', async () => {
  const before = await scrape();
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const port = (hook.address() as { port: number }).port;
  // The Allied player wants "your move" webhooks.
  expect(
    (await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { notify: { webhook: `http://127.0.0.1:${port}/hook`, when: { webhook: 'always' } } }, m.seats.allied.token)).status,
  ).toBe(200);
  // A friend watches (pushes are made for an audience only while a socket of it is there).
  const watcher = await srv.socket(m.spectator.token);
  // One stale seq, refused.
  const spare = await srv.socket(m.seats.japanese.token);
  expect(await ask(spare, 'action', { seq: 99, action: { type: 'done' } })).toMatchObject({ ok: false, error: { code: 'stale-seq' } });
  const play = playOverSockets(srv.url, [{ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } }], (id, side) => plausibleBot(`${id}-${side}`), 40);
  await play.done;
  const acked = play.total();
  const refusedStale = 1 + (play.refused['stale-seq'] ?? 0);
  await until(() => (hooked > 0 ? true : undefined));
  await srv.notifier.idle();
  const during = await scrape();
  play.stop();

  expect(acked).toBeGreaterThanOrEqual(40);
  const accepted = 'ironbottom_actions_total{kind="action",outcome="accepted",code=""}';
  expect(get(during, accepted) - get(before, accepted)).toBe(acked);
  const stale = 'ironbottom_actions_total{kind="action",outcome="refused",code="stale-seq"}';
  expect(get(during, stale) - get(before, stale)).toBe(refusedStale);
  const acks = 'ironbottom_action_ack_seconds_count{kind="action",via="socket"}';
  expect(get(during, acks) - get(before, acks)).toBe(
    acked +
      refusedStale +
      Object.entries(play.refused)
        .filter(([c]) => c !== 'stale-seq')
        .reduce((n, [, k]) => n + k, 0),
  );
  for (const audience of ['allied', 'japanese', 'spectator']) {
    expect(get(during, `ironbottom_pushes_total{audience="${audience}"}`)).toBeGreaterThan(get(before, `ironbottom_pushes_total{audience="${audience}"}`));
    expect(get(during, `ironbottom_push_bytes_total{audience="${audience}"}`)).toBeGreaterThan(get(before, `ironbottom_push_bytes_total{audience="${audience}"}`));
  }
  expect(get(during, 'ironbottom_live_matches')).toBeGreaterThanOrEqual(1);
  expect(get(during, 'ironbottom_sockets')).toBe(4);
  // The watcher's pushes: every state body after the one it got on connecting was counted.
  expect(watcher.got.filter((g) => g.event === 'state').length - 1).toBeLessThanOrEqual(
    get(during, 'ironbottom_pushes_total{audience="spectator"}') - get(before, 'ironbottom_pushes_total{audience="spectator"}'),
  );
  expect(get(during, 'ironbottom_notices_total{result="delivered"}')).toBe(hooked);
  expect(get(during, 'ironbottom_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  expect(during.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  expect(get(during, 'ironbottom_http_request_seconds_count{method="POST",route="/api/matches",status="201"}')).toBeGreaterThanOrEqual(1);
});

test('/metrics is refused without the metrics token', async () => {
  expect((await api(srv.url, 'GET', '/metrics')).status).toBe(403);
  const wrong = await api(srv.url, 'GET', '/metrics', undefined, 'not-the-metrics-token-0123456789');
  expect(wrong.status).toBe(403);
  expect(wrong.body.error.code).toBe('forbidden');
});

describe('who may read /metrics: its counts move with every private step, so never a player', () => {
  /** A server with only /metrics as the plugin serves it, with `access`, listening on loopback. */
  async function app(access: { token?: string; behindProxy?: boolean }, trustProxy = false) {
    const a = Fastify({ trustProxy });
    a.setErrorHandler(errorHandler);
    await a.register(metricsPlugin, { metrics: new Metrics({ liveMatches: () => 0, sockets: () => 0, notices: () => undefined }), ...access });
    await a.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
    return { a, url };
  }
  const get = async ({ url }: { url: string }, headers: Record<string, string> = {}) => {
    const r = await fetch(`${url}/metrics`, { headers });
    const text = await r.text();
    return { status: r.status, body: r.status === 200 ? null : (JSON.parse(text) as { error: { code: string; message: string } }) };
  };

  test('without a proxy setting: a request from this machine may read them; one a proxy forwarded, or from elsewhere, may not', async () => {
    const srv = await app({});
    expect((await get(srv)).status).toBe(200);
    // A reverse proxy on this host connects from loopback too: the header it adds gives it away.
    const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }];
    for (const h of forwarded) {
      const r = await get(srv, h);
      expect({ h, status: r.status, code: r.body?.error.code }).toEqual({ h, status: 403, code: 'forbidden' });
    }
    // A connection from elsewhere (as the plugin reads a request).
    const from = (remoteAddress: string) => ({ socket: { remoteAddress }, headers: {} }) as unknown as FastifyRequest;
    expect(metricsRefusal(from('203.0.113.7'), {})).toMatch(/this machine only/);
    expect(metricsRefusal(from('::1'), {})).toBeNull();
    await srv.a.close();
  });

  test('with TRUST_PROXY on and no METRICS_TOKEN, nobody may: every request comes through the proxy from this machine; the refusal says what to set', async () => {
    const srv = await app({ behindProxy: true }, true);
    const r = await get(srv);
    expect(r.status).toBe(403);
    expect(r.body!.error.message).toMatch(/TRUST_PROXY/);
    expect(r.body!.error.message).toMatch(/METRICS_TOKEN/);
    expect((await get(srv, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    await srv.a.close();
  });

  test('with TRUST_PROXY on and a METRICS_TOKEN: the token, and only the token, opens them', async () => {
    const srv = await app({ behindProxy: true, token: TOKEN }, true);
    expect((await get(srv, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get(srv)).status).toBe(403);
    expect((await get(srv, { authorization: 'Bearer not-the-metrics-token-0123456789' })).status).toBe(403);
    await srv.a.close();
  });
});
