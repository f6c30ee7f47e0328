/**
 * npm run fog -- [game] [matches] [from]: the fog harness's soak (docs/fog.md). Plays
 * `matches` seeded bot matches of `game` (ewr, eots-subwar, ssj, or all) through the match
 * service, checking every step, and prints matches, steps, worlds built, comparisons,
 * differences and seconds; each difference in full. Exits 1 if any was found.
 */
import { checkMatch, emptyStats, formatDifference, formatStats, type FogSpec } from '../test/support/fog/harness';
import { eotsSpec } from '../test/support/fog/games/eots';
import { ewrSpec } from '../test/support/fog/games/ewr';
import { ssjSpec } from '../test/support/fog/games/ssj';
import { CI_BUDGET } from '../test/support/fog/suite';

const SPECS: Record<string, FogSpec> = { ewr: ewrSpec, 'eots-subwar': eotsSpec, ssj: ssjSpec };

async function main(): Promise<number> {
  const [which = 'all', countArg, fromArg] = process.argv.slice(2);
  const games = which === 'all' ? Object.keys(SPECS) : [which];
  let found = 0;
  for (const g of games) {
    if (!SPECS[g]) {
      console.error(`Unknown game "${g}". Known: ${Object.keys(SPECS).join(', ')}, all.`);
      return 2;
    }
    const spec = SPECS[g]!;
    const count = Number(countArg ?? (g === 'ssj' ? 40 : 200));
    const from = Number(fromArg ?? 0);
    const s = emptyStats();
    const t0 = Date.now();
    for (let i = from; i < from + count; i++) {
      const seen = s.differences.length;
      await checkMatch(spec, `soak-${g}-${i}`, CI_BUDGET, s);
      for (const d of s.differences.slice(seen)) console.log(formatDifference(d));
      if ((i - from + 1) % 100 === 0) console.log(`  … ${i - from + 1} matches, ${s.steps} steps, ${s.differences.length} differences, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(formatStats(g, s, 0));
    found += s.differences.length;
  }
  return found > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
