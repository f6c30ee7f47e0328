/** East Wind Rain leaks the harness found, each checked again through the match service. */
import { checkMatch, emptyStats, formatStats } from '../support/fog/harness';
import { ewrSpec } from '../support/fog/games/ewr';
import { budgetFor } from '../support/fog/suite';

test('EWR hex knowledge (RULINGS "Undo of a move"): whether TFA may take back a move does not tell it that TFZ is within two hexes', async () => {
  const s = emptyStats();
  // The matches in which the harness first saw canUndo and the due time differ with TFZ's hex.
  for (const seed of ['fog-ewr-5', 'fog-ewr-58', 'fog-ewr-75']) await checkMatch(ewrSpec, seed, { rollHorizon: 30, lookalikes: 4, lookalikeHorizon: 3, staleEvery: 5 }, s);
  console.log(formatStats('ewr (regressions)', s, 3));
  expect(s.worlds).toBeGreaterThan(100);
  expect(s.differences.map((d) => `${d.viewer} ${d.path}`)).toEqual([]);
});

test("EWR RULINGS \"Morale\", X.N.3, X.N.3.g and flowchart A3: a TF whose public morale roll breaks retreats in everyone's sight, its own owner's too, and A3 moves TFZ into TFA's hex — what the rules tell, not a leak", async () => {
  const s = emptyStats();
  // The soak's matches (issue #38) where these were reported as differences after a reveal: the viewer's own TF retreating
  // after its morale broke (1006: a choice world; 1360: a look-alike), the refuel question a retreating TFZ is asked first
  // (1288: whose decision it is, for TFZ and the spectator), and TFZ's own hex after A2 → A3 rather than A2 → B2 (2632).
  for (const seed of ['fog-ewr-1006', 'fog-ewr-1288', 'fog-ewr-1360', 'fog-ewr-2632']) await checkMatch(ewrSpec, seed, budgetFor('ewr'), s);
  console.log(formatStats('ewr (declared reveals)', s, 4));
  expect(s.worlds).toBeGreaterThan(300);
  expect(s.differences.map((d) => `${d.kind} ${d.viewer} ${d.seed} step ${d.at}: ${d.path}`)).toEqual([]);
});
