/**
 * The end and the result: the scenario's last turn over, the match ends; the result names
 * no winner (the variant decides none, said plainly) and sums up what the variant did, with
 * a score whose figures are checked here against the match's own record, counted anew.
 */
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { act, actWith, closeUntil, confirmed, start, testScenario, withGame } from './helpers';

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
    expect(r.text).toMatch(/1 success in 1 roll \(Lockwood \(4\) 1\); 1 Japanese card denied; Japanese ASP 3 → 2/);
  });

  test('the score counts divisions card #5 took out of China for the Allies and a Sub Base displaced to the TRT for the Japanese, as the public log tells them', () => {
    // Turn 5 of a one-turn scenario: a Japanese offensive on 1010 (Lockwood (4)); the Allies play card #5 with a 0
    // (two divisions out of China, 6 → 4); the Japanese put 15 hits on the Sub Base, which goes to the TRT.
    let ms = start({ scenario: testScenario({ lastTurn: 5 }) }, 'score-2');
    ms = closeUntil(ms, (g) => g.phase.kind === 'operations' && g.ops.next === 'japanese');
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
    ms = act(ms, 'japanese', { type: 'end-movement' });
    ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: '1010' });
    ms = act(ms, 'japanese', { type: 'end-declaration' });
    ms = act(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' });
    const played = actWith(ms.game, 'japanese', { type: 'confirm' }, [0]);
    ms = withGame(ms, played.state);
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 15, critical: false });
    ms = closeUntil(ms, (g) => g.phase.kind === 'over');
    const r = eotsSubwar.result(ms.game)!;
    // Counted anew from what was said in public: the divisions the card's roll removed, the Sub Bases sent to the TRT.
    const removed = played.log.map((e) => (e.data?.roll as { removed?: number } | undefined)?.removed ?? 0).reduce((a, b) => a + b, 0);
    expect(removed).toBe(2);
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'trt' });
    expect(r.winner).toBeNull();
    expect(r.score).toEqual({ allied: removed, japanese: 1 });
    expect(r.text).toMatch(/card #5 removed 2 Japanese divisions from China \(4 left\)/);
    expect(r.text).toMatch(/Sub Bases lost: Lockwood \(4\) displaced by hits on Turn 5/);
    expect(r.text).toMatch(/Cryptographic Intercepts[^;.]* ×1/);
  });
});
