import { eotsSubwar } from '../../../src/games/eots-subwar';
import { handSize } from '../../../src/games/eots-subwar/effects';
import { currentSwm } from '../../../src/games/eots-subwar/swm';
import { actWith, choices, start, testScenario } from './helpers';
import type { EotsState } from '../../../src/games/eots-subwar';

/** Fife in 1010 (us-a, PV 1) and Lockwood (6) in 1020 (us-b, PV 0) on Turn 7 (1943, SWM +1), both eligible. */
const twoBases = (patch = {}) => testScenario({ turn: 7, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1020' }, ...patch });
const texts = (log: { text: string }[]) => log.map((e) => e.text).join('\n');
const roll = (g: EotsState, base: 'fife' | 'lockwood-6', die: number) => actWith(g, 'allied', { type: 'submarine-warfare', base }, [die]);
const effect = (g: EotsState, base: 'fife' | 'lockwood-6', choice: 'asp' | 'swm' | 'none') => actWith(g, 'allied', { type: 'sub-warfare-effect', base, choice });

describe('11.23 effects of successful submarine warfare', () => {
  test('11.23: the Japanese draw one card fewer for each successful Sub Base', () => {
    expect(handSize(7, 0)).toEqual({ size: 7, reduction: 0 });
    expect(handSize(7, 1)).toEqual({ size: 6, reduction: 1 });
    expect(handSize(7, 2)).toEqual({ size: 5, reduction: 2 });
    let g = start({ scenario: twoBases() }).game;
    g = roll(g, 'fife', 0).state; // 0 + 1 − 1 = 0
    g = effect(g, 'fife', 'none').state;
    const out = roll(g, 'lockwood-6', 0); // 0 + 1 − 0 = 1: no effect
    expect(out.state.history.hands).toEqual([{ turn: 7, base: 7, successes: 1, reduction: 1, size: 6 }]);
    expect(out.state.japaneseHand).toBe(6);
    expect(texts(out.log)).toContain('Strategy Card Draw: the Japanese hand is 6 cards (7 on the track − 1: 1 successful Sub Base; 11.23); the Allied hand is 7.');
    expect((eotsSubwar.view(out.state, 'japanese') as { japanese: { hand: number } }).japanese.hand).toBe(6);
  });

  test('11.23: the Japanese hand is never reduced below four cards (a hand of four stays four)', () => {
    expect(handSize(5, 2)).toEqual({ size: 4, reduction: 1 });
    expect(handSize(4, 1)).toEqual({ size: 4, reduction: 0 });
    expect(handSize(4, 2)).toEqual({ size: 4, reduction: 0 });
    expect(handSize(3, 1)).toEqual({ size: 3, reduction: 0 });
    let g = start({ scenario: twoBases({ japaneseHand: [7, 7, 7, 7, 7, 7, 4, 7, 7, 7, 7, 7], swmSteps: 1 }) }).game; // SWM 0
    g = roll(g, 'fife', 1).state; // 1 + 0 − 1 = 0
    g = effect(g, 'fife', 'none').state;
    const out = roll(g, 'lockwood-6', 0); // 0 + 0 − 0 = 0
    expect(out.state.history.hands).toEqual([]); // the choice for Lockwood (6) comes first
    const done = effect(out.state, 'lockwood-6', 'none');
    expect(done.state.history.hands).toEqual([{ turn: 7, base: 4, successes: 2, reduction: 0, size: 4 }]);
    expect(texts(done.log)).toContain('but the hand is never reduced below 4');
  });

  test('11.23: after a success, one ASP or one SWM step — at most one of each a turn; both when both bases succeed', () => {
    let g = start({ scenario: twoBases() }).game;
    g = roll(g, 'fife', 0).state;
    g = effect(g, 'fife', 'asp').state;
    expect(g.asp).toBe(2);
    g = roll(g, 'lockwood-6', 0).state; // SWM +1: 0 + 1 − 0 = 1, a failure
    expect(g.history.rolls[1]!.success).toBe(false);
    // The same again with an SWM of 0, so that both succeed:
    let h = start({ scenario: twoBases({ swmSteps: 1 }) }).game;
    h = roll(h, 'fife', 0).state;
    h = effect(h, 'fife', 'asp').state;
    h = roll(h, 'lockwood-6', 0).state;
    expect(choices(h, 'allied')).toEqual([
      { type: 'sub-warfare-effect', base: 'lockwood-6', choice: 'swm' },
      { type: 'sub-warfare-effect', base: 'lockwood-6', choice: 'none' },
    ]);
    h = effect(h, 'lockwood-6', 'swm').state;
    expect(h.asp).toBe(2);
    expect(currentSwm(h)).toBe(-1);
    expect(h.history.rolls.map((r) => r.effect)).toEqual(['asp', 'swm']);
  });

  test('11.23: the Japanese may not lose their last ASP this way', () => {
    let g = start({ scenario: twoBases({ japaneseAsp: 1 }) }).game;
    g = roll(g, 'fife', 0).state;
    expect(choices(g, 'allied')).toEqual([
      { type: 'sub-warfare-effect', base: 'fife', choice: 'swm' },
      { type: 'sub-warfare-effect', base: 'fife', choice: 'none' },
    ]);
    const two = roll(start({ scenario: twoBases({ japaneseAsp: 2 }) }).game, 'fife', 0).state;
    expect(effect(two, 'fife', 'asp').state.asp).toBe(1);
  });

  test('11.23: the SWM may not be reduced below −5 this way; with neither left there is no choice to make', () => {
    // Turn 8 (1944): 0 − 2 × 2 (#80 twice) − 1 (one earlier step) = −5.
    const at5 = twoBases({ turn: 8, events: { card80: 2 }, swmSteps: 1 });
    let g = start({ scenario: at5 }).game;
    expect(currentSwm(g)).toBe(-5);
    g = roll(g, 'fife', 5).state; // 5 − 5 − 1 = −1: success
    expect(choices(g, 'allied')).toEqual([
      { type: 'sub-warfare-effect', base: 'fife', choice: 'asp' },
      { type: 'sub-warfare-effect', base: 'fife', choice: 'none' },
    ]);
    const none = roll(start({ scenario: { ...at5, japaneseAsp: 1 } }).game, 'fife', 5);
    expect(none.state.phase.kind === 'strategic-warfare' && none.state.phase.effectFor).toBe(null);
    expect(texts(none.log)).toContain('Neither an ASP nor an SWM step can be taken for this success');
    expect(choices(none.state, 'allied')).toEqual([{ type: 'submarine-warfare', base: 'lockwood-6' }]);
    // At −4 one step is still allowed, to −5.
    const at4 = roll(start({ scenario: twoBases({ turn: 8, events: { card80: 2 } }) }).game, 'fife', 5).state;
    expect(currentSwm(effect(at4, 'fife', 'swm').state)).toBe(-5);
  });
});
