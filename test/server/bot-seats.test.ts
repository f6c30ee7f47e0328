/**
 * Issue #14, "Play against the computer": a seat given to a bot at creation is taken at once
 * under its name, with a dice value of the server's committed and revealed; the bot moves
 * only when the body its seat is given holds a prompt, chooses from that body alone, and
 * acts through the service's own submit (seq check, persistence, pushes); a restarted
 * server picks up a match whose bot owes a decision; a whole East Wind Rain match against
 * the computer is played to its end over HTTP.
 */
import pino from 'pino';
import { GAMES } from '../../src/games';
import { randomBot } from '../../src/bots';
import { BotSeats, type BotSeatDeps } from '../../src/matches/bot-seats';
import { MatchService, type StateBody } from '../../src/matches/service';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { buildApp, type Built } from '../../src/server/app';

jest.setTimeout(60_000);

const logger = pino({ level: 'silent' });
const newService = (store = new MemoryMatchStore()) => new MatchService(store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 50, idleMs: 60_000, logger });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The app listening on a free loopback port, and a JSON request to it. */
async function serve(
  service: MatchService,
  botThinkMs: number,
): Promise<{ built: Built; call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: any }> }> {
  const built = await buildApp({ service, logger, botThinkMs });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  return {
    built,
    async call(method, path, body, token) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return { status: res.status, json: await res.json() };
    },
  };
}

/** The side of a new EWR match with the first decision, and the other. */
async function sidesOf(service: MatchService): Promise<{ first: string; second: string }> {
  const probe = await service.create('ewr', {});
  const first = (await service.state(probe.id, 'japanese')).prompt ? 'japanese' : 'allied';
  return { first, second: first === 'japanese' ? 'allied' : 'japanese' };
}

describe('creating a match with a seat for the computer (HTTP)', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let store: MemoryMatchStore;
  beforeAll(async () => {
    store = new MemoryMatchStore();
    server = await serve(newService(store), 1);
  });
  afterAll(() => server.built.app.close());

  const create = (body: unknown) => server.call('POST', '/api/matches', body);

  it('lists each game’s bot kinds, the plausible player first', async () => {
    const games = (await server.call('GET', '/api/games')).json as { id: string; bots: string[] }[];
    const by = Object.fromEntries(games.map((g) => [g.id, g.bots]));
    expect(by.ssj).toEqual(['plausible', 'random']);
    expect(by.ewr).toEqual(['plausible', 'random']);
    expect(by['eots-subwar']).toEqual(['plausible', 'random']);
  });

  it.each([
    ['a side the game has not', { navy: 'random' }, /no side "navy"/],
    ['a kind the game has not', { allied: 'expert' }, /no bot "expert": its bots are "plausible" and "random"/],
    ['every seat', { allied: 'random', japanese: 'random' }, /At least one seat must be a person/],
  ])('refuses a bot for %s with 400 invalid-bots and creates nothing', async (_what, bots, message) => {
    const before = await store.countMatches({});
    const res = await create({ game: 'ewr', bots });
    expect(res.status).toBe(400);
    const err = res.json.error as { code: string; message: string };
    expect(err.code).toBe('invalid-bots');
    expect(err.message).toMatch(message);
    expect(err.message).not.toMatch(/undefined/);
    expect(await store.countMatches({})).toBe(before);
  });

  it('refuses a bot choice that is not a map of names with 400', async () => {
    const res = await create({ game: 'ewr', bots: ['random'] });
    expect(res.status).toBe(400);
    expect(res.json.error.message).not.toMatch(/undefined/);
  });

  it('seats the bot at once under its name, with no link, its dice value committed and revealed', async () => {
    const res = await create({ game: 'ssj', bots: { japanese: 'plausible' } });
    expect(res.status).toBe(201);
    const m = res.json as { id: string; seats: Record<string, { token: string }>; bots: Record<string, string> };
    expect(Object.keys(m.seats)).toEqual(['allied']);
    expect(m.bots).toEqual({ japanese: 'Computer (plausible bot)' });
    const body = (await server.call('GET', `/api/matches/${m.id}`, undefined, m.seats.allied!.token)).json as StateBody;
    expect(body.status).toBe('waiting');
    expect(body.players.japanese).toEqual({ name: 'Computer (plausible bot)', claimed: true, commitment: expect.stringMatching(/^[0-9a-f]{64}$/), by: 'seat', revealed: true });
    expect(body.players.allied!.claimed).toBe(false);
    // No token opens the bot's seat: its stored hash is a mark no token hashes to.
    const seat = (await store.readMatch(m.id))!.seats.find((s) => s.side === 'japanese')!;
    expect(seat.tokenHash).toMatch(/^bot:plausible:[0-9a-f]{64}$/);
    // Its secret (which seeds the bot's choices) is in no body.
    expect(JSON.stringify(body)).not.toContain(seat.tokenHash.slice('bot:plausible:'.length));
  });
});

describe('the bot driver', () => {
  it('moves only when its own body holds a prompt, with the action that body offers, through submit', async () => {
    const service = newService();
    const { first, second } = await sidesOf(service);
    const calls: { kind: 'state' | 'submit'; side: string; seq: number; offered?: unknown[]; action?: unknown }[] = [];
    // The body the bot is given offers one action only: the one it must take, if it chooses from its body.
    const deps: BotSeatDeps = {
      store: service.store,
      logger,
      onPublish: (p) => service.onPublish(p),
      onSeatRevoked: (r) => service.onSeatRevoked(r),
      state: async (id, viewer, after) => {
        const body = await service.state(id, viewer, after);
        const only = body.prompt ? { ...body, prompt: { ...body.prompt, actions: [body.prompt.actions.at(-1)!] } } : body;
        calls.push({ kind: 'state', side: viewer, seq: body.seq, offered: only.prompt?.actions ?? [] });
        return only;
      },
      submit: async (id, viewer, seq, action) => {
        calls.push({ kind: 'submit', side: viewer, seq, action });
        return service.submit(id, viewer, seq, action);
      },
    };
    const bots = new BotSeats(deps, { thinkMs: 1 }).attach();
    const pushed: { audience: string; seq: number }[] = [];
    service.onPublish((_id, audience, body) => pushed.push({ audience, seq: body.seq }));
    const m = await service.create('ewr', {}, { bots: { [second]: 'random' } });

    // The person's turn: the bot is not woken, nothing happens.
    await sleep(30);
    expect(calls).toEqual([]);
    // The person plays until the bot owes a decision; the bot then answers by itself.
    let played = 0;
    while (!(await service.state(m.id, second)).prompt) {
      const b = await service.state(m.id, first);
      await service.submit(m.id, first, b.seq, b.prompt!.actions.find((a) => a.type === 'done') ?? b.prompt!.actions[0]);
      if (++played > 50) throw new Error('the bot never got a decision');
    }
    const seqBefore = (await service.state(m.id, 'referee')).seq;
    await bots.idle();
    const submits = calls.filter((c) => c.kind === 'submit');
    expect(submits.length).toBeGreaterThan(0);
    expect(submits.every((c) => c.side === second)).toBe(true);
    for (const s of submits) {
      // Each step is the one action of the body it read just before, at that body's seq.
      const read = calls[calls.indexOf(s) - 1]!;
      expect(read.kind).toBe('state');
      expect(s.seq).toBe(read.seq);
      expect(read.offered).toEqual([s.action]);
    }
    expect((await service.state(m.id, 'referee')).seq).toBeGreaterThan(seqBefore);
    expect(pushed.some((p) => p.audience === first && p.seq > 0)).toBe(true);
    await bots.stop();
  });

  it('a restarted server finds a match whose bot owes a decision and plays it; a stopped driver plays nothing', async () => {
    const store = new MemoryMatchStore();
    const before = newService(store);
    const { first, second } = await sidesOf(before);
    const m = await before.create('ewr', {}, { bots: { [second]: 'random' } });
    // No driver on this service (a crash before the bot moved): the person plays until the bot owes a decision.
    while (!(await before.state(m.id, second)).prompt) {
      const b = await before.state(m.id, first);
      await before.submit(m.id, first, b.seq, b.prompt!.actions.find((a) => a.type === 'done') ?? b.prompt!.actions[0]);
    }
    const stuck = (await before.state(m.id, 'referee')).seq;

    const stopped = newService(store);
    const idle = new BotSeats(stopped, { thinkMs: 1 }).attach();
    await idle.stop();
    expect(await idle.resume()).toBe(0);
    await sleep(30);
    expect((await stopped.state(m.id, 'referee')).seq).toBe(stuck);

    const after = newService(store);
    const bots = new BotSeats(after, { thinkMs: 1 }).attach();
    expect(await bots.resume()).toBe(1);
    await bots.idle();
    expect((await after.state(m.id, 'referee')).seq).toBeGreaterThan(stuck);
    await bots.stop();
  });
});

describe('a whole East Wind Rain match against the computer, over HTTP', () => {
  it('ends with a result, the person playing at random and the bot answering through the service', async () => {
    const service = newService();
    const { built, call } = await serve(service, 2);
    try {
      const res = await call('POST', '/api/matches', { game: 'ewr', bots: { allied: 'random' } });
      expect(res.status).toBe(201);
      const m = res.json as { id: string; seats: Record<string, { token: string }> };
      const token = m.seats.japanese!.token;
      const get = async () => (await call('GET', `/api/matches/${m.id}`, undefined, token)).json as StateBody;
      expect((await call('POST', `/api/matches/${m.id}/claim`, {}, token)).status).toBe(200);
      const me = randomBot('ewr-human');
      let mine = 0;
      const until = Date.now() + 45_000;
      let body = await get();
      while (body.status !== 'finished') {
        if (Date.now() > until) throw new Error(`no end: status ${body.status}, seq ${body.seq}, stage ${JSON.stringify(body.stage)}`);
        if (body.prompt) {
          // The person heads east towards the intercepting TF (as the Coral Sea's TFA must), so that the bot has decisions to make; else at random, never withdrawing early.
          const acts = body.prompt.actions as { type: string; to?: { col: number } }[];
          const east = acts.filter((a) => a.type === 'move').sort((a, b) => b.to!.col - a.to!.col)[0];
          const pressing = acts.filter((a) => !['withdraw', 'end-operations'].includes(a.type));
          const action = east ?? me.choose({ side: 'japanese', view: body.view, prompt: { ...body.prompt, actions: pressing.length ? pressing : acts } as never });
          const r = await call('POST', `/api/matches/${m.id}/actions`, { seq: body.seq, action }, token);
          // 409: the bot moved first (a simultaneous decision); anything else is a failure.
          if (r.status !== 409) expect(r.status).toBe(200);
          if (r.status === 200) mine++;
        } else await sleep(3);
        body = await get();
      }
      expect(body.result).not.toBeNull();
      const rows = await service.store.readRows(m.id, 100_000);
      expect(mine).toBeGreaterThan(0);
      expect(rows.some((r) => r.side === 'allied' && r.kind === 'action')).toBe(true);
      expect(rows.filter((r) => r.side === 'japanese' && r.kind === 'action')).toHaveLength(mine);

      // A rematch with sides swapped: the computer keeps playing, now the Japanese side, under its name; the person gets the Allied seat.
      const again = await call('POST', `/api/matches/${m.id}/rematch`, { swap: true }, token);
      expect(again.status).toBe(200);
      expect(again.json.side).toBe('allied');
      const next = (await call('GET', `/api/matches/${again.json.id}`, undefined, again.json.token)).json as StateBody;
      expect(next.players.japanese).toMatchObject({ name: 'Computer (random bot)', claimed: true });
      expect(next.players.allied!.name).not.toBe('Computer (random bot)');
      const stored = (await service.store.readMatch(again.json.id))!;
      expect(stored.seats.find((x) => x.side === 'japanese')!.tokenHash).toMatch(/^bot:random:/);
      expect(stored.seats.find((x) => x.side === 'allied')!.tokenHash).not.toMatch(/^bot:/);
    } finally {
      await built.app.close();
    }
  });
});
