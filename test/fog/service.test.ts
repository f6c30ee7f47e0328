/**
 * Leaks the harness found in the match service, each through the real flow: a game where
 * whether "a"'s step is seen, and whether "b" is asked, depends on where b is — which a may
 * not know. Neither a's undo nor a's clock may tell it.
 */
import { checkMatches, formatStats } from '../support/fog/harness';
import { watchSpec } from '../support/fog/watch';

const BUDGET = { rollHorizon: 0, lookalikes: 7, lookalikeHorizon: 3, staleEvery: 1 };

test('undo cut-off: whether a may take back its step never depends on whether the other side was given a decision', async () => {
  const s = await checkMatches(watchSpec, 'fog-watch-undo', 0, 4, BUDGET);
  console.log(formatStats('watch', s, 3));
  expect(s.worlds).toBeGreaterThan(20);
  expect(s.differences.filter((d) => d.path.endsWith('canUndo'))).toEqual([]);
});

test("move deadline: a side's clock runs until its decision is over, so a public step and a private one leave its own due time alike", async () => {
  const s = await checkMatches(watchSpec, 'fog-watch-deadline', 0, 4, BUDGET);
  expect(s.differences.filter((d) => d.path.startsWith('body.deadline.due.a') || d.path.startsWith('pushes'))).toEqual([]);
  // Still open (docs/fog.md): every body shows every side's due time, so a secret decision of b shows in a's deadline.due.b.
});
