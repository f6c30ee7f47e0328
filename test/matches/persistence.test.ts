/**
 * A match's state at any seq is rebuilt from its seed and actions; snapshots make
 * loading fast and give the same result; a cold server rebuilds what a warm one held.
 */
import pino from 'pino';
import { replay, type RecordedAction } from '../../src/engine';
import { GAMES } from '../../src/games';
import { ssj } from '../../src/games/ssj';
import { MatchService } from '../../src/matches/service';
import { startTestServer, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ snapshotEvery: 3 });
});
afterAll(async () => {
  await srv.close();
});

/** A seeded little chooser (not the game's dice): deterministic test play. */
function chooser(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

async function playSome(id: string, count: number, pick: (n: number) => number) {
  const states: string[] = [];
  for (let i = 0; i < count; i++) {
    const ref = await srv.service.state(id, 'referee');
    if (ref.status !== 'active') break;
    const side = ssj.sides.find((s) => ssj.prompt((srv.service as any).live.get(id).state.game, s))!;
    const body = await srv.service.state(id, side);
    const acts = body.prompt!.actions as { type: string }[];
    const done = acts.find((a) => a.type === 'done');
    const action = done && pick(3) === 0 ? done : acts[pick(acts.length)];
    await srv.service.submit(id, side, body.seq, action);
    states.push(JSON.stringify((await srv.service.state(id, 'referee')).view));
  }
  return states;
}

test('replay: the state rebuilt from seed and actions equals the live state at every seq', async () => {
  const created = await srv.service.create('ssj', {});
  const live = await playSome(created.id, 60, chooser(7));
  expect(live.length).toBe(60);
  const row = await srv.prisma.match.findUniqueOrThrow({ where: { id: created.id } });
  const actions: RecordedAction[] = (await srv.prisma.action.findMany({ where: { matchId: created.id }, orderBy: { seq: 'asc' } })).map((a) => ({
    side: a.side,
    action: a.payload,
  }));
  expect(actions).toHaveLength(60);
  for (let k = 1; k <= actions.length; k++) {
    const rebuilt = replay(ssj, row.options, row.seed, actions, k);
    expect(JSON.stringify(ssj.view(rebuilt.state.game, 'referee'))).toBe(live[k - 1]);
  }
  // Every logged roll is reproduced too.
  const rolls = (await srv.prisma.action.findMany({ where: { matchId: created.id }, orderBy: { seq: 'asc' } })).map((a) => a.rolls);
  expect(replay(ssj, row.options, row.seed, actions).rolls.slice(1)).toEqual(rolls);
});

test('snapshots are written every K actions, and a cold service rebuilds the same match for every viewer', async () => {
  const created = await srv.service.create('ssj', {});
  await playSome(created.id, 20, chooser(11));
  const snaps = await srv.prisma.snapshot.findMany({ where: { matchId: created.id }, select: { seq: true }, orderBy: { seq: 'asc' } });
  expect(snaps.map((s) => s.seq)).toEqual([0, 3, 6, 9, 12, 15, 18]);
  const cold = new MatchService(srv.prisma, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 3, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  for (const viewer of ['referee', 'allied', 'japanese', 'spectator']) {
    expect(await cold.state(created.id, viewer)).toEqual(await srv.service.state(created.id, viewer));
  }
  // Without the snapshots it is the same state again (replayed from the seed).
  await srv.prisma.snapshot.deleteMany({ where: { matchId: created.id, seq: { gt: 0 } } });
  const colder = new MatchService(srv.prisma, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 3, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  expect(await colder.state(created.id, 'referee')).toEqual(await srv.service.state(created.id, 'referee'));
});

test('the seq a side knows skips the other side\'s private steps, in the state and in the log', async () => {
  const created = await srv.service.create('ssj', {});
  await srv.service.submit(created.id, 'japanese', 0, { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'night', group: 'new' });
  await srv.service.submit(created.id, 'japanese', 1, { type: 'deploy', ship: 'ijn-aoba', area: 'SL', box: 'day', group: 'new' });
  await srv.service.submit(created.id, 'japanese', 2, { type: 'done' });
  const al = await srv.service.state(created.id, 'allied');
  expect(al.seq).toBe(1);
  expect(al.log.map((e) => e.seq)).toEqual([0, 1]);
  const jp = await srv.service.state(created.id, 'japanese');
  expect(jp.seq).toBe(3);
  expect(jp.log.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  // The Allies act with the seq they know.
  await expect(srv.service.submit(created.id, 'allied', 3, { type: 'done' })).rejects.toMatchObject({ status: 409 });
  await srv.service.submit(created.id, 'allied', 1, { type: 'done' });
  expect((await srv.service.state(created.id, 'japanese')).seq).toBe(4);
  // `since` gives the entries after a seq the viewer knows.
  expect((await srv.service.state(created.id, 'allied', 1)).log.every((e) => e.seq > 1)).toBe(true);
});
