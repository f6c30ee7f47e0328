/**
 * Against the computer (issue #42 item 6), a bounded run of what `npm run bots:report` measures
 * a hundred times a scenario: the person's side played by a random player that plays on
 * (`randomPerson`), the computer's by the plausible bot (sides alternating), and two plausible
 * bots for the yardstick of length.
 * East Wind Rain: 12 matches a scenario against 100 plausible pairs; Empire of the Sun: 4 of the shortest built-in scenario
 * (1944, Turns 8–12), whose matches against the random bot run to thousands of actions.
 */
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import { playMatch } from '../../src/bots/play';
import { eotsSubwar } from '../../src/games/eots-subwar';
import { ewr } from '../../src/games/ewr';
import type { GameModule } from '../../src/engine';
import { figures, person, plausiblePair, vsComputer, vsComputerMatch } from './vs-computer-matches';

jest.setTimeout(900_000);

/**
 * The yardstick: East Wind Rain's pairs a scenario, as many as the report plays (a pair costs
 * milliseconds). A median of 12 moves by half an action with one pair (Marianas: 17.5 of 12,
 * 17 of 100), above the 17 actions a contact-free match can last there.
 */
const PAIRS = 100;

describe('East Wind Rain against the plausible computer', () => {
  test.each(BUILTIN_SCENARIOS.map((s) => [s.id, s.tfaSide] as const))(
    '%s: the computer wins most matches, and as TFA (%s) it begins an initiative rather than close the phase at once',
    (scenario, tfaSide) => {
      const vs = vsComputer('ewr', scenario, 12);
      const f = figures(scenario, vs, plausiblePair('ewr', scenario, PAIRS));
      // Most: more than half in each scenario (Coral Sea's person, as TFZ, fights every intercept and can break the computer's morale).
      expect(f.computerWins).toBeGreaterThan(f.matches / 2);
      // The complaint was a bot TFA that ended the match at once: the computer as TFA always begins.
      const asTfa = vs.filter((d) => d.computer === tfaSide);
      expect(asTfa).toHaveLength(6);
      for (const d of asTfa) expect(d.computerFirst).toEqual({ type: 'begin-initiative' });
      // And those matches run past the computer's first initiative's moves.
      for (const d of asTfa) expect(d.computerActions).toBeGreaterThan(2);
    },
  );
});

describe('East Wind Rain against the computer as TFZ', () => {
  // The random person as TFA used to withdraw once its moves were spent (a retreat: its next initiative went on
  // refuelling, X.N.3.g) and close the phase at 10 actions; playing on, it sails both initiatives.
  test.each(BUILTIN_SCENARIOS.map((s) => [s.id, s.tfaSide] as const))(
    '%s: with the person as TFA (%s), every match lasts at least two plausible bots’ median in initiatives, and in actions unless the computer’s fight cut it short; the computer wins most',
    (scenario, tfaSide) => {
      const pairs = plausiblePair('ewr', scenario, PAIRS);
      const vs = vsComputer('ewr', scenario, 12).filter((d) => d.computer !== tfaSide);
      expect(vs).toHaveLength(6);
      const f = figures(scenario, vs, pairs);
      expect(f.longEnoughTime).toBe(6);
      // Shorter in actions only when the computer's TFZ hurt the person's TFA (its morale broke, and it spent its next initiative in port).
      for (const d of vs) if (d.actions < f.pairMedian) expect(d.result.text).not.toMatch(d.computer === 'allied' ? /Allied inflicted no losses/ : /Japanese inflicted no losses/);
      expect(f.longEnough).toBeGreaterThanOrEqual(5);
      expect(f.computerWins).toBeGreaterThan(3);
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

describe('the random person plays on', () => {
  test('as East Wind Rain TFA it never closes the phase while it may begin an initiative, nor ends or withdraws from an initiative while it may move', () => {
    let prompts = 0;
    for (let i = 0; i < 6; i++) {
      const seed = `plays-on-${i}`;
      const bots = { allied: person('ewr', `${seed}/allied`), japanese: person('ewr', `${seed}/japanese`) };
      playMatch(ewr as GameModule, seed, bots, {
        options: { scenario: 'coral-sea-1942' },
        onStep: (before, side, action) => {
          const prompt = ewr.prompt(before.game as never, side)!;
          const types = new Set(prompt.actions.map((a) => a.type));
          const t = (action as { type: string }).type;
          if (types.has('begin-initiative')) {
            prompts++;
            expect(t).not.toBe('end-operations');
          }
          if (types.has('move')) expect(['end-initiative', 'withdraw']).not.toContain(t);
        },
      });
    }
    // Every match began at least one initiative: the check above was met, not skipped.
    expect(prompts).toBeGreaterThanOrEqual(6);
  });

  test('in East Wind Rain, with its moves spent it ends the initiative rather than withdraw, and it takes every fight it is offered (intercept, sight, strike, stay) rather than decline, pass or retreat', () => {
    const stops = new Set(['decline', 'pass', 'retreat']);
    let spent = 0;
    let fights = 0;
    for (const scenario of BUILTIN_SCENARIOS.map((s) => s.id))
      for (let i = 0; i < 4; i++) {
        const d = vsComputerMatch('ewr', scenario, i, (before, side, action, computer) => {
          if (side === computer) return;
          const prompt = ewr.prompt(before.game as never, side)!;
          const a = action as { type: string; choice?: string };
          if (prompt.kind === 'move' && !prompt.actions.some((x) => x.type === 'move')) {
            spent++;
            expect(a.type).toBe('end-initiative');
          }
          if (prompt.actions.some((x) => x.type === 'decide' && !stops.has(x.choice))) {
            fights++;
            expect(stops.has(a.choice ?? '')).toBe(false);
          }
        });
        expect(d.result.text).toMatch(/Victory points: Allied \d+, Japanese \d+\./);
      }
    // Both checks were met, not skipped.
    expect(spent).toBeGreaterThanOrEqual(6);
    expect(fights).toBeGreaterThanOrEqual(6);
  });

  test('in Empire of the Sun it plays its cards rather than pass for the rest of the turn', () => {
    let plays = 0;
    const seed = 'plays-on-eots';
    const bots = { allied: person('eots-subwar', `${seed}/allied`), japanese: person('eots-subwar', `${seed}/japanese`) };
    playMatch(eotsSubwar as GameModule, seed, bots, {
      options: { scenario: '1944' },
      onStep: (before, side, action) => {
        const prompt = eotsSubwar.prompt(before.game as never, side)!;
        if (prompt.kind !== 'card-play' || !prompt.actions.some((a) => a.type !== 'pass')) return;
        plays++;
        expect((action as { type: string }).type).not.toBe('pass');
      },
    });
    expect(plays).toBeGreaterThan(0);
  });
});
