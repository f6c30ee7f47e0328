/** The public HTTP API of the foundation, against a real server and database. */
import { startTestServer, api, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

async function create() {
  const res = await api(srv.url, 'POST', '/api/matches', { game: 'ssj', options: {} });
  expect(res.status).toBe(201);
  return res.body as { id: string; seedHash: string; seats: Record<string, { token: string; url: string }>; spectator: { token: string; url: string } };
}

/** Everything about a match that an error must leave unchanged. */
async function fingerprint(id: string) {
  const match = await srv.prisma.match.findUniqueOrThrow({ where: { id } });
  const actions = await srv.prisma.action.count({ where: { matchId: id } });
  const ref = await srv.service.state(id, 'referee');
  return JSON.stringify({ seq: match.seq, status: match.status, actions, view: ref.view });
}

describe('the public API', () => {
  test('GET /health answers 200 when the database answers', async () => {
    const res = await api(srv.url, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  test('GET /api/games lists the game modules with their sides and option schemas', async () => {
    const res = await api(srv.url, 'GET', '/api/games');
    expect(res.status).toBe(200);
    const ssj = (res.body as { id: string; sides: string[]; options: unknown }[]).find((g) => g.id === 'ssj')!;
    expect(ssj.sides).toEqual(['allied', 'japanese']);
    expect(ssj.options).toMatchObject({ type: 'object' });
  });

  test('GET /api/games/ssj gives the public data: the counter sheet, the bases, the turns', async () => {
    const res = await api(srv.url, 'GET', '/api/games/ssj');
    expect(res.status).toBe(200);
    expect(res.body.data.turns).toHaveLength(9);
    expect(res.body.data.ships.find((s: { id: string }) => s.id === 'ijn-chokai')).toMatchObject({ name: 'CHOKAI', cls: 'CA', torpedo: 'T*' });
    expect((await api(srv.url, 'GET', '/api/games/nope')).status).toBe(404);
  });

  test('POST /api/matches returns one private link per seat and a spectator link; only token hashes are stored', async () => {
    const m = await create();
    expect(Object.keys(m.seats).sort()).toEqual(['allied', 'japanese']);
    for (const link of [m.seats.allied!, m.seats.japanese!, m.spectator]) {
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(link.url).toContain(`/m/${m.id}#t=${link.token}`);
    }
    expect(m.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const seats = await srv.prisma.seat.findMany({ where: { matchId: m.id } });
    expect(seats).toHaveLength(3);
    const stored = JSON.stringify(seats);
    for (const link of [m.seats.allied!, m.seats.japanese!, m.spectator]) expect(stored).not.toContain(link.token);
  });

  test('GET /api/matches/:id gives each token its own side, view, prompt and log', async () => {
    const m = await create();
    const jp = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.japanese!.token);
    expect(jp.status).toBe(200);
    // Nobody has taken a seat yet (a GET takes none): the match waits for its players.
    expect(jp.body).toMatchObject({ seq: 0, you: 'japanese', status: 'waiting', logFrom: -1 });
    expect(jp.body.prompt.actions.length).toBeGreaterThan(0);
    expect(jp.body.view.sides.japanese.visibility).toBe('full');
    const al = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied!.token);
    expect(al.body).toMatchObject({ you: 'allied', prompt: null });
    expect(al.body.view.sides.japanese.visibility).toBe('screened');
    const sp = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token);
    expect(sp.body).toMatchObject({ you: 'spectator', prompt: null });
    expect(sp.body.seed).toBeUndefined();
  });

  test('POST /api/matches with an unknown game, bad options or unknown fields is a 400/404 with a message', async () => {
    const r1 = await api(srv.url, 'POST', '/api/matches', { game: 'chess' });
    expect(r1.status).toBe(404);
    expect(r1.body.error.message).toMatch(/no game "chess"/);
    const r2 = await api(srv.url, 'POST', '/api/matches', { game: 'ssj', options: { turns: 3 } });
    expect(r2.status).toBe(400);
    expect(r2.body.error.code).toBe('invalid-options');
    const r3 = await api(srv.url, 'POST', '/api/matches', { game: 'ssj', extra: 1 });
    expect(r3.status).toBe(400);
    const r4 = await api(srv.url, 'POST', '/api/matches', '{not json');
    expect(r4.status).toBe(400);
    expect(r4.body.error.message).toBeTruthy();
  });

  describe('POST /api/matches/:id/actions', () => {
    let m: Awaited<ReturnType<typeof create>>;
    let before: string;
    beforeEach(async () => {
      m = await create();
      before = await fingerprint(m.id);
    });
    afterEach(async () => {
      expect(await fingerprint(m.id)).toBe(before);
    });
    const post = (body: unknown, token?: string) => api(srv.url, 'POST', `/api/matches/${m.id}/actions`, body, token);

    test('an action that fails its zod schema is a 400 and changes nothing', async () => {
      const r = await post({ seq: 0, action: { type: 'deploy', ship: 'ijn-chokai', area: 'XX', box: 'day', group: 'new' } }, m.seats.japanese!.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid-action', message: expect.stringMatching(/area/) });
      const r2 = await post({ seq: 0, action: { type: 'done', sneaky: true } }, m.seats.japanese!.token);
      expect(r2.status).toBe(400);
      const r3 = await post({ seq: 'zero', action: { type: 'done' } }, m.seats.japanese!.token);
      expect(r3.status).toBe(400);
      const r4 = await post({ seq: 0, action: { type: 'done' }, extra: 1 }, m.seats.japanese!.token);
      expect(r4.status).toBe(400);
    });

    test('a body over the size limit is refused (413) and changes nothing', async () => {
      const r = await post({ seq: 0, action: { type: 'done' }, pad: 'x'.repeat(100_000) }, m.seats.japanese!.token);
      expect(r.status).toBe(413);
      expect(r.body.error.message).toBeTruthy();
    });

    test("no token is a 401, a wrong token or another match's token a 403, a spectator token a 403", async () => {
      expect((await post({ seq: 0, action: { type: 'done' } })).status).toBe(401);
      const wrong = await post({ seq: 0, action: { type: 'done' } }, 'x'.repeat(32));
      expect(wrong.status).toBe(403);
      expect(wrong.body.error.code).toBe('bad-token');
      const other = await create();
      expect((await post({ seq: 0, action: { type: 'done' } }, other.seats.japanese!.token)).status).toBe(403);
      const spec = await post({ seq: 0, action: { type: 'done' } }, m.spectator.token);
      expect(spec.status).toBe(403);
      expect(spec.body.error.code).toBe('spectator');
    });

    test('a stale seq is a 409 that carries the current state', async () => {
      const r = await post({ seq: 5, action: { type: 'done' } }, m.seats.japanese!.token);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('stale-seq');
      expect(r.body.state).toMatchObject({ seq: 0, you: 'japanese' });
    });

    test('an action the rules forbid now is a 422 with the reason', async () => {
      const notYours = await post({ seq: 0, action: { type: 'done' } }, m.seats.allied!.token);
      expect(notYours.status).toBe(422);
      expect(notYours.body.error.code).toBe('not-your-turn');
      const slow = await post({ seq: 0, action: { type: 'deploy', ship: 'ijn-trdiv-1', area: 'SL', box: 'day', group: 'new' } }, m.seats.japanese!.token);
      expect(slow.status).toBe(422);
      expect(slow.body.error.code).toBe('illegal');
      const enemy = await post({ seq: 0, action: { type: 'deploy', ship: 'usn-wasp', area: 'SP', box: 'day', group: 'new' } }, m.seats.japanese!.token);
      expect(enemy.status).toBe(422);
    });

    test('an unknown match is a 404; a malformed id a 400', async () => {
      const r = await api(srv.url, 'POST', '/api/matches/nosuchmatch1/actions', { seq: 0, action: { type: 'done' } }, m.seats.japanese!.token);
      expect(r.status).toBe(404);
      const r2 = await api(srv.url, 'GET', '/api/matches/bad%20id!', undefined, m.seats.japanese!.token);
      expect(r2.status).toBe(400);
    });
  });

  test('an accepted action returns 200 with the new state, and the action is stored', async () => {
    const m = await create();
    const first = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.japanese!.token)).body.prompt.actions[0];
    const r = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: first }, m.seats.japanese!.token);
    expect(r.status).toBe(200);
    expect(r.body.seq).toBe(1);
    const rows = await srv.prisma.action.findMany({ where: { matchId: m.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ seq: 1, side: 'japanese', kind: 'action', payload: first });
    // Acting with a seat's link takes the seat.
    expect(r.body.players.japanese.claimed).toBe(true);
  });
});
