/**
 * Dice nobody can choose (issue 18, docs/fairness.md), through the real server: the
 * server's seed committed at creation, each seat's own value committed when it takes its
 * seat (claim, join, or the socket's handshake), the dice sealed from all three at the
 * first die, and everything revealed and checked at the end — by `GET /verify` and by
 * `npm run verify` on the exported file.
 */
import { execFile } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { randomBot, type Bot } from '../../src/bots';
import type { GameModule } from '../../src/engine';
import { GAMES } from '../../src/games';
import { newCommit, playOverSockets } from '../support/bots';
import { api, startTestServer, until, type TestServer } from '../support/server';
import { plain } from './drive';

const ADMIN = 'admin-token-for-fairness-0123456789';

/** A test game that rolls from its first action: eight dice a turn, three turns a side. */
interface RollerState {
  turn: number;
  rolls: number[];
}
const roller: GameModule<RollerState, { type: 'roll' }, Record<string, never>> = {
  id: 'roller',
  name: 'Roller',
  sides: ['a', 'b'],
  action: z.strictObject({ type: z.literal('roll') }),
  options: z.strictObject({}),
  setup: () => ({ state: { turn: 0, rolls: [] }, log: [] }),
  prompt: (s, side) => (s.turn < 6 && side === (s.turn % 2 === 0 ? 'a' : 'b') ? { text: 'Roll', actions: [{ type: 'roll' }] } : null),
  apply(s, side, _a, ctx) {
    const r = Array.from({ length: 8 }, () => ctx.dice.d6('roll'));
    s.rolls.push(...r);
    s.turn++;
    return { state: s, log: [{ to: 'public', text: `${side} rolled ${r.join(' ')}` }] };
  },
  view: (s) => s,
  result: (s) => (s.turn >= 6 ? { winner: null, text: 'All dice rolled.' } : null),
  publicData: () => ({}),
};

let srv: TestServer;
let dir: string;
/** The seeds the server takes for its next matches (a random one when none is queued). */
const seeds: string[] = [];
beforeAll(async () => {
  srv = await startTestServer({
    adminToken: ADMIN,
    games: new Map<string, GameModule>([...GAMES, ['roller', roller as GameModule]]),
    newSeed: () => seeds.shift() ?? randomBytes(32).toString('hex'),
  });
  dir = mkdtempSync(join(tmpdir(), 'ironbottom-fairness-'));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const get = (id: string, token: string) => api(srv.url, 'GET', `/api/matches/${id}`, undefined, token);
const admin = (method: string, path: string, body?: unknown) => api(srv.url, method, path, body, ADMIN);
/** The dice seed by its definition in docs/fairness.md, computed here with node:crypto. */
const oracle = (seed: string, values: [string, string][]) =>
  createHmac('sha256', seed)
    .update(['ironbottom dice v1', ...values.map(([s, v]) => `${s}:${v}`)].join('\n'))
    .digest('hex');

function runVerify(file: string, ...extra: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [require.resolve('tsx/cli'), 'src/cli/verify.ts', file, ...extra], { cwd: join(__dirname, '..', '..') }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

/** Plays through HTTP, each side answering its prompt with `choose`, until the match ends or `stop` says so. Every body received is kept. */
async function drive(
  id: string,
  tokens: Record<string, string>,
  choose: (side: string, body: any) => unknown,
  stop: (played: number) => Promise<boolean> = async () => false,
  max = 5000,
) {
  const bodies: string[] = [];
  for (let played = 0; played < max; played++) {
    if (await stop(played)) return { bodies, over: false };
    let moved = false;
    for (const [side, token] of Object.entries(tokens)) {
      const body = (await get(id, token)).body;
      bodies.push(JSON.stringify(body));
      if (body.status === 'finished') return { bodies, over: true };
      if (!body.prompt) continue;
      const r = await api(srv.url, 'POST', `/api/matches/${id}/actions`, { seq: body.seq, action: choose(side, body) }, token);
      expect(r.status).toBe(200);
      bodies.push(JSON.stringify(r.body));
      moved = true;
      break;
    }
    if (!moved) throw new Error('no side could move');
  }
  return { bodies, over: false };
}

const rollsOf = async (id: string) =>
  (await srv.prisma.action.findMany({ where: { matchId: id }, select: { rolls: true } })).reduce((n, r) => n + (r.rolls as unknown[]).length, 0);

/** The end-to-end checks every game's match gets once it is over. */
async function verifiedEndToEnd(m: any, values: Record<string, string>, running: string[], game: GameModule) {
  // While the match ran: every commitment public, no value in any body, nor in any log line.
  for (const text of running) for (const v of Object.values(values)) expect(text).not.toContain(v);
  for (const v of Object.values(values)) expect(srv.logs.join('\n')).not.toContain(v);
  const last = JSON.parse(running.filter((b) => JSON.parse(b).status !== 'finished').at(-1)!);
  for (const side of game.sides) expect(last.players[side]).toMatchObject({ commitment: sha256(values[side]!), claimed: true });
  expect(last.dice).toEqual({ version: 1, sealed: true });
  expect(last.seed).toBeUndefined();

  // Once over: everything revealed to all.
  const end = (await get(m.id, m.spectator.token)).body;
  expect(end.seed).toEqual(expect.any(String));
  expect(sha256(end.seed)).toBe(m.seedHash);
  expect(end.dice).toMatchObject({ version: 1, sealed: true, sealedAfter: expect.any(Number), values });

  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify?seedHash=${m.seedHash}`, undefined, m.spectator.token);
  expect(v.status).toBe(200);
  expect(v.body).toMatchObject({ ok: true, problems: [], rollsChecked: await rollsOf(m.id) });
  expect(v.body.rollsChecked).toBeGreaterThan(0);
  expect(v.body.dice).toEqual({
    version: 1,
    sealedAfter: end.dice.sealedAfter,
    diceSeed: oracle(
      end.seed,
      game.sides.map((s) => [s, values[s]!]),
    ),
    seats: game.sides.map((side) => ({ side, by: 'seat', commitment: sha256(values[side]!), ok: true })),
  });

  const file = (await admin('GET', `/api/admin/matches/${m.id}/export`)).body;
  expect(file.match.dice).toEqual({ version: 1, sealedAfter: end.dice.sealedAfter });
  const path = join(dir, `${m.id}.json`);
  writeFileSync(path, JSON.stringify(file));
  const cli = await runVerify(path, '--seed-hash', m.seedHash);
  expect(cli.out).toContain('every seat value matches its commitment');
  expect(cli.out).toContain('VERIFIED');
  expect(cli.code).toBe(0);
  return { file, path, end };
}

/** EWR's ways of stopping short of the enemy. */
const STOPS = new Set(['end-operations', 'end-initiative', 'withdraw']);
/** A bot that stops short of the enemy only when nothing else is left (so the match gets to its dice). */
function keepsGoing(bot: Bot): Bot {
  return {
    name: `${bot.name}, keeps going`,
    choose(turn) {
      const rest = turn.prompt.actions.filter((a) => !STOPS.has(String((a as { type?: string }).type)));
      return bot.choose(rest.length > 0 ? { ...turn, prompt: { ...turn.prompt, actions: rest } } : turn);
    },
  };
}

/** A finished SSJ match whose file later tests tamper with. */
let ssjFile: { file: any; path: string } | null = null;

describe("a full match of each game, with the server's seed and both seats' own values, verified end to end", () => {
  test('ssj: both seats claim with their commitments; some rolled steps, then a resignation', async () => {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
    const values: Record<string, string> = {};
    for (const side of ['allied', 'japanese']) {
      const c = newCommit();
      values[side] = c.value;
      const r = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: side, ...c }, m.seats[side].token);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ side, commitment: c.commitment, by: 'seat' });
      expect(JSON.stringify(r.body)).not.toContain(c.value);
    }
    const before = (await get(m.id, m.seats.allied.token)).body;
    expect(before.dice).toEqual({ version: 1, sealed: false });
    const tokens = { allied: m.seats.allied.token, japanese: m.seats.japanese.token };
    const { bodies } = await drive(
      m.id,
      tokens,
      (_s, body) => plain(body),
      async (n) => n >= 14 && (await rollsOf(m.id)) > 0,
      80,
    );
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, tokens.allied)).status).toBe(200);
    ssjFile = await verifiedEndToEnd(m, values, bodies, GAMES.get('ssj')!);
  }, 120_000);

  test('ewr: bots take their seats over socket.io with values of their own (in the handshake) and play to the end', async () => {
    // Random bots may close the operations phase before the forces meet: the first match with dice is the one checked.
    for (let attempt = 0; attempt < 12; attempt++) {
      const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ewr', options: { scenario: 'coral-sea-1942' } })).body;
      const commits: Record<string, Record<string, { commitment: string; value: string }>> = {};
      const seats = { allied: m.seats.allied.token, japanese: m.seats.japanese.token };
      const play = playOverSockets(srv.url, [{ id: m.id, seats }], (_id, side) => keepsGoing(randomBot(`ewr-fair-${attempt}/${side}`)), Infinity, { commit: true, commits });
      await play.done;
      play.stop();
      if ((await rollsOf(m.id)) === 0) continue;
      const values = Object.fromEntries(Object.entries(commits[m.id]!).map(([s, c]) => [s, c.value]));
      expect(Object.keys(values).sort()).toEqual(['allied', 'japanese']);
      // The only refusals the bots met: a die wanted before the other seat was taken, or a seq gone stale meanwhile.
      expect(Object.keys(play.refused).filter((c) => c !== 'dice-not-sealed' && c !== 'stale-seq')).toEqual([]);
      // What each seat held just before the end (the admin's replay of it).
      const total = (await get(m.id, m.spectator.token)).body.seq;
      const running: string[] = [];
      for (const side of ['allied', 'japanese']) running.push(JSON.stringify((await admin('GET', `/api/admin/matches/${m.id}/replay?seq=${total - 1}&as=${side}`)).body));
      await verifiedEndToEnd(m, values, running, GAMES.get('ewr')!);
      return;
    }
    throw new Error('no EWR match of the bots rolled a die');
  }, 180_000);

  test('eots-subwar: one seat claims, the other joins the listed match, both with their values; bots play until a resignation', async () => {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'eots-subwar', options: { scenario: '1943' }, listed: true })).body;
    const a = newCommit();
    const j = newCommit();
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, a, m.seats.allied.token)).status).toBe(200);
    const joined = await api(srv.url, 'POST', `/api/matches/${m.id}/join`, { side: 'japanese', name: 'Stranger', ...j });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ side: 'japanese', commitment: j.commitment, by: 'seat' });
    const tokens = { allied: m.seats.allied.token, japanese: joined.body.token };
    const bots = { allied: randomBot('fair/allied'), japanese: randomBot('fair/japanese') } as Record<string, ReturnType<typeof randomBot>>;
    const { bodies, over } = await drive(
      m.id,
      tokens,
      (side, body) => bots[side]!.choose({ side, view: body.view, prompt: body.prompt }),
      async () => false,
      150,
    );
    if (!over) expect((await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, tokens.allied)).status).toBe(200);
    await verifiedEndToEnd(m, { allied: a.value, japanese: j.value }, bodies, GAMES.get('eots-subwar')!);
  }, 180_000);
});

/** A roller match with the server's seed `seed` and the seats' values (undefined: the seat claims without one); played to the end. */
async function rollerMatch(seed: string, values: Record<string, string | undefined>) {
  seeds.push(seed);
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  for (const side of ['a', 'b']) {
    const v = values[side];
    const body = v ? { commitment: sha256(v), value: v } : {};
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, body, m.seats[side].token)).status).toBe(200);
  }
  await drive(m.id, { a: m.seats.a.token, b: m.seats.b.token }, () => ({ type: 'roll' }));
  const end = (await get(m.id, m.spectator.token)).body;
  return { m, end, rolls: end.view.rolls as number[] };
}

const hex = (c: string) => c.repeat(64);

test("a roll's value depends on each party's value: changing the server's seed, the first seat's or the second seat's changes the dice; the same three give the same dice", async () => {
  const base = await rollerMatch(hex('1'), { a: hex('a'), b: hex('b') });
  expect(base.rolls).toHaveLength(48);
  expect((await rollerMatch(hex('1'), { a: hex('a'), b: hex('b') })).rolls).toEqual(base.rolls);
  expect((await rollerMatch(hex('2'), { a: hex('a'), b: hex('b') })).rolls).not.toEqual(base.rolls);
  expect((await rollerMatch(hex('1'), { a: hex('c'), b: hex('b') })).rolls).not.toEqual(base.rolls);
  expect((await rollerMatch(hex('1'), { a: hex('a'), b: hex('c') })).rolls).not.toEqual(base.rolls);
  // The seats are mixed in a fixed order: the same two values on the other seats give other dice.
  expect((await rollerMatch(hex('1'), { a: hex('b'), b: hex('a') })).rolls).not.toEqual(base.rolls);
  const v = await api(srv.url, 'GET', `/api/matches/${base.m.id}/verify`, undefined, base.m.spectator.token);
  expect(v.body).toMatchObject({
    ok: true,
    rollsChecked: 48,
    dice: {
      diceSeed: oracle(hex('1'), [
        ['a', hex('a')],
        ['b', hex('b')],
      ]),
    },
  });
}, 60_000);

test("a seat that brings no value of its own is marked as such: the dice come from the server seed and the other seat's value", async () => {
  const { m, end } = await rollerMatch(hex('3'), { a: hex('d'), b: undefined });
  expect(end.players.b).toMatchObject({ commitment: null, by: 'server' });
  expect(end.dice.values).toEqual({ a: hex('d'), b: null });
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
  expect(v.body).toMatchObject({
    ok: true,
    dice: {
      diceSeed: oracle(hex('3'), [['a', hex('d')]]),
      seats: [
        { side: 'a', by: 'seat', ok: true },
        { side: 'b', by: 'server', commitment: null, ok: true },
      ],
    },
  });
}, 60_000);

test('no die before every seat is taken: the roll is refused (422 dice-not-sealed) and changes nothing; it goes through once the other seat has committed', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  const a = newCommit();
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, a, m.seats.a.token)).status).toBe(200);
  const refused = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'roll' } }, m.seats.a.token);
  expect(refused.status).toBe(422);
  expect(refused.body.error).toMatchObject({ code: 'dice-not-sealed', message: expect.stringMatching(/the b seat is still free/) });
  const after = (await get(m.id, m.seats.a.token)).body;
  expect(after).toMatchObject({ seq: 0, status: 'waiting', dice: { sealed: false } });
  expect(await srv.prisma.action.count({ where: { matchId: m.id } })).toBe(0);
  expect((await srv.prisma.match.findUniqueOrThrow({ where: { id: m.id } })).diceSealSeq).toBeNull();
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, newCommit(), m.seats.b.token)).status).toBe(200);
  const ok = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'roll' } }, m.seats.a.token);
  expect(ok.status).toBe(200);
  expect(ok.body.dice).toEqual({ version: 1, sealed: true });
});

test('a commitment that its value does not match is refused with a clear message and changes nothing; a commitment cannot be changed', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  const c = newCommit();
  const bad = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { commitment: c.commitment, value: hex('e') }, m.seats.a.token);
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: 'bad-commitment', message: expect.stringMatching(/does not match its commitment/) });
  const early = await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: c.value }, m.seats.a.token);
  expect(early.status).toBe(400);
  expect(early.body.error).toMatchObject({ code: 'not-committed', message: expect.stringMatching(/no commitment to reveal/) });
  expect((await get(m.id, m.seats.a.token)).body.players.a).toEqual({ name: null, claimed: false, commitment: null, by: null, revealed: false });
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, c, m.seats.a.token)).status).toBe(200);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, c, m.seats.a.token)).status).toBe(200);
  const other = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, newCommit(), m.seats.a.token);
  expect(other.status).toBe(409);
  expect(other.body.error.code).toBe('already-committed');
  expect((await get(m.id, m.seats.b.token)).body.players.a).toMatchObject({ commitment: c.commitment, by: 'seat' });
});

test('two steps: each seat commits when it takes its seat and reveals once every seat is in; the first die waits for every reveal; a reveal its commitment does not match is refused and changes nothing', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  const a = newCommit();
  const b = newCommit();
  const claimA = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { commitment: a.commitment }, m.seats.a.token);
  expect(claimA.body).toMatchObject({ commitment: a.commitment, by: 'seat', revealed: false });
  const claimB = await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { commitment: b.commitment }, m.seats.b.token);
  expect(claimB.body).toMatchObject({ commitment: b.commitment, by: 'seat', revealed: false });
  // Every seat is in, no value revealed: the first die waits, and says for whom.
  const waiting = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'roll' } }, m.seats.a.token);
  expect(waiting.status).toBe(422);
  expect(waiting.body.error).toMatchObject({ code: 'dice-not-sealed', message: expect.stringMatching(/the a and b seats have committed a dice value and not revealed it/) });
  // A tampered reveal: another value than the one committed.
  const tampered = await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: b.value }, m.seats.a.token);
  expect(tampered.status).toBe(400);
  expect(tampered.body.error).toMatchObject({ code: 'bad-reveal', message: expect.stringMatching(/does not match the a seat's commitment/) });
  expect((await get(m.id, m.seats.b.token)).body.players.a).toMatchObject({ commitment: a.commitment, revealed: false });
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: a.value }, m.seats.a.token)).body).toMatchObject({ revealed: true });
  // A second reveal of another value is refused too, not ignored.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: b.value }, m.seats.a.token)).body.error).toMatchObject({ code: 'bad-reveal' });
  const stillB = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'roll' } }, m.seats.a.token);
  expect(stillB.body.error).toMatchObject({ code: 'dice-not-sealed', message: expect.stringMatching(/the b seat has committed a dice value and not revealed it/) });
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: b.value }, m.seats.b.token)).body).toMatchObject({ revealed: true });
  // The values are held in escrow: no body shows them while the match runs.
  const running = await get(m.id, m.spectator.token);
  expect(running.body.players).toMatchObject({ a: { revealed: true }, b: { revealed: true } });
  for (const v of [a.value, b.value]) expect(JSON.stringify(running.body)).not.toContain(v);
  const rolled = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'roll' } }, m.seats.a.token);
  expect(rolled.status).toBe(200);
  expect(rolled.body.dice).toEqual({ version: 1, sealed: true });
  // A reveal after the seal changes nothing.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: a.value }, m.seats.a.token)).status).toBe(200);
  for (let turn = 1; turn < 6; turn++) {
    const side = turn % 2 === 0 ? 'a' : 'b';
    const body = (await get(m.id, m.seats[side].token)).body;
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: body.seq, action: { type: 'roll' } }, m.seats[side].token)).status).toBe(200);
  }
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify?seedHash=${m.seedHash}`, undefined, m.spectator.token);
  expect(v.body).toMatchObject({
    ok: true,
    rollsChecked: 48,
    dice: {
      seats: [
        { side: 'a', by: 'seat', ok: true },
        { side: 'b', by: 'seat', ok: true },
      ],
    },
  });
  const end = (await get(m.id, m.spectator.token)).body;
  expect(v.body.dice.diceSeed).toBe(
    oracle(end.seed, [
      ['a', a.value],
      ['b', b.value],
    ]),
  );
});

test('a seat that leaves before the dice start takes its commitment with it and voids every value already revealed: those seats commit afresh', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  const a = newCommit();
  const b = newCommit();
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { commitment: a.commitment }, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { commitment: b.commitment }, m.seats.b.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: a.value }, m.seats.a.token);
  // b has seen a's value revealed (a colluding server could tell it): b leaves, to come back with a value chosen knowing a's.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/leave`, {}, m.seats.b.token)).status).toBe(200);
  const after = (await get(m.id, m.seats.a.token)).body;
  expect(after.players).toMatchObject({ a: { claimed: true, commitment: null, by: null, revealed: false }, b: { claimed: false, commitment: null } });
  // a's old value is void; its reveal is refused until it commits again.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/reveal`, { value: a.value }, m.seats.a.token)).body.error.code).toBe('not-committed');
});

test("a tampered reveal is refused: a seat value changed in the file (import, npm run verify) or in the server's own escrow (GET /verify)", async () => {
  expect(ssjFile).not.toBeNull();
  const { file } = ssjFile!;
  const tampered = structuredClone(file);
  tampered.seats[0].value = hex('f');
  const r = await admin('POST', '/api/admin/matches/import', tampered);
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ code: 'verify-failed', message: expect.stringMatching(/the allied seat's revealed value does not match its commitment/) });
  const path = join(dir, 'tampered.json');
  writeFileSync(path, JSON.stringify(tampered));
  const cli = await runVerify(path);
  expect(cli.code).toBe(1);
  expect(cli.out).toMatch(/NOT VERIFIED[\s\S]*allied seat's revealed value does not match its commitment/);
  // A forged reveal with a forged commitment to match: the dice it gives are not the ones rolled.
  const forged = structuredClone(file);
  forged.seats[0].value = hex('f');
  forged.seats[0].commitment = sha256(hex('f'));
  const f = await admin('POST', '/api/admin/matches/import', forged);
  expect(f.status).toBe(422);
  expect(f.body.error.message).toMatch(/the seed gives/);
  // The untampered file imports, and the copy verifies.
  expect((await admin('POST', '/api/admin/matches/import', file)).body).toMatchObject({ verification: { ok: true } });

  // The server's own escrow changed after the end.
  const { m } = await rollerMatch(hex('4'), { a: hex('a'), b: hex('b') });
  await srv.prisma.seat.updateMany({ where: { matchId: m.id, side: 'b' }, data: { value: hex('9') } });
  srv.service.forget(m.id);
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
  expect(v.body.ok).toBe(false);
  expect(v.body.problems.join('\n')).toMatch(/the b seat's revealed value does not match its commitment/);
}, 60_000);

test('a server that changes its seed after creation is caught: by the published hash, and when it changes the hash too, by the hash the players saw at creation', async () => {
  const run = async (change: (id: string) => Promise<void>) => {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
    for (const side of ['a', 'b']) await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, newCommit(), m.seats[side].token);
    // The seed hash every player sees from creation on.
    expect((await get(m.id, m.seats.a.token)).body.seedHash).toBe(m.seedHash);
    await change(m.id);
    srv.service.forget(m.id);
    await drive(m.id, { a: m.seats.a.token, b: m.seats.b.token }, () => ({ type: 'roll' }));
    return m;
  };
  const seedOnly = await run(async (id) => {
    await srv.prisma.match.update({ where: { id }, data: { seed: hex('5') } });
  });
  const v1 = await api(srv.url, 'GET', `/api/matches/${seedOnly.id}/verify`, undefined, seedOnly.spectator.token);
  expect(v1.body.ok).toBe(false);
  expect(v1.body.problems.join('\n')).toMatch(/the seed does not match the seed hash published at creation/);

  const both = await run(async (id) => {
    await srv.prisma.match.update({ where: { id }, data: { seed: hex('6'), seedHash: sha256(hex('6')) } });
  });
  // The match is consistent with itself now; the hash the players saw at creation is not its hash.
  expect((await get(both.id, both.spectator.token)).body.seedHash).not.toBe(both.seedHash);
  const v2 = await api(srv.url, 'GET', `/api/matches/${both.id}/verify?seedHash=${both.seedHash}`, undefined, both.spectator.token);
  expect(v2.body.ok).toBe(false);
  expect(v2.body.problems.join('\n')).toMatch(/the server changed its seed after creation/);

  // `npm run verify --seed-hash` does the same with a file.
  const cli = await runVerify(ssjFile!.path, '--seed-hash', hex('0'));
  expect(cli.code).toBe(1);
  expect(cli.out).toMatch(/the server changed its seed after creation/);
}, 60_000);

test('the socket handshake takes the seat with its commitment before the first state is sent', async () => {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'roller' })).body;
  const c = newCommit();
  const s = await srv.socket(m.seats.b.token, c);
  const first = await until(() => s.got.find((g) => g.event === 'state')?.body);
  expect(first.players.b).toMatchObject({ claimed: true, commitment: c.commitment, by: 'seat' });
  expect(JSON.stringify(s.got)).not.toContain(c.value);
  s.disconnect();
});
