/**
 * Random play reaches a result: 200 seeded matches over the four campaign starts, with bots
 * that see only their own prompt (test/games/random-play.ts), each playing to the end of the
 * scenario's last turn in a bounded number of actions, both sides deciding something, and
 * each replaying exactly from its seed and actions.
 */
import { replay } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import { summarise } from '../random-play';
import { EOTS_MAX_ACTIONS as MAX_ACTIONS, eotsRandomMatches } from './random-matches';

describe('eots-subwar: random play', () => {
  const played = eotsRandomMatches();

  test('200 seeded matches each reach the end of the scenario’s last turn with a result, within 3000 actions', () => {
    for (const p of played) {
      const g = p.final.game as EotsState;
      expect({ seed: p.seed, turn: g.turn, over: g.phase.kind }).toEqual({ seed: p.seed, turn: g.scenario.lastTurn, over: 'over' });
      expect(p.actions).toBeLessThan(MAX_ACTIONS);
      expect(p.result).toMatchObject({ winner: null });
      expect(p.result!.text).toMatch(/^No winner: the submarine warfare variant decides none/);
      const t = p.result!.score!;
      expect(t.japanese).toBe(g.history.lost.length);
    }
  });

  test('in most matches both sides decide something', () => {
    expect(summarise(played).bothDecided).toBeGreaterThan(0.5);
  });

  test('every match replays exactly from its seed and actions', () => {
    for (const p of played.filter((_, i) => i % 10 === 0)) {
      expect(replay(eotsSubwar, { scenario: p.start }, p.seed, p.record).state).toEqual(p.final);
    }
  });
});
