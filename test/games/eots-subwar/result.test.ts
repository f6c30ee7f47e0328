/**
 * The end and the result: the scenario's last turn over, the match ends; the result names
 * no winner (the variant decides none, said plainly) and sums up what the variant did, with
 * a score whose figures are checked here against the match's own record, counted anew.
 */
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { actWith, closeUntil, start, testScenario } from './helpers';

describe('the end of a match and its result', () => {
  test('the scenario’s last turn ends the match: a scenario of Turns 5–6 is over after Turn 6’s Political Phase, with a result and no decision left', () => {
    let ms = start({ scenario: testScenario({ lastTurn: 6 }) }, 'last');
    ms = closeUntil(ms, (g) => g.turn === 6 && g.phase.kind === 'political');
    expect(eotsSubwar.result(ms.game)).toBeNull();
    ms = closeUntil(ms, (g) => g.phase.kind === 'over');
    expect(ms.game.turn).toBe(6);
    expect(eotsSubwar.prompt(ms.game, 'allied')).toBeNull();
    expect(eotsSubwar.prompt(ms.game, 'japanese')).toBeNull();
    const r = eotsSubwar.result(ms.game)!;
    expect(r.winner).toBeNull();
    expect(r.text).toMatch(/^No winner: the submarine warfare variant decides none/);
    expect(r.text).toMatch(/SWM track \+1 \(now \+1\)/);
    expect(r.score).toEqual({ allied: 0, japanese: 0 });
  });

  test('the score counts what the variant did: cards denied, ASPs and divisions for the Allies; Sub Bases lost for the Japanese', () => {
    // Lockwood (4) succeeds on Turn 5 (die 0: 0 + 1 − 1 = 0) and takes the ASP; the hand of 7 loses a card.
    let g = start({ scenario: testScenario({ lastTurn: 5 }) }, 'score').game;
    g = actWith(g, 'allied', { type: 'submarine-warfare', base: 'lockwood-4' }, [0]).state;
    g = actWith(g, 'allied', { type: 'sub-warfare-effect', base: 'lockwood-4', choice: 'asp' }).state;
    const ms = closeUntil({ ...start({ scenario: testScenario({ lastTurn: 5 }) }, 'score'), game: g }, (x) => x.phase.kind === 'over');
    const r = eotsSubwar.result(ms.game)!;
    expect(r.score).toEqual({ allied: 1 + 1, japanese: 0 });
    expect(r.text).toMatch(/1 success\(es\) in 1 roll\(s\) \(Lockwood \(4\) 1\); 1 Japanese card\(s\) denied; Japanese ASP 3 → 2/);
  });
});
