/** One jest test running a slice of a game's fog budget (files run in parallel: the budget is split across them). */
import { checkMatches, formatStats, type FogBudget, type FogSpec } from './harness';

export const CI_BUDGET: FogBudget = { rollHorizon: 30, lookalikes: 2, lookalikeHorizon: 2, staleEvery: 10 };

/**
 * Worlds made from the other side's inputs, per game (docs/fog.md): another legal choice (and
 * the same decision in more private steps) at one step in `choiceEvery`, a spectators' chat
 * world every `chatEvery` steps. Sized for `npm test` on a 2-core machine; the soak may widen it
 * (FOG_BUDGET).
 */
export const INPUT_BUDGET: Record<string, Partial<FogBudget>> = {
  ewr: { choices: 1, choiceEvery: 2, chatEvery: 5, pairHorizon: 8, pairCap: 120 },
  'eots-subwar': { choices: 1, choiceEvery: 10, chatEvery: 25, pairHorizon: 8, pairCap: 120 },
  ssj: { choices: 1, choiceEvery: 60, chatEvery: 400, pairHorizon: 8, pairCap: 120 },
};

export const budgetFor = (game: string): FogBudget => ({ ...CI_BUDGET, ...INPUT_BUDGET[game] });

export function fogSlice(name: string, spec: FogSpec, from: number, count: number, budget: FogBudget = budgetFor(spec.game.id)): void {
  test(`${name} fog, matches ${from}–${from + count - 1}: through the match service, every step checked, no viewer tells apart worlds that differ only in what it may not know`, async () => {
    const s = await checkMatches(spec, `fog-${spec.game.id}`, from, count, budget);
    console.log(formatStats(spec.game.id, s));
    expect(s.matches).toBe(count);
    expect(s.differences.map((d) => `${d.kind} ${d.viewer} at step ${d.at} of ${d.seed}: ${d.path} (${d.world})`).slice(0, 10)).toEqual([]);
  }, 1_200_000);
}
