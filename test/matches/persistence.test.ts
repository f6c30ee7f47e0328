/**
 * A match's state at any seq is rebuilt from its seed and actions; snapshots make
 * loading fast and give the same result; a cold server rebuilds what a warm one held.
 */
import pino from 'pino';
import { replay, type GameModule, type RecordedAction } from '../../src/engine';
import { toy } from '../support/toy-game';
import { GAMES } from '../../src/games';
import { ssj } from '../../src/games/ssj';
import { MatchService } from '../../src/matches/service';
import { startTestServer, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ snapshotEvery: 3, games: new Map([...GAMES, ['toy', toy as GameModule]]) });
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
    if (ref.status === 'finished' || ref.status === 'abandoned') break;
    const game = (await srv.service.load(id)).tl.state.game;
    const side = ssj.sides.find((s) => ssj.prompt(game as never, s))!;
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
  const cold = new MatchService(srv.store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 3, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  for (const viewer of ['referee', 'allied', 'japanese', 'spectator']) {
    expect(await cold.state(created.id, viewer)).toEqual(await srv.service.state(created.id, viewer));
  }
  // Without the snapshots it is the same state again (replayed from the seed).
  await srv.prisma.snapshot.deleteMany({ where: { matchId: created.id, seq: { gt: 0 } } });
  const colder = new MatchService(srv.store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 3, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  expect(await colder.state(created.id, 'referee')).toEqual(await srv.service.state(created.id, 'referee'));
});

test("the seq a side knows skips the other side's private steps, in the state and in the log", async () => {
  const created = await srv.service.create('toy', {});
  await srv.service.submit(created.id, 'a', 0, { type: 'pick', n: 3 });
  await srv.service.submit(created.id, 'a', 1, { type: 'pick', n: 4 });
  await srv.service.submit(created.id, 'a', 2, { type: 'seal' });
  const b = await srv.service.state(created.id, 'b');
  expect(b.seq).toBe(1);
  expect(b.log.map((e) => e.seq)).toEqual([0, 1]);
  const a = await srv.service.state(created.id, 'a');
  expect(a.seq).toBe(3);
  expect(a.log.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  // B acts with the seq it knows.
  await expect(srv.service.submit(created.id, 'b', 3, { type: 'guess' })).rejects.toMatchObject({ status: 409 });
  await srv.service.submit(created.id, 'b', 1, { type: 'guess' });
  expect((await srv.service.state(created.id, 'a')).seq).toBe(4);
  // `since` gives the entries after a seq the viewer knows.
  expect((await srv.service.state(created.id, 'b', 1)).log.every((e) => e.seq > 1)).toBe(true);
});
