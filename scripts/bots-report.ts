/**
 * npm run bots:report -- <ewr|eots-subwar> [count=100] [scenario]
 *
 * Against the computer (issue #42 item 6): for each built-in scenario (or the one named),
 * `count` matches with the person's side played by the random bot and the computer's by the
 * plausible bot (the computer's side alternating), and `count` matches between two plausible
 * bots. Prints, a scenario at a time: the plausible pairs' median length (actions), how many
 * matches against the random bot lasted at least that long, their lengths, and the computer's
 * wins and draws, in all and by the side it played (test/games/vs-computer-matches.ts says how
 * a winner is counted).
 */
import { DUEL_GAMES, figures, plausiblePair, vsComputer, type DuelGame } from '../test/games/vs-computer-matches';

const game = process.argv[2] as DuelGame;
const count = Number(process.argv[3] ?? 100);
const only = process.argv[4];
if (!Object.hasOwn(DUEL_GAMES, game) || !Number.isInteger(count) || count < 1) {
  console.error(`usage: npm run bots:report -- <${Object.keys(DUEL_GAMES).join('|')}> [count] [scenario]`);
  process.exit(2);
}
const scenarios = DUEL_GAMES[game].scenarios.filter((s) => !only || s === only);
for (const scenario of scenarios) {
  const t0 = Date.now();
  const f = figures(scenario, vsComputer(game, scenario, count), plausiblePair(game, scenario, count));
  const pct = (n: number, of = f.matches) => `${n}/${of} (${((100 * n) / of).toFixed(0)}%)`;
  console.log(`${game} ${scenario}: ${f.matches} matches vs the random bot, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`  two plausible bots' median length: ${f.pairMedian} actions`);
  console.log(`  lasting at least that long: ${pct(f.longEnough)}; lengths min ${f.lengths.min}, median ${f.lengths.median}, max ${f.lengths.max}`);
  console.log(`  computer wins: ${pct(f.computerWins)}, draws ${f.draws}`);
  for (const [side, b] of Object.entries(f.bySide)) console.log(`  computer as ${side}: wins ${pct(b.wins, b.matches)}, at least the median long ${pct(b.longEnough, b.matches)}`);
}
