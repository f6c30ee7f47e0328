/** Random legal play: every prompt's actions are accepted by the rules, and every match ends. */
import { ewr } from '../../../src/games/ewr';
import { ARROW_IDS } from '../../../src/games/ewr/data/flowchart';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { newMatch, pending, play, walked } from './driver';
import { randomPolicy } from './fixtures';

describe('ewr: random legal play', () => {
  for (const sc of BUILTIN_SCENARIOS) {
    test(`${sc.id}: 60 random matches end, with views for every viewer and only chart arrows walked`, () => {
      for (let i = 0; i < 60; i++) {
        const m = newMatch({ scenario: sc.id }, `fuzz-${sc.id}-${i}`);
        play(m, randomPolicy(i + 1), undefined, 600);
        expect(pending(m)).toEqual([]);
        expect(ewr.result(m.ms.game)).not.toBeNull();
        for (const v of ['allied', 'japanese', 'spectator', 'referee']) expect(() => JSON.stringify(ewr.view(m.ms.game, v))).not.toThrow();
        for (const a of walked(m)) expect(ARROW_IDS).toContain(a);
      }
    });
  }
});
