/**
 * The admin: routes off without ADMIN_TOKEN, the list, a replay "as Allied" that shows
 * exactly what the Allied socket received at that seq, and the export → import → verify
 * round trip (the HTTP route and `npm run verify`), with tampered files refused clearly.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, api, ask, until, type RecordedSocket, type TestServer } from '../support/server';
import { mover, newGroupDeploys, plain } from './drive';

const ADMIN = 'admin-token-for-tests-0123456789';
let srv: TestServer;
let dir: string;
beforeAll(async () => {
  srv = await startTestServer({ adminToken: ADMIN });
  dir = mkdtempSync(join(tmpdir(), 'ironbottom-admin-'));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const SIDES = ['allied', 'japanese'];
const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);
const admin = (method: string, path: string, body?: unknown, token = ADMIN) => api(srv.url, method, path, body, token);

/** What a client holds after folding the pushes it got (each carries the log after `logFrom`). */
function merged(bodies: any[]): any {
  let held: any = null;
  for (const b of bodies) {
    const whole = !held || b.logFrom < 0 || b.log.some((e: any) => e.seq <= b.logFrom);
    held = { ...b, log: whole ? b.log : [...held.log.filter((e: any) => e.seq <= b.logFrom), ...b.log] };
  }
  return held;
}

/** A match played over sockets: the Japanese deploy two ships behind the screen, and on (plain choices). */
async function playedMatch() {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  const al = await srv.socket(m.seats.allied.token);
  const jp = await srv.socket(m.seats.japanese.token);
  await until(() => states(al)[0]);
  await until(() => states(jp)[0]);
  const socketOf: Record<string, RecordedSocket> = { allied: al, japanese: jp };
  /** After each real seq: what the Allied socket held then. */
  const alliedAt: any[] = [merged(states(al))];
  let deployed = 0;
  for (let real = 1; real <= 14; real++) {
    const who = (await mover(srv.service, m.id, SIDES))!;
    const acts = who.body.prompt!.actions as any[];
    const action = who.side === 'japanese' && deployed < 2 && acts.some((a) => a.type === 'deploy') ? newGroupDeploys(who.body, 2)[deployed++] : plain(who.body);
    const pushesBefore = states(al).length;
    const ack = await ask(socketOf[who.side]!, 'action', { seq: who.body.seq, action });
    expect(ack.ok).toBe(true);
    const isPrivate = (await srv.prisma.action.findUniqueOrThrow({ where: { matchId_seq: { matchId: m.id, seq: real } } })).private;
    if (!isPrivate) await until(() => (states(al).length > pushesBefore ? true : undefined));
    else await new Promise((r) => setTimeout(r, 30));
    alliedAt.push(merged(states(al)));
  }
  return { m, al, jp, alliedAt };
}

test('without ADMIN_TOKEN the admin routes do not exist; with it they want the admin token', async () => {
  const off = await startTestServer();
  try {
    for (const path of ['/api/admin/matches', '/api/admin/matches/x/replay?seq=0&as=referee', '/api/admin/matches/x/export']) {
      const r = await api(off.url, 'GET', path, undefined, ADMIN);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not-found');
    }
    expect((await api(off.url, 'POST', '/api/admin/matches/import', {}, ADMIN)).status).toBe(404);
  } finally {
    await off.close();
  }
  expect((await api(srv.url, 'GET', '/api/admin/matches')).status).toBe(401);
  const wrong = await admin('GET', '/api/admin/matches', undefined, 'not-the-admin-token-at-all');
  expect(wrong.status).toBe(403);
  expect(wrong.body.error.code).toBe('not-admin');
  // A seat token is no admin token either.
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj' })).body;
  expect((await admin('GET', `/api/admin/matches/${m.id}/export`, undefined, m.seats.allied.token)).status).toBe(403);
});

test('an admin replay "as Allied" at any seq shows exactly what the Allied socket had received then; the referee sees everything', async () => {
  const { m, alliedAt } = await playedMatch();
  const list = await admin('GET', '/api/admin/matches?limit=500');
  const row = list.body.matches.find((x: any) => x.id === m.id);
  expect(row).toMatchObject({ game: 'ssj', status: 'active', seq: 14 });
  expect(row.sides.map((s: any) => [s.side, s.claimed])).toEqual([
    ['allied', true],
    ['japanese', true],
  ]);
  expect(Date.parse(row.lastActivity)).toBeGreaterThan(0);
  expect(JSON.stringify(list.body)).not.toMatch(/seed|token/i);
  for (let k = 1; k <= 14; k++) {
    const r = await admin('GET', `/api/admin/matches/${m.id}/replay?seq=${k}&as=allied`);
    expect(r.status).toBe(200);
    const held = alliedAt[k];
    expect({ k, seq: r.body.seq, view: r.body.view, prompt: r.body.prompt, log: r.body.log }).toEqual({ k, seq: held.seq, view: held.view, prompt: held.prompt, log: held.log });
    expect(r.body.total).toBe(14);
    expect(r.body.seed).toBeUndefined();
  }
  const ref = await admin('GET', `/api/admin/matches/${m.id}/replay?seq=3&as=referee`);
  expect(ref.body.seq).toBe(3);
  expect(JSON.stringify(ref.body.view)).toMatch(/ijn-/);
  expect((await admin('GET', `/api/admin/matches/${m.id}/replay?seq=3&as=umpire`)).status).toBe(400);
  expect((await admin('GET', `/api/admin/matches/${m.id}/replay?seq=99&as=allied`)).status).toBe(422);
});

function runVerify(file: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [require.resolve('tsx/cli'), 'src/cli/verify.ts', file], { cwd: join(__dirname, '..', '..') }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

test('export → import → verify: the imported match re-runs to the same end; `npm run verify` agrees; a tampered file is refused with a clear error', async () => {
  const { m } = await playedMatch();
  // Before the end the seed is secret: verification is refused, clearly.
  const early = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.allied.token);
  expect(early.status).toBe(409);
  expect(early.body.error).toMatchObject({ code: 'not-over', message: expect.stringMatching(/once it has ended/) });
  await api(srv.url, 'POST', `/api/matches/${m.id}/resign`, {}, m.seats.allied.token);
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.seats.japanese.token);
  expect(v.body).toMatchObject({ ok: true, actions: 15, problems: [] });
  expect(v.body.rollsChecked).toBeGreaterThan(0);

  const file = (await admin('GET', `/api/admin/matches/${m.id}/export`)).body;
  expect(file).toMatchObject({ format: 'ironbottom/match', version: 1, match: { id: m.id, game: 'ssj', status: 'finished' } });
  expect(file.actions).toHaveLength(15);
  expect(file.actions[0].createdAt).toEqual(expect.any(String));
  const imported = await admin('POST', '/api/admin/matches/import', file);
  expect(imported.status).toBe(201);
  expect(imported.body.id).not.toBe(m.id);
  expect(imported.body).toMatchObject({ importedFrom: m.id, status: 'finished', verification: { ok: true } });
  const copy = await api(srv.url, 'GET', `/api/matches/${imported.body.id}`, undefined, imported.body.spectator.token);
  const original = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator.token);
  expect(copy.body.view).toEqual(original.body.view);
  expect(copy.body.log).toEqual(original.body.log);
  expect((await api(srv.url, 'GET', `/api/matches/${imported.body.id}/verify`, undefined, imported.body.seats.allied.token)).body.ok).toBe(true);

  const good = join(dir, 'good.json');
  writeFileSync(good, JSON.stringify(file));
  const cli = await runVerify(good);
  expect(cli.out).toContain('VERIFIED');
  expect(cli.code).toBe(0);

  // Tampered: one die changed.
  const rolled = file.actions.findIndex((a: any) => a.rolls.length > 0);
  const badRoll = structuredClone(file);
  badRoll.actions[rolled].rolls[0].value = (badRoll.actions[rolled].rolls[0].value % 6) + 1;
  const r1 = await admin('POST', '/api/admin/matches/import', badRoll);
  expect(r1.status).toBe(422);
  expect(r1.body.error.code).toBe('verify-failed');
  expect(r1.body.error.message).toMatch(new RegExp(`does not verify.*seq ${rolled + 1}: the file logs the rolls`));
  const badFile = join(dir, 'bad-roll.json');
  writeFileSync(badFile, JSON.stringify(badRoll));
  const cliBad = await runVerify(badFile);
  expect(cliBad.code).toBe(1);
  expect(cliBad.out).toMatch(/NOT VERIFIED[\s\S]*the seed gives/);
  // Tampered: another seed (its hash no longer matches), or a final state that is not the one the actions give.
  const badSeed = structuredClone(file);
  badSeed.match.seed = 'x' + badSeed.match.seed;
  expect((await admin('POST', '/api/admin/matches/import', badSeed)).body.error.message).toMatch(/the seed does not match the seed hash/);
  const badState = structuredClone(file);
  badState.final.state.dice = [1, 2, 3, 4];
  expect((await admin('POST', '/api/admin/matches/import', badState)).body.error.message).toMatch(/final state differs/);
  // An action the rules would refuse.
  const badAction = structuredClone(file);
  badAction.actions[0].payload = { type: 'magic', numbers: [1, 2, 3] };
  const r4 = await admin('POST', '/api/admin/matches/import', badAction);
  expect(r4.status).toBe(422);
  expect(r4.body.error.message).toMatch(/rules refuse/);
  // Not a match file at all.
  const r5 = await admin('POST', '/api/admin/matches/import', { hello: 'world' });
  expect(r5.status).toBe(400);
  // None of the refused files left a match behind.
  const all = await admin('GET', '/api/admin/matches?limit=500');
  expect(all.body.matches.filter((x: any) => x.status === 'finished' && x.seq === 15)).toHaveLength(2);
});
