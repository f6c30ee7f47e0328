import { card5Outcome } from '../../../src/games/eots-subwar/card5';
import { act, actWith, beginAllied, choices, closeUntil, confirmed, kindOf, start, testScenario } from './helpers';
import type { MatchState } from '../../../src/engine';
import type { EotsState } from '../../../src/games/eots-subwar';

const atOperations = (who: 'allied' | 'japanese') => (g: EotsState) => g.phase.kind === 'operations' && g.ops.next === who;

function japaneseDeclares(ms: MatchState<EotsState>, hexes: string[]): MatchState<EotsState> {
  ms = closeUntil(ms, atOperations('japanese'));
  ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
  ms = act(ms, 'japanese', { type: 'end-movement' });
  for (const hex of hexes) ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex });
  return act(ms, 'japanese', { type: 'end-declaration' });
}

describe('11.24.A Allied card #5: Cryptographic Intercepts', () => {
  test('11.24.A: on a die roll of 0 two divisions, 1–2 one, 3–9 no effect', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => card5Outcome(d, 10).removed)).toEqual([2, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(() => card5Outcome(10, 10)).toThrow(RangeError);
  });

  test('11.24.A: neither of the last two divisions in China may be removed this way', () => {
    expect(card5Outcome(0, 4)).toEqual({ reduction: 2, removed: 2 });
    expect(card5Outcome(0, 3)).toEqual({ reduction: 2, removed: 1 });
    expect(card5Outcome(0, 2)).toEqual({ reduction: 2, removed: 0 });
    expect(card5Outcome(1, 3)).toEqual({ reduction: 1, removed: 1 });
    expect(card5Outcome(2, 2)).toEqual({ reduction: 1, removed: 0 });
  });

  test('11.24.A: played during a Japanese offensive before combat, with a Sub Base in SLOC range of a Japanese HQ; a roll through the dice', () => {
    const ms = japaneseDeclares(start({ scenario: testScenario() }, 'card5'), ['1005']);
    expect(kindOf(ms, 'allied')).toBe('card-5');
    expect(choices(ms, 'allied')).toEqual([{ type: 'play-card-5', base: 'lockwood-4' }, { type: 'decline-card-5' }]);
    const reported = act(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' }).game;
    const out = actWith(reported, 'japanese', { type: 'confirm' }, [0]);
    expect(out.state.chinaDivisions).toBe(4); // 6 − 2
    expect(out.rolls).toEqual([{ why: 'card #5 Cryptographic Intercepts: Lockwood (4)', sides: 10, value: 0 }]);
    expect(out.log[1]).toMatchObject({ to: 'public', data: { roll: { die: 0, reduction: 2, removed: 2, divisionsAfter: 4 } } });
    expect(out.state.history.card5).toEqual([{ turn: 5, base: 'lockwood-4', die: 0, reduction: 2, removed: 2, divisionsAfter: 4 }]);
    const limited = actWith({ ...reported, chinaDivisions: 3 }, 'japanese', { type: 'confirm' }, [0]);
    expect(limited.state.chinaDivisions).toBe(2);
    expect(limited.log[1]!.text).toContain('neither of the last two divisions in China may be removed this way');
  });

  test('11.24.A: at the conclusion of the offensive instead when no Battle Hex was declared; once a turn', () => {
    let ms = japaneseDeclares(start({ scenario: testScenario() }, 'card5'), []);
    expect(kindOf(ms, 'allied')).toBeUndefined();
    expect(kindOf(ms, 'japanese')).toBe('conclusion');
    ms = act(ms, 'japanese', { type: 'end-offensive' });
    expect(kindOf(ms, 'allied')).toBe('card-5');
    ms = confirmed(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' });
    expect(ms.game.record.card5Played).toBe(true);
    ms = act(ms, 'allied', { type: 'pass' });
    ms = japaneseDeclares(ms, ['1005']);
    expect(kindOf(ms, 'allied')).toBeUndefined(); // already played this turn
  });

  test('11.24.A: not with a Sub Base relocated this turn, nor one out of SLOC range of every Japanese HQ, nor in an Allied offensive', () => {
    // Relocated by an Allied offensive (two activations), then a Japanese offensive: no Sub Base qualifies.
    let ms = closeUntil(start({ scenario: testScenario() }, 'card5'), atOperations('japanese'));
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 37 }); // a card play, so the Japanese play again after the Allies
    ms = beginAllied(ms, 'us-a', 2);
    expect(kindOf(ms, 'allied')).toBe('offensive-movement');
    ms = act(ms, 'allied', { type: 'relocate-sub-base', base: 'lockwood-4', to: '1012' });
    ms = act(ms, 'allied', { type: 'end-movement' });
    ms = confirmed(ms, 'allied', { type: 'declare-battle-hex', hex: '1006' });
    ms = act(ms, 'allied', { type: 'end-declaration' });
    expect(kindOf(ms, 'allied')).toBe('conclusion'); // no card #5 in an Allied offensive
    ms = act(ms, 'allied', { type: 'end-offensive' });
    ms = japaneseDeclares(ms, ['1005']);
    expect(ms.game.turn).toBe(5);
    expect(kindOf(ms, 'allied')).toBeUndefined();
    // The Japanese HQ 8 hexes away (range 7): nothing qualifies either.
    const far = testScenario({ hqs: testScenario().hqs!.map((q) => (q.id === 'jp' ? { ...q, hex: '1002' } : q)) });
    expect(kindOf(japaneseDeclares(start({ scenario: far }, 'card5'), ['1005']), 'allied')).toBeUndefined();
  });
});
