/**
 * The state body's `stage` (src/engine/labels.ts and each game's labels.ts): checked against
 * the prompts, an independent oracle — whoever the stage says the match waits for is who
 * has a decision to make — over matches played with seeded random choices through the engine.
 */
import { GAMES } from '../../src/games';
import { createMatchState, Rng, seedState, stageOf, step, waitingText, type GameModule } from '../../src/engine';

const VIEWERS = (g: GameModule) => [...g.sides, 'spectator'];
/** Actions that close a step: preferred by the test's player, so that a match moves on. */
const CLOSERS = /^(done|pass|end-|close|decline)/;

interface Opts {
  /** Views of a sealed decision, where the stage may name sides that have already decided. */
  sealedSuperset?: (view: unknown) => boolean;
  maxActions: number;
}

/** Plays `id` with seeded random choices (mostly closing a step when it can), checking every viewer's stage after each action. */
function checkMatch(id: string, seed: string, opts: Opts) {
  const game = GAMES.get(id)!;
  const rng = new Rng(seedState(seed, 'test'));
  const pick = <T>(xs: readonly T[]) => xs[rng.int(0, xs.length - 1)]!;
  const seen = new Set<string>();
  let ms = createMatchState(game, {}, seed).state;
  let steps = 0;
  for (; steps < opts.maxActions && !game.result(ms.game); steps++) {
    {
      const state = ms.game;
      const deciding = game.sides.filter((s) => game.prompt(state, s) !== null);
      for (const viewer of VIEWERS(game)) {
        const view = game.view(state, viewer);
        const stage = stageOf(game, view)!;
        seen.add(stage.phase);
        // Every phase a view names has a name for people.
        expect(game.labels!.phases[stage.phase]).toBeDefined();
        expect(stage.name).toBe(game.labels!.phases[stage.phase]);
        if (opts.sealedSuperset?.(view)) {
          // A sealed decision: every side asked is named, done or not, so the stage shows no one's progress.
          for (const s of deciding) expect(stage.waitingFor).toContain(s);
        } else {
          expect([...stage.waitingFor].sort()).toEqual([...deciding].sort());
        }
        expect(stage.waiting === null).toBe(stage.waitingFor.length === 0);
      }
      const side = deciding[0]!;
      const actions = game.prompt(state, side)!.actions as { type: string }[];
      const closers = actions.filter((a) => CLOSERS.test(a.type));
      ms = step(game, ms, side, closers.length && rng.int(0, 7) > 0 ? pick(closers) : pick(actions)).state;
    }
  }
  expect(steps).toBeGreaterThan(0);
  return seen;
}

describe('stage: the sides the match waits for are the sides with a decision', () => {
  test('Sky, Sea, and JUNGLE: one side decides at a time (VI), through its first turns', () => {
    const phases = checkMatch('ssj', 'stage-ssj-1', { maxActions: 600 });
    for (const p of ['allied-reinforcements', 'japanese-deployment', 'allied-deployment', 'return']) expect(phases).toContain(p);
  }, 120_000);

  test('East Wind Rain: the sealed allocation (XI.H.1.c) names every side asked, done or not', () => {
    const isAlloc = (v: unknown) => (v as { phase: string }).phase === 'alloc';
    for (const seed of ['stage-ewr-1', 'stage-ewr-2', 'stage-ewr-3']) checkMatch('ewr', seed, { sealedSuperset: isAlloc, maxActions: 400 });
  }, 60_000);

  test('Empire of the Sun: one side decides at a time', () => {
    for (const seed of ['stage-eots-1', 'stage-eots-2']) checkMatch('eots-subwar', seed, { maxActions: 400 });
  }, 60_000);
});

test('waiting text: one side by its name, two sides as both players', () => {
  const names = { allied: 'Allied', japanese: 'Japanese' };
  const sides = ['allied', 'japanese'];
  expect(waitingText([], sides, names)).toBeNull();
  expect(waitingText(['japanese'], sides, names)).toBe('the Japanese player');
  expect(waitingText(['japanese', 'allied'], sides, names)).toBe('both players');
  expect(waitingText(['a', 'b'], ['a', 'b', 'c'], { a: 'Red', b: 'Blue' })).toBe('the Red and Blue players');
});
