/**
 * npm run bots:report -- <ewr|eots-subwar> [count=100] [scenario]
 *
 * Against the computer (issue #42 item 6): for each built-in scenario (or the one named),
 * `count` matches with the person's side played by a random player that plays on and the
 * computer's by the plausible bot (the computer's side alternating), and `count` matches
 * between two plausible bots. The random person (`randomPerson`, src/bots; the definition is
 * there and in test/games/vs-computer-matches.ts): it leaves aside the actions that stop short
 * (EWR: closing the phase, withdrawing from or ending an initiative, declining a fight) while it has others,
 * with only those left takes the one that stops least, picks
 * a type of action uniformly and then one action of it, and in EotS answers reports as the
 * board says. Prints, a scenario at a time: the plausible pairs' median length (actions and
 * game time: EWR initiatives, EotS turns), how many matches against the random person lasted
 * at least that long, their lengths, the computer's wins and draws, in all and by the side it
 * played (the harness says how a winner is counted), and the CPU time a match
 * (process.cpuUsage). BOTS_REPORT_EVERY=N prints the figures so far every N matches.
 */
import { DUEL_GAMES, figures, plausiblePair, vsComputerMatch, type Duel, type DuelGame, type Figures } from '../test/games/vs-computer-matches';

const game = process.argv[2] as DuelGame;
const count = Number(process.argv[3] ?? 100);
const only = process.argv[4];
if (!Object.hasOwn(DUEL_GAMES, game) || !Number.isInteger(count) || count < 1) {
  console.error(`usage: npm run bots:report -- <${Object.keys(DUEL_GAMES).join('|')}> [count] [scenario]`);
  process.exit(2);
}
const scenarios = DUEL_GAMES[game].scenarios.filter((s) => !only || s === only);
const every = Math.max(1, Number(process.env.BOTS_REPORT_EVERY ?? count));

function print(f: Figures, cpuMs: number): void {
  const pct = (n: number, of = f.matches) => `${n}/${of} (${((100 * n) / of).toFixed(0)}%)`;
  const unit = DUEL_GAMES[game].timeUnit;
  console.log(`${game} ${f.scenario}: ${f.matches} matches vs the random person, ${(cpuMs / (2 * f.matches)).toFixed(0)} ms CPU a match (process.cpuUsage, pairs included)`);
  console.log(`  two plausible bots' median length: ${f.pairMedian} actions, ${f.pairTime} ${unit}`);
  console.log(
    `  lasting at least that long: ${pct(f.longEnough)} in actions, ${pct(f.longEnoughTime)} in ${unit}; lengths min ${f.lengths.min}, median ${f.lengths.median}, max ${f.lengths.max}`,
  );
  console.log(`  computer wins: ${pct(f.computerWins)}, draws ${f.draws}; matches in which the computer had no decision to make: ${f.endedBeforeComputer}`);
  for (const [side, b] of Object.entries(f.bySide))
    console.log(
      `  computer as ${side}: wins ${pct(b.wins, b.matches)}, at least the median long ${pct(b.longEnough, b.matches)} in actions, ${pct(b.longEnoughTime, b.matches)} in ${unit}`,
    );
}

for (const scenario of scenarios) {
  const t0 = process.cpuUsage();
  const cpu = () => {
    const c = process.cpuUsage(t0);
    return (c.user + c.system) / 1000;
  };
  // The yardstick first, then the matches against the random bot, with the figures so far every BOTS_REPORT_EVERY matches.
  const pairs = plausiblePair(game, scenario, count);
  const vs: Duel[] = [];
  for (let i = 0; i < count; i++) {
    vs.push(vsComputerMatch(game, scenario, i));
    if (vs.length % every === 0 || vs.length === count) print(figures(scenario, vs, pairs), cpu());
  }
}
