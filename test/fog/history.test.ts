/**
 * The player's replay (issue #14) cannot leak: for each viewer V, the history's answer at
 * each of V's own seqs is, byte for byte (canonical JSON), the view and stage V was pushed
 * when its seq reached that number, and the log V had been sent up to then; and it is the
 * same in two worlds V cannot tell apart. Indexing by the referee's seq would fail both
 * checks, and each test shows that it would.
 */
import { canonicalJson, fold, REFEREE, SPECTATOR, stageOf, viewOf, type GameModule, type Viewer } from '../../src/engine';
import { History } from '../../src/matches/history';
import type { HistoryBody } from '../../src/protocol';
import { storedSeal } from '../../src/matches/dice';
import { ewrSpec } from '../support/fog/games/ewr';
import { ssjSpec } from '../support/fog/games/ssj';
import { watch, watchSpec, type WatchState } from '../support/fog/watch';
import { World, type Clock } from '../support/fog/world';
import { logAt, playRecorded, type Played } from '../support/history-play';

jest.setTimeout(120_000);

/** An answer's bytes, but for the match's id (each world is a match of its own). */
const bytes = (h: HistoryBody) => canonicalJson({ ...h, id: null });

const viewersOf = (game: GameModule): Viewer[] => [...game.sides, SPECTATOR];

/** V's answer at every one of its seqs, stepping back from the latest to 0 and forward again, against what V was pushed. */
async function expectHistoryIsWhatWasSent(p: Played, history: History): Promise<number> {
  const { world } = p;
  let checked = 0;
  for (const v of viewersOf(world.game)) {
    const total = await world.seqOf(v);
    const s = p.seen[v]!;
    const order = [...Array.from({ length: total + 1 }, (_, i) => total - i), ...Array.from({ length: total + 1 }, (_, i) => i)];
    for (const n of order) {
      const sent = s.bodies.get(n);
      if (!sent) throw new Error(`${v} was pushed no body at its seq ${n}`);
      const h = await history.at(world.id, v, n, n - 1);
      expect({ v, n, at: h.at, total: h.total, revealed: h.revealed, eye: h.eye }).toEqual({ v, n, at: n, total, revealed: false, eye: v });
      expect(canonicalJson({ view: h.view, stage: h.stage })).toBe(canonicalJson({ view: sent.view, stage: sent.stage }));
      expect(canonicalJson(h.log)).toBe(canonicalJson(s.log.filter((e) => e.seq === n)));
      checked++;
    }
    // The whole log up to a step, as V held it then.
    for (const n of [0, Math.floor(total / 2), total]) {
      expect(canonicalJson((await history.at(world.id, v, n)).log)).toBe(canonicalJson(logAt(s, n)));
    }
  }
  return checked;
}

/** What a history indexed by the referee's seq would answer V at `n`: V's eye on the match after real row n. */
async function refereeIndexed(world: World, v: Viewer, n: number) {
  const m = (await world.store.readMatch(world.id))!;
  const base = (await world.store.snapshotAtOrBefore(world.id, 0))!;
  const tl = fold(world.game, m.setupLog, await world.store.readRows(world.id, n), base, undefined, storedSeal(m, world.game));
  const view = viewOf(world.game, tl.state.game, v);
  return { view, stage: stageOf(world.game, view), log: tl.logFor(v) };
}

/** The first of V's seqs where the referee-indexed answer differs from what V was sent (null: none). */
async function firstRefereeDifference(p: Played, v: Viewer): Promise<number | null> {
  const total = await p.world.seqOf(v);
  for (let n = 1; n <= total; n++) {
    const sent = p.seen[v]!.bodies.get(n)!;
    const other = await refereeIndexed(p.world, v, n);
    if (canonicalJson({ view: sent.view, stage: sent.stage, log: logAt(p.seen[v]!, n) }) !== canonicalJson(other)) return n;
  }
  return null;
}

describe('the history route answers each viewer at its own seq exactly what it was sent then', () => {
  test('East Wind Rain: eight seeded bot matches, every viewer, every one of its seqs, back and forth', async () => {
    let checked = 0;
    let privateSteps = 0;
    for (let i = 0; i < 8; i++) {
      const p = await playRecorded(ewrSpec, `history-ewr-${i}`, 200, 5);
      privateSteps += p.privateSteps;
      checked += await expectHistoryIsWhatWasSent(p, new History(p.world.svc, { every: 4 }));
    }
    expect(privateSteps).toBeGreaterThan(10);
    expect(checked).toBeGreaterThan(200);
  });

  test('Sky, Sea, and JUNGLE: the first 400 steps of a campaign, private deployment steps and undos included; the referee seq would show the other side its steps', async () => {
    const p = await playRecorded(ssjSpec, 'history-ssj-1', 400, 6);
    expect(p.privateSteps).toBeGreaterThan(10);
    expect(p.undos).toBeGreaterThan(0);
    const history = new History(p.world.svc, { every: 16 });
    await expectHistoryIsWhatWasSent(p, history);
    // Each step replayed fewer rows than a checkpoint's interval.
    expect(history.stats.folds).toBe(1);
    expect(history.stats.rowsReplayed).toBeLessThan(16 * 4 * (p.steps + 1));
    // A side whose seq fell behind the referee's (the other side's private steps): indexed by
    // the real seq, its answers would differ from what it was sent.
    const seqs = await p.world.seqs();
    const behind = p.world.game.sides.filter((s) => seqs[s]! < seqs[REFEREE]!);
    expect(behind.length).toBeGreaterThan(0);
    for (const v of behind) expect(await firstRefereeDifference(p, v)).not.toBeNull();
  });
});

describe('the history is the same in two worlds the viewer cannot tell apart', () => {
  const clock = (): Clock => ({ t: Date.UTC(2030, 0, 1) });
  const postOf = async (w: World) => ((await w.state()).game as WatchState).post;

  /** Two seeds whose secret posts (b's, hidden from a: a setup value of the tags stream) differ. */
  async function twoPosts(): Promise<[World, World]> {
    const first = await World.create(watch, {}, 'history-watch-0', clock());
    for (let i = 1; i < 50; i++) {
      const other = await World.create(watch, {}, `history-watch-${i}`, clock());
      if ((await postOf(other)) !== (await postOf(first))) return [first, other];
    }
    throw new Error('no two seeds with different posts');
  }

  test("a's replay does not depend on b's secret post, though a's steps are private in one world and public in the other", async () => {
    const [w1, w2] = await twoPosts();
    const p1 = await playRecorded(watchSpec, 'x', 8, 0, w1);
    const p2 = await playRecorded(watchSpec, 'x', 8, 0, w2);
    // The worlds differ for the referee and for b…
    expect(await postOf(p1.world)).not.toBe(await postOf(p2.world));
    expect(canonicalJson([...p1.seen.b!.bodies])).not.toBe(canonicalJson([...p2.seen.b!.bodies]));
    // …and a's replay, at every one of its seqs, is the same in both, and what it was sent.
    const h1 = new History(p1.world.svc, { every: 3 });
    const h2 = new History(p2.world.svc, { every: 3 });
    await expectHistoryIsWhatWasSent(p1, h1);
    await expectHistoryIsWhatWasSent(p2, h2);
    const total = await p1.world.seqOf('a');
    expect(total).toBe(8);
    for (let n = total; n >= 0; n--) expect(bytes(await h1.at(p1.world.id, 'a', n))).toBe(bytes(await h2.at(p2.world.id, 'a', n)));
  });

  test("b's replay does not tell how many private steps a took (walk, undo, walk), where the referee's seq would", async () => {
    // A seed whose post is far enough for a's first walk to be private (more than two hexes away).
    let seed = '';
    for (let i = 0; !seed; i++) if ((await postOf(await World.create(watch, {}, `history-watch-${i}`, clock()))) >= 5) seed = `history-watch-${i}`;
    const w1 = await World.create(watch, {}, seed, clock());
    const w2 = await World.create(watch, {}, seed, clock());
    const post = await postOf(w1);
    // World 2: a's first (private: far from b's post) walk is taken back and walked again.
    const walkTo = async (w: World, to: number, undoFirst: boolean) => {
      for (let pos = 1; pos <= to; pos++) {
        expect((await w.act('a', { type: 'walk' })).ok).toBe(true);
        if (undoFirst && pos === 1) {
          expect((await w.undo('a')).ok).toBe(true);
          expect((await w.act('a', { type: 'walk' })).ok).toBe(true);
        }
      }
    };
    for (const [w, undo] of [
      [w1, false],
      [w2, true],
    ] as const) {
      await walkTo(w, post - 2, undo);
      // b, asked in secret now that a is near, notes it (a private step of b's own).
      expect((await w.act('b', { type: 'note' })).ok).toBe(true);
      await walkTo(w, 9 - (post - 2), false);
    }
    expect(await w2.seqOf(REFEREE)).toBe((await w1.seqOf(REFEREE)) + 2);
    const h1 = new History(w1.svc, { every: 2 });
    const h2 = new History(w2.svc, { every: 2 });
    const total = await w1.seqOf('b');
    expect(await w2.seqOf('b')).toBe(total);
    for (let n = total; n >= 0; n--) {
      expect(bytes(await h1.at(w1.id, 'b', n))).toBe(bytes(await h2.at(w2.id, 'b', n)));
      expect(bytes(await h1.at(w1.id, SPECTATOR, Math.min(n, await w1.seqOf(SPECTATOR))))).toBe(bytes(await h2.at(w2.id, SPECTATOR, Math.min(n, await w2.seqOf(SPECTATOR)))));
    }
    // Indexed by the referee's seq, b would see a at a position in one world and not in the other.
    let differs = false;
    for (let k = 0; k <= (await w1.seqOf(REFEREE)); k++) {
      if (canonicalJson(await refereeIndexed(w1, 'b', k)) !== canonicalJson(await refereeIndexed(w2, 'b', k))) differs = true;
    }
    expect(differs).toBe(true);
  });
});
