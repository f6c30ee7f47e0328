/**
 * npm run fog -- [game] [matches] [from]: the fog harness's soak (docs/fog.md). Plays
 * `matches` seeded bot matches of `game` (ewr, eots-subwar, ssj, or all) through the match
 * service, checking every step, and prints matches, steps, worlds built, comparisons,
 * differences and seconds; each difference in full. Exits 1 if any was found.
 *
 * The seeds are those of `npm test` (`fog-<game id>-<i>`, i from `from`), so a soak started
 * where the CI slices stop (test/fog/<game>-N.test.ts) goes on from them, and a difference
 * found by either is played again by `npm run fog -- <game> 1 <i>`. Progress is printed every
 * `every` matches (10 for Sky, Sea, and JUNGLE, whose campaigns are long), and the figures so
 * far when the soak is stopped (Ctrl-C, SIGTERM). With FOG_JSON=1 it ends each game with a
 * line `FOG-RESULT {json}` (the figures and each difference as text), for the test that runs
 * the SSJ slices of `npm test` in child processes (test/fog/ssj-batch.test.ts).
 *
 * With FOG_OUT=<file> a soak goes in pieces (docs/fog.md, "Soaks"): each finished match is
 * appended to the file as one JSON line (seed, steps, worlds by kind, comparisons, differences,
 * seconds, commit), and a match the file holds already (the same game, seed, FOG_MAX_STEPS and
 * FOG_BUDGET) is skipped; `scripts/fog-sum.ts <file>…` adds the lines up.
 */
import { checkMatch, emptyStats, formatDifference, formatStats, type FogBudget, type FogSpec, type FogStats } from '../test/support/fog/harness';
import { eotsSpec } from '../test/support/fog/games/eots';
import { ewrSpec } from '../test/support/fog/games/ewr';
import { ssjSpec } from '../test/support/fog/games/ssj';
import { addFigures, doneIn, readSoak, soakLine, soakSettings } from '../test/support/fog/soak';
import { budgetFor } from '../test/support/fog/suite';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const SPECS: Record<string, FogSpec> = { ewr: ewrSpec, 'eots-subwar': eotsSpec, ssj: ssjSpec };

// FOG_BUDGET='{"choiceEvery":1}' overrides parts of each game's CI budget (a wider or narrower soak).
const override = process.env.FOG_BUDGET ? (JSON.parse(process.env.FOG_BUDGET) as Partial<FogBudget>) : {};

let running: { game: string; stats: FogStats } | null = null;
let found = 0;

// FOG_OUT=<file>: the soak file appended to, one line per finished match (test/support/fog/soak.ts).
const out = process.env.FOG_OUT;

/** The code this soak runs: HEAD, marked `+changes` when src, test or scripts differ from it (an empty text outside git). */
function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'src', 'test', 'scripts'], { encoding: 'utf8' }).trim() !== '';
    return changed ? `${head}+changes` : head;
  } catch {
    return '';
  }
}

async function main(): Promise<number> {
  const [which = 'all', countArg, fromArg] = process.argv.slice(2);
  const games = which === 'all' ? Object.keys(SPECS) : [which];
  for (const g of games) {
    if (!SPECS[g]) {
      console.error(`Unknown game "${g}". Known: ${Object.keys(SPECS).join(', ')}, all.`);
      return 2;
    }
    // FOG_MAX_STEPS cuts each match short (a quick look at the first steps of long campaigns).
    const maxSteps = process.env.FOG_MAX_STEPS ? Number(process.env.FOG_MAX_STEPS) : undefined;
    const spec = maxSteps !== undefined ? { ...SPECS[g]!, maxSteps } : SPECS[g]!;
    const count = Number(countArg ?? (g === 'ssj' ? 40 : 200));
    const from = Number(fromArg ?? 0);
    const every = g === 'ssj' ? 10 : 100;
    const s = emptyStats();
    running = { game: g, stats: s };
    const settings = soakSettings(maxSteps, override);
    const done = out && existsSync(out) ? doneIn(readSoak(readFileSync(out, 'utf8')).lines, g, settings) : new Set<number>();
    const skipped = [...done].filter((i) => i >= from && i < from + count).length;
    if (out) console.log(`FOG_OUT ${out}: ${skipped} of matches ${from}–${from + count - 1} done already, skipped`);
    const commit = out ? commitOf() : '';
    const t0 = Date.now();
    for (let i = from; i < from + count; i++) {
      if (done.has(i)) continue;
      const one = emptyStats();
      const seed = `fog-${spec.game.id}-${i}`;
      await checkMatch(spec, seed, { ...budgetFor(spec.game.id), ...override }, one);
      s.matches += one.matches;
      addFigures(s, one);
      for (const d of one.differences) console.log(formatDifference(d));
      if (out) {
        // A line ends the record: one cut off by a kill (no newline) is set apart from the next, and left out when read.
        const text = existsSync(out) ? readFileSync(out, 'utf8') : '';
        const lead = text !== '' && !text.endsWith('\n') ? '\n' : '';
        appendFileSync(out, `${lead}${JSON.stringify(soakLine(g, i, seed, settings, one, one.differences.map(formatDifference), commit))}\n`);
      }
      // A match never waits on I/O (the store is in memory): let a signal be handled between matches.
      await new Promise((resolve) => setImmediate(resolve));
      if (s.matches % every === 0)
        console.log(`  … ${s.matches} matches (to ${i}), ${s.steps} steps, ${s.worlds} worlds, ${s.differences.length} differences, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    console.log(formatStats(g, s, 0));
    if (process.env.FOG_JSON === '1') {
      const { differences, ...figures } = s;
      console.log(`FOG-RESULT ${JSON.stringify({ game: g, from, count, ...figures, differences: differences.map(formatDifference) })}`);
    }
    running = null;
    found += s.differences.length;
  }
  return found > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (running) console.log(`stopped (${signal}): ${formatStats(running.game, running.stats, 0)}`);
    process.exit(found > 0 || (running?.stats.differences.length ?? 0) > 0 ? 1 : 2);
  });
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
