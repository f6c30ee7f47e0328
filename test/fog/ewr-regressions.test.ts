/** East Wind Rain leaks the harness found, each checked again through the match service. */
import { checkMatch, emptyStats, formatStats } from '../support/fog/harness';
import { ewrSpec } from '../support/fog/games/ewr';

test('EWR hex knowledge (RULINGS "Undo of a move"): whether TFA may take back a move does not tell it that TFZ is within two hexes', async () => {
  const s = emptyStats();
  // The matches in which the harness first saw canUndo and the due time differ with TFZ's hex.
  for (const seed of ['fog-ewr-5', 'fog-ewr-58', 'fog-ewr-75']) await checkMatch(ewrSpec, seed, { rollHorizon: 30, lookalikes: 4, lookalikeHorizon: 3, staleEvery: 5 }, s);
  console.log(formatStats('ewr (regressions)', s, 3));
  expect(s.worlds).toBeGreaterThan(100);
  expect(s.differences.map((d) => `${d.viewer} ${d.path}`)).toEqual([]);
});
