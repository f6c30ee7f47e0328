/**
 * npm run random:report -- [ewr|eots-subwar|all] [count]: plays `count` (default 200, the
 * matches the tests check: test/games/ewr/fuzz.test.ts, test/games/eots-subwar/random-play.test.ts)
 * seeded random-play matches and prints, per game: how many reached a result, the share of
 * matches in which both sides made a real choice, the results (winners and draws), the
 * score ranges, and the actions per match (their spread).
 */
import type { Played } from '../test/games/random-play';
import { summarise } from '../test/games/random-play';
import { eotsRandomMatches } from '../test/games/eots-subwar/random-matches';
import { ewrRandomMatches } from '../test/games/ewr/random-matches';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function spread(values: number[]): string {
  if (values.length === 0) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return `min ${sorted[0]}, median ${at(0.5)}, mean ${mean.toFixed(1)}, max ${sorted[sorted.length - 1]}`;
}

function report(name: string, played: (Played & { group: string })[], extra?: (list: Played[]) => string): void {
  const s = summarise(played);
  console.log(`\n${name}: ${played.length} matches`);
  console.log(`  reached a result: ${played.filter((p) => p.result).length} of ${played.length}`);
  console.log(`  both sides decided something: ${pct(s.bothDecided)} (${Math.round(s.bothDecided * played.length)})`);
  console.log(
    `  results: ${Object.entries(s.winners)
      .map(([w, n]) => `${w === 'none' ? 'no winner' : w} ${n}`)
      .join(', ')}`,
  );
  console.log(`  actions per match: ${spread(played.map((p) => p.actions))}`);
  for (const side of ['allied', 'japanese']) console.log(`  ${side} score: ${spread(played.map((p) => p.result?.score?.[side] ?? 0))}`);
  const margins = played.map((p) => (p.result?.score?.allied ?? 0) - (p.result?.score?.japanese ?? 0));
  console.log(`  Allied − Japanese: ${spread(margins)}`);
  if (extra) console.log(`  ${extra(played)}`);
  const groups = [...new Set(played.map((p) => p.group))];
  for (const g of groups) {
    const sub = played.filter((p) => p.group === g);
    const w = summarise(sub);
    console.log(
      `    ${g}: ${sub.length} matches; both decided ${pct(w.bothDecided)}; ${Object.entries(w.winners)
        .map(([k, n]) => `${k === 'none' ? 'no winner' : k} ${n}`)
        .join(', ')}; actions mean ${w.meanActions.toFixed(1)}, max ${w.maxActions}`,
    );
  }
}

const which = process.argv[2] ?? 'all';
const count = Number(process.argv[3] ?? 200);
if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a whole number of matches, got ${process.argv[3]}`);
const missions = (list: Played[]) => {
  const done = list.filter((p) => (p.final.game as { mission: { achieved: boolean } }).mission.achieved).length;
  return `TFA's mission achieved: ${done} of ${list.length} (${pct(done / list.length)})`;
};
if (which === 'all' || which === 'ewr')
  report(
    'East Wind Rain',
    ewrRandomMatches(count).map((p) => ({ ...p, group: p.scenario })),
    missions,
  );
if (which === 'all' || which === 'eots-subwar')
  report(
    'Empire of the Sun, submarine warfare',
    eotsRandomMatches(count).map((p) => ({ ...p, group: `start ${p.start}` })),
  );
