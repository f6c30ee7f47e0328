/**
 * Against the computer (issue #42 item 6), a bounded run of what `npm run bots:report` measures
 * a hundred times a scenario: the person's side played by the random bot, the computer's by the
 * plausible bot (sides alternating), and two plausible bots for the yardstick of length.
 * East Wind Rain: 12 matches a scenario; Empire of the Sun: 4 of the shortest built-in scenario
 * (1944, Turns 8–12), whose matches against the random bot run to thousands of actions.
 */
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import { figures, plausiblePair, vsComputer } from './vs-computer-matches';

jest.setTimeout(900_000);

describe('East Wind Rain against the plausible computer', () => {
  test.each(BUILTIN_SCENARIOS.map((s) => [s.id, s.tfaSide] as const))(
    '%s: the computer wins most matches, and as TFA (%s) it begins an initiative rather than close the phase at once',
    (scenario, tfaSide) => {
      const vs = vsComputer('ewr', scenario, 12);
      const f = figures(scenario, vs, plausiblePair('ewr', scenario, 12));
      expect(f.computerWins).toBeGreaterThan(f.matches * 0.75);
      // The complaint was a bot TFA that ended the match at once: the computer as TFA always begins.
      const asTfa = vs.filter((d) => d.computer === tfaSide);
      expect(asTfa).toHaveLength(6);
      for (const d of asTfa) expect(d.computerFirst).toEqual({ type: 'begin-initiative' });
      // And those matches run past the computer's first initiative's moves.
      for (const d of asTfa) expect(d.computerActions).toBeGreaterThan(2);
    },
  );
});

describe('Empire of the Sun against the plausible computer', () => {
  test('1944: every match lasts at least two plausible bots’ median, the computer never insists on a report, and it wins at least half', () => {
    const vs = vsComputer('eots-subwar', '1944', 4);
    const f = figures('1944', vs, plausiblePair('eots-subwar', '1944', 4));
    expect(f.longEnough).toBe(4);
    for (const d of vs)
      expect(d.result.text).not.toMatch(new RegExp(`the ${d.computer === 'allied' ? 'Allied' : 'Japanese'} player reports that [^;]*; the \\w+ player disputes it`));
    expect(f.computerWins).toBeGreaterThanOrEqual(2);
    // As the Japanese, the computer sends its HQs against the Sub Bases: it wins both its matches.
    expect(f.bySide.japanese).toEqual(expect.objectContaining({ matches: 2, wins: 2 }));
  });
});
