/**
 * Random play reaches a result: 200 seeded matches over the three built-in scenarios, with
 * bots that see only their own view and prompt (test/games/random-play.ts), each ending with
 * a result in a bounded number of actions; in most of them both sides decide something, and
 * the results vary with the play. Every arrow walked is one of the text's flowchart.
 */
import { ewr } from '../../../src/games/ewr';
import type { EwrState } from '../../../src/games/ewr/state';
import { summarise } from '../random-play';
import { EWR_MAX_ACTIONS as MAX_ACTIONS, ewrRandomMatches } from './random-matches';
import { TEXT_PAIRS, pairOf } from './text-flowchart';

describe('ewr: random play', () => {
  const played = ewrRandomMatches();

  test('200 seeded matches each end with a result (winner or a plain draw, text, score) within 400 actions', () => {
    for (const p of played) {
      expect({ seed: p.seed, over: p.result !== null }).toEqual({ seed: p.seed, over: true });
      expect(p.actions).toBeLessThan(MAX_ACTIONS);
      expect(Object.keys(p.result!.score ?? {}).sort()).toEqual(['allied', 'japanese']);
      expect(p.result!.text).toMatch(p.result!.winner ? /victory, \d+–\d+\.$/ : /No winner: a draw at \d+–\d+\.$/);
      for (const side of ['allied', 'japanese']) expect(ewr.prompt(p.final.game as EwrState, side)).toBeNull();
    }
  });

  test('in most matches both sides decide something, and each side wins some', () => {
    const s = summarise(played);
    expect(s.bothDecided).toBeGreaterThan(0.5);
    expect(s.winners.allied ?? 0).toBeGreaterThan(10);
    expect(s.winners.japanese ?? 0).toBeGreaterThan(10);
  });

  test('every arrow walked is one of the text’s flowchart; every viewer’s view serialises', () => {
    for (const p of played) {
      const g = p.final.game as EwrState;
      for (const w of g.walked) expect({ a: w.arrow, inText: TEXT_PAIRS.has(pairOf(w.arrow)) }).toEqual({ a: w.arrow, inText: true });
      for (const v of ['allied', 'japanese', 'spectator', 'referee']) expect(() => JSON.stringify(ewr.view(g, v))).not.toThrow();
    }
  });
});
