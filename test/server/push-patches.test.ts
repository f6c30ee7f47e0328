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

test("a socket asking for it (pushInAck) gets its own push in its action's acknowledgement, once; the seat's other sockets get it as an event", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  // Into the Japanese deployment (private steps: a push to the mover's audience alone).
  const mover = 'japanese';
  const deploys = (b: StateBody) => b.prompt?.actions.filter((a) => a.type === 'deploy') ?? [];
  for (let i = 0; i < 5 && deploys(await current(m, mover)).length === 0; i++) await actOnce(m);
  const acting = await srv.socket(m.seats[mover].token, { patches: true, pushInAck: true });
  const sibling = await srv.socket(m.seats[mover].token, { patches: true });
  const whole = await srv.socket(m.seats[mover].token, { pushInAck: true });
  await until(() => (acting.got.some((g) => g.event === 'sync') && sibling.got.some((g) => g.event === 'sync') && whole.got.some((g) => g.event === 'state') ? true : undefined));
  /** What `acting` holds from the pushes it got as events (its sync, then the patches of the seats being taken). */
  const fold = () => {
    let h: VersionedState | null = null;
    for (const g of acting.got) {
      if (g.event === 'sync') h = g.body as VersionedState;
      if (g.event === 'patch') h = applyStatePatch(h, g.body as StatePatch);
    }
    return h!;
  };
  await new Promise((r) => setTimeout(r, 100));
  let held = fold();
  for (let i = 0; i < 3; i++) {
    const before = { acting: acting.got.length, sibling: sibling.got.length };
    const b = await current(m, mover);
    const ack = await ask(acting, 'action', { seq: b.seq, action: deploys(b)[0] });
    expect(ack.ok).toBe(true);
    // The acknowledgement carries the patch (the chain had begun with the sync on connecting), at the acknowledged seq.
    expect(ack.patch).toBeDefined();
    expect(ack.state).toBeUndefined();
    held = applyStatePatch(held, ack.patch as StatePatch)!;
    expect(held).not.toBeNull();
    expect(held.body.seq).toBe(ack.seq);
    expect(strip(held.body)).toEqual(strip(await current(m, mover)));
    // The seat's other patch socket gets the very same patch as an event; the sender gets no event for its own change.
    await until(() => (sibling.got.slice(before.sibling).some((g) => g.event === 'patch') ? true : undefined));
    expect(
      sibling.got
        .slice(before.sibling)
        .filter((g) => g.event === 'patch')
        .map((g) => g.body),
    ).toEqual([ack.patch]);
    await new Promise((r) => setTimeout(r, 50));
    expect(acting.got.slice(before.acting).filter((g) => g.event === 'patch' || g.event === 'sync')).toEqual([]);
  }
  // A socket taking whole bodies gets its own body in its acknowledgement, and its sibling sockets theirs as `state`.
  const b = await current(m, mover);
  const seen = whole.got.length;
  const siblingSeen = sibling.got.length;
  const ack = await ask(whole, 'action', { seq: b.seq, action: deploys(b)[0] });
  expect(ack.ok).toBe(true);
  expect(strip(ack.state)).toEqual(strip(await current(m, mover)));
  expect(ack.patch).toBeUndefined();
  await until(() => (sibling.got.slice(siblingSeen).some((g) => g.event === 'patch') ? true : undefined));
  await new Promise((r) => setTimeout(r, 50));
  expect(whole.got.slice(seen).filter((g) => g.event === 'state')).toEqual([]);
  // A socket that did not ask gets `{ seq }` alone, and its push as an event, as before.
  const plain = await srv.socket(m.seats[mover].token, { patches: true });
  await until(() => (plain.got.some((g) => g.event === 'sync') ? true : undefined));
  const c = await current(m, mover);
  const plainSeen = plain.got.length;
  const plainAck = await ask(plain, 'action', { seq: c.seq, action: deploys(c)[0] });
  expect(plainAck).toEqual({ ok: true, seq: c.seq + 1 });
  await until(() => (plain.got.slice(plainSeen).some((g) => g.event === 'patch') ? true : undefined));
});

test("the web client's link takes its own action's push from the acknowledgement, before its promise resolves", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const seen: StateBody[] = [];
  const link = connectMatch(m.seats.japanese.token, { state: (b) => seen.push(b), status: () => undefined }, srv.url);
  try {
    for (let i = 0; i < 3; i++) {
      const b = await current(m, 'japanese');
      await until(() => (seen.at(-1)?.seq === b.seq ? true : undefined));
      const ack = await link.send(b.seq, b.prompt!.actions[0]!);
      expect(ack.ok).toBe(true);
      // Nothing else was pushed to this seat: the body the page holds came in the answer.
      expect(seen.at(-1)!.seq).toBe((ack as { seq: number }).seq);
      expect(strip(seen.at(-1)!)).toEqual(strip(await current(m, 'japanese')));
      if (!(await current(m, 'japanese')).prompt) break;
    }
  } finally {
    link.close();
  }
});

test("the web client's link, losing its connection before its action's acknowledgement (which carried its push), asks a full body once reconnected", async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  for (let i = 0; i < 5 && !(await current(m, 'japanese')).prompt?.actions.some((a) => a.type === 'deploy'); i++) await actOnce(m);
  const seen: StateBody[] = [];
  const statuses: string[] = [];
  const link = connectMatch(m.seats.japanese.token, { state: (b) => seen.push(b), status: (s) => statuses.push(s) }, srv.url);
  const submit = srv.service.submit.bind(srv.service);
  try {
    const b = await current(m, 'japanese');
    await until(() => (seen.at(-1)?.seq === b.seq ? true : undefined));
    // The server drops the link's connection as the action comes in: the action is taken, its acknowledgement is lost.
    srv.service.submit = ((...args: Parameters<typeof submit>) => {
      for (const s of srv.built.io.sockets.sockets.values()) if (s.data.matchId === m.id && s.data.side === 'japanese') s.conn.close();
      return submit(...args);
    }) as typeof submit;
    void link.send(
      b.seq,
      b.prompt!.actions.find((a) => a.type === 'deploy')!,
    );
    // A private step: nothing else is pushed to the seat, so only asking for the body brings it.
    await until(async () => ((await current(m, 'japanese')).seq === b.seq + 1 ? true : undefined));
    srv.service.submit = submit;
    await until(() => (seen.at(-1)?.seq === b.seq + 1 ? true : undefined));
    expect(strip(seen.at(-1)!)).toEqual(strip(await current(m, 'japanese')));
    expect(statuses).toContain('reconnecting');
  } finally {
    srv.service.submit = submit;
    link.close();
  }
});
