/**
 * Several processes (docs/architecture.md, "Several processes"): each pushes to its own
 * sockets only, and a process told that another changed a match brings its copy up to the
 * store and pushes each change in turn. Two services on one memory store are two processes
 * on one database; the "match changed" messages between them are delivered late, in
 * reverse order and twice. The oracle is one process playing the same moves: every viewer,
 * wherever it is connected, must be pushed the same bodies in the same order.
 */
import pino from 'pino';
import type { GameModule, Viewer } from '../../src/engine';
import { GAMES } from '../../src/games';
import { MatchService, type StateBody } from '../../src/matches/service';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { toy } from '../support/toy-game';

const games = new Map([...GAMES, ['toy', toy as GameModule]]);
const VIEWERS: Viewer[] = ['a', 'b', 'spectator'];
const service = (store: MemoryMatchStore) =>
  new MatchService(store, { games, publicUrl: 'http://x', snapshotEvery: 4, idleMs: 60_000, logger: pino({ level: 'silent' }), newSeed: () => 'fixed-seed' });
// As JSON values: a row read back from the store (jsonb) may hold its log entries' keys in another order.
const strip = (b: StateBody) => JSON.stringify({ ...b, id: undefined });

const seqOf = (got: Record<string, string[]>, side: string) => {
  const last = got[side]?.at(-1);
  return last ? (JSON.parse(last) as StateBody).seq : 0;
};

/**
 * The toy plan (a hides a number in private steps, takes one back and seals; b guesses; five
 * rounds). Each side acts through its own process with the seq it was last pushed; with
 * `ahead`, a side that follows the other's move asks the other process for its seq instead
 * (a GET there), so its own process is behind it and catches up as it acts.
 */
async function play(home: Record<string, MatchService>, got: Record<string, string[]>, deliver: () => Promise<void>, ahead: boolean): Promise<void> {
  const first = home.a!;
  const m = await first.create('toy', {});
  // Each socket's process loads its copy as the socket connects.
  for (const v of VIEWERS) await home[v]!.load(m.id);
  const other = (side: string) => (home[side] === home.a ? home.b! : home.a!);
  const seqFor = async (side: string) => {
    if (!ahead) {
      await deliver();
      return seqOf(got, side);
    }
    return (await other(side).state(m.id, side)).seq;
  };
  for (let round = 1; round <= 5; round++) {
    await home.a!.submit(m.id, 'a', await seqFor('a'), { type: 'pick', n: round });
    await home.a!.submit(m.id, 'a', seqOf(got, 'a'), { type: 'pick', n: 6 - round });
    await home.a!.undo(m.id, 'a', seqOf(got, 'a'));
    await home.a!.submit(m.id, 'a', seqOf(got, 'a'), { type: 'seal' });
    await home.b!.submit(m.id, 'b', await seqFor('b'), { type: 'guess' });
  }
  await deliver();
}

function recorded(home: Record<string, MatchService>): Record<string, string[]> {
  const got: Record<string, string[]> = {};
  for (const svc of new Set(Object.values(home))) {
    svc.onPublish(
      (_id, audience, body) => {
        if (home[audience] === svc) (got[audience] ??= []).push(strip(body));
      },
      { followed: true },
    );
  }
  return got;
}

async function oneProcess(): Promise<Record<string, string[]>> {
  const svc = service(new MemoryMatchStore());
  const home = { a: svc, b: svc, spectator: svc };
  const got = recorded(home);
  await play(home, got, async () => {}, false);
  return got;
}

/**
 * Three processes on one store: a's socket on the first, b's on the second, the spectator's
 * on the third. The "match changed" messages each sends the others are held until the next
 * side needs its push (so several moves pile up), then delivered in reverse order, and each
 * twice; the third process is told only at the end of the match (every move piles up there).
 */
async function threeProcesses(ahead: boolean): Promise<Record<string, string[]>> {
  const store = new MemoryMatchStore();
  const [one, two, three] = [service(store), service(store), service(store)];
  const home = { a: one, b: two, spectator: three };
  const got = recorded(home);
  const queue: { to: MatchService; matchId: string }[] = [];
  for (const from of [one, two, three]) from.pushes.onChanged((matchId) => queue.push(...[one, two, three].filter((p) => p !== from).map((to) => ({ to, matchId }))));
  const deliver = async (all: boolean) => {
    const batch = queue.filter((m) => all || m.to !== three).reverse();
    queue.splice(0, queue.length, ...(all ? [] : queue.filter((m) => m.to === three)));
    for (const msg of [...batch, ...batch]) await msg.to.follow(msg.matchId);
  };
  await play(home, got, () => deliver(false), ahead);
  await deliver(true);
  return got;
}

const parsed = (got: Record<string, string[]>) => Object.fromEntries(Object.entries(got).map(([v, bodies]) => [v, bodies.map((b) => JSON.parse(b) as unknown)]));

describe('several processes', () => {
  let oracle: Record<string, string[]>;
  beforeAll(async () => {
    oracle = await oneProcess();
    // Each round: a's three private steps and its seal and b's guess to a; the seal and the guess to b and spectators.
    expect(oracle.a).toHaveLength(5 * 5);
    expect(oracle.b).toHaveLength(5 * 2);
    expect(oracle.spectator).toHaveLength(5 * 2);
  });

  test('told late, in reverse order and twice, the process a viewer is connected to pushes it the bodies one process would, in order and once each', async () => {
    expect(parsed(await threeProcesses(false))).toEqual(parsed(oracle));
  });

  test('a side that learned of a move elsewhere and acts before its own process was told: that process pushes the move first, then the action', async () => {
    expect(parsed(await threeProcesses(true))).toEqual(parsed(oracle));
  });
});
