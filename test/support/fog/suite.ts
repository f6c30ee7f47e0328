/** One jest test running a slice of a game's fog budget (files run in parallel: the budget is split across them). */
import { checkMatches, formatStats, type FogBudget, type FogSpec } from './harness';

export const CI_BUDGET: FogBudget = { rollHorizon: 30, lookalikes: 2, lookalikeHorizon: 2, staleEvery: 10 };

export function fogSlice(name: string, spec: FogSpec, from: number, count: number, budget: FogBudget = CI_BUDGET): void {
  test(`${name} fog, matches ${from}–${from + count - 1}: through the match service, every step checked, no viewer tells apart worlds that differ only in what it may not know`, async () => {
    const s = await checkMatches(spec, `fog-${spec.game.id}`, from, count, budget);
    console.log(formatStats(spec.game.id, s));
    expect(s.matches).toBe(count);
    expect(s.differences.map((d) => `${d.kind} ${d.viewer} at step ${d.at} of ${d.seed}: ${d.path} (${d.world})`).slice(0, 10)).toEqual([]);
  }, 1_200_000);
}
