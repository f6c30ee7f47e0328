/**
 * Pushes as deltas over socket.io (issue #13): a socket that asks for patches gets a full
 * body (`sync`) on connecting and then patches against the version it holds, while a socket
 * that does not ask gets whole `state` bodies as before; a socket joining late gets a full
 * body; the web client's link follows the match through patches, and when a patch does not
 * apply to what it holds (here: another chain started for its audience) it asks a full body.
 */
import type { StateBody, StatePatch, VersionedState } from '../../src/protocol';
import { connectMatch } from '../../src/web/socket';
import { applyStatePatch } from '../../src/web/patches';
import { api, ask, startTestServer, until, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const strip = (b: StateBody) => ({ ...b, log: [], logFrom: 0, clock: undefined });

/** One action of whichever side has a prompt (its first choice). */
async function actOnce(m: any): Promise<void> {
  for (const side of ['allied', 'japanese'] as const) {
    const b = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats[side].token)).body as StateBody;
    if (b.prompt?.actions.length) {
      const r = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: b.seq, action: b.prompt.actions.at(-1) }, m.seats[side].token);
      expect(r.status).toBe(200);
      return;
    }
  }
  throw new Error('no side has a prompt');
}

const current = async (m: any, side: string): Promise<StateBody> => (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats[side].token)).body;

test('a socket asking for patches gets a sync, then patches that make the state; one that does not gets whole bodies', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const patching = await srv.socket(m.seats.allied.token, { patches: true });
  const whole = await srv.socket(m.seats.allied.token);
  await until(() => (patching.got.some((g) => g.event === 'sync') && whole.got.some((g) => g.event === 'state') ? true : undefined));
  for (let i = 0; i < 4; i++) await actOnce(m);
  await until(() => (patching.got.filter((g) => g.event === 'patch').length >= 2 ? true : undefined));
  await new Promise((r) => setTimeout(r, 200));
  expect(patching.got.some((g) => g.event === 'state')).toBe(false);
  expect(whole.got.some((g) => g.event === 'patch' || g.event === 'sync')).toBe(false);
  let held: VersionedState | null = null;
  for (const g of patching.got) {
    if (g.event === 'sync') held = g.body as VersionedState;
    if (g.event === 'patch') {
      held = applyStatePatch(held, g.body as StatePatch);
      expect(held).not.toBeNull();
    }
  }
  const states = whole.got.filter((g) => g.event === 'state').map((g) => g.body as StateBody);
  expect(strip(held!.body)).toEqual(strip(states.at(-1)!));
  expect(strip(held!.body)).toEqual(strip(await current(m, 'allied')));
  // Patches weigh less than the bodies they stand for (a new phase's prompt comes whole all the same).
  const sum = (xs: unknown[]) => xs.reduce<number>((n, x) => n + JSON.stringify(x).length, 0);
  expect(sum(patching.got.filter((g) => g.event === 'patch').map((g) => g.body))).toBeLessThan(sum(states.slice(1)));
});

test('a socket joining after several pushes gets the full body, and the next patch applies to it', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const early = await srv.socket(m.seats.japanese.token, { patches: true });
  for (let i = 0; i < 3; i++) await actOnce(m);
  const late = await srv.socket(m.seats.japanese.token, { patches: true });
  const sync = await until(() => late.got.find((g) => g.event === 'sync')?.body as VersionedState | undefined);
  expect(strip(sync.body)).toEqual(strip(await current(m, 'japanese')));
  expect(sync.body.logFrom).toBe(-1);
  const before = late.got.length;
  // Act until the Japanese room is pushed something (a private Allied step pushes it nothing).
  for (let i = 0; i < 10 && !late.got.slice(before).some((g) => g.event === 'patch'); i++) {
    await actOnce(m);
    await new Promise((r) => setTimeout(r, 100));
  }
  const patch = late.got.slice(before).find((g) => g.event === 'patch')!.body as StatePatch;
  expect(patch.base).toBe(sync.v);
  expect(early.got.filter((g) => g.event === 'patch').at(-1)!.body).toEqual(patch);
  // Asked for, over the socket: the same version, with the log after `since`.
  const again = await ask(late, 'resync', { since: 0 });
  expect(again.ok).toBe(true);
  expect(again.v).toBe(patch.v);
  expect(again.body.logFrom).toBe(0);
});

test("the web client's link follows the match by patches, and asks a full body when a patch does not apply to what it holds", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const seen: StateBody[] = [];
  const link = connectMatch(m.seats.allied.token, { state: (b) => seen.push(b), status: () => undefined }, srv.url);
  try {
    await until(() => (seen.length > 0 ? true : undefined));
    const side = seen[0]!.you;
    await actOnce(m);
    await actOnce(m);
    await until(async () => (seen.at(-1)!.seq === (await current(m, side)).seq ? true : undefined));
    // Another chain for the link's audience: the live copy is dropped and another socket of it joins (it starts the new chain).
    srv.service.forget(m.id);
    const other = await srv.socket(m.seats[side].token, { patches: true });
    await until(() => (other.got.some((g) => g.event === 'sync') ? true : undefined));
    const n = seen.length;
    for (let i = 0; i < 10 && seen.length === n; i++) {
      await actOnce(m);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pushed = other.got.filter((g) => g.event === 'patch').map((g) => g.body as StatePatch);
    expect(pushed.length).toBeGreaterThan(0);
    // The link held the old chain's version: the patch could not apply, and the link's body is the current one all the same.
    const want = await current(m, side);
    await until(() => (seen.at(-1)!.seq === want.seq ? true : undefined));
    expect(strip(seen.at(-1)!)).toEqual(strip(want));
  } finally {
    link.close();
  }
});
