/**
 * Cards are cards: the variant's events (#37, #38, #80, #5) are single cards played at most
 * as often as the game allows, hands are counts per side that each play spends, and the SWM
 * is a marker whose −5 floor applies as each change occurs (11.22.B).
 */
import type { MatchState } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import { act, choices, closeUntil, confirmed, kindOf, start, testScenario } from './helpers';

const atOperations = (who: 'allied' | 'japanese') => (g: EotsState) => g.phase.kind === 'operations' && g.ops.next === who;
const events = (ms: MatchState<EotsState>, side: 'allied' | 'japanese') => choices(ms, side).filter((a) => a.type === 'play-event');

/** A Japanese card play that changes nothing the variant reads: an offensive closed at once. */
function japaneseOffensive(ms: MatchState<EotsState>): MatchState<EotsState> {
  ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
  ms = act(ms, 'japanese', { type: 'end-movement' });
  ms = act(ms, 'japanese', { type: 'end-declaration' });
  ms = act(ms, 'japanese', { type: 'end-offensive' });
  return kindOf(ms, 'allied') === 'card-5' ? act(ms, 'allied', { type: 'decline-card-5' }) : ms;
}

describe('11.22.B.6 and the deck: card #80 is one card', () => {
  test('11.22.B.6: once played, #80 is discarded and not offered again until the next reshuffle (five plays no longer take the SWM from +1 to −5)', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'c80'), atOperations('japanese')); // Turn 5, SWM +1
    ms = japaneseOffensive(ms);
    expect(events(ms, 'allied')).toEqual([{ type: 'play-event', card: 80 }]);
    ms = confirmed(ms, 'allied', { type: 'play-event', card: 80 });
    expect(ms.game.swm).toBe(-1);
    expect(ms.game.cards[80]).toBe('discard');
    ms = japaneseOffensive(ms);
    expect(events(ms, 'allied')).toEqual([]);
    // Turn 6: still discarded. Turn 7 is a reshuffle turn: it is back.
    ms = closeUntil(ms, (g) => g.turn === 6 && atOperations('allied')(g));
    expect(events(ms, 'allied')).toEqual([]);
    ms = closeUntil(ms, (g) => g.turn === 7 && g.phase.kind === 'operations');
    expect(ms.game.cards[80]).toBe('deck');
    expect(ms.game.history.plays.filter((p) => p.card === 80)).toHaveLength(1);
  });

  test('11.22.B.4, 11.22.B.5: #37 and #38 count once: played, they leave the game for good', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'c37'), atOperations('japanese'));
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 37 });
    expect(ms.game.swm).toBe(3);
    ms = act(ms, 'allied', { type: 'pass' });
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 38 });
    expect(ms.game.swm).toBe(5);
    expect(events(ms, 'japanese')).toEqual([]);
    ms = closeUntil(ms, (g) => g.turn === 7 && atOperations('japanese')(g)); // past a reshuffle
    expect(events(ms, 'japanese')).toEqual([]);
    expect(ms.game.cards).toMatchObject({ 37: 'removed', 38: 'removed' });
  });

  test('11.24.A: card #5 played as Cryptographic Intercepts is discarded: not offered on the next turn, offered again after the reshuffle', () => {
    const declare = (ms: MatchState<EotsState>) => {
      ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
      ms = act(ms, 'japanese', { type: 'end-movement' });
      ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: '1005' });
      return act(ms, 'japanese', { type: 'end-declaration' });
    };
    let ms = declare(closeUntil(start({ scenario: testScenario() }, 'c5'), atOperations('japanese')));
    expect(kindOf(ms, 'allied')).toBe('card-5');
    ms = confirmed(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' });
    expect(ms.game.cards[5]).toBe('discard');
    ms = declare(closeUntil(ms, (g) => g.turn === 6 && atOperations('japanese')(g)));
    expect(kindOf(ms, 'allied')).not.toBe('card-5');
    ms = declare(closeUntil(ms, (g) => g.turn === 7 && atOperations('japanese')(g)));
    expect(kindOf(ms, 'allied')).toBe('card-5');
  });
});

describe('a card played is a fact of the players’ game: reported, and confirmed by the other player who sees it played', () => {
  test('11.22.B.4–6: an event moves the SWM, spends the card and the hand only once the other player confirms the play; disputed and withdrawn, nothing changes and it is not offered again this turn', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'event-report'), atOperations('japanese')); // Turn 5, SWM +1
    const hand = ms.game.hands.japanese;
    ms = act(ms, 'japanese', { type: 'play-event', card: 37 });
    expect([ms.game.swm, ms.game.hands.japanese, ms.game.cards[37]]).toEqual([1, hand, 'deck']);
    expect(kindOf(ms, 'allied')).toBe('confirm-fact');
    ms = act(ms, 'allied', { type: 'dispute' });
    ms = act(ms, 'japanese', { type: 'withdraw' });
    expect([ms.game.swm, ms.game.hands.japanese, ms.game.cards[37]]).toEqual([1, hand, 'deck']);
    expect(kindOf(ms, 'japanese')).toBe('card-play');
    expect(events(ms, 'japanese')).toEqual([{ type: 'play-event', card: 38 }]);
    ms = act(ms, 'japanese', { type: 'play-event', card: 38 });
    ms = act(ms, 'allied', { type: 'confirm' });
    expect([ms.game.swm, ms.game.hands.japanese, ms.game.cards[38]]).toEqual([3, hand - 1, 'removed']);
    expect(kindOf(ms, 'allied')).toBe('card-play');
  });

  test('11.22.B.6: #80 reported on Turn 1 of the 1941 start, where the Japanese player does not see it played, is disputed: left unresolved, not applied, listed in the result', () => {
    let ms = closeUntil(start({ scenario: '1941' }, 'c80-turn-1'), atOperations('allied'));
    expect(ms.game.turn).toBe(1);
    const swm = ms.game.swm;
    ms = act(ms, 'allied', { type: 'play-event', card: 80 });
    ms = act(ms, 'japanese', { type: 'dispute' });
    ms = act(ms, 'allied', { type: 'insist' });
    expect([ms.game.swm, ms.game.events.card80, ms.game.cards[80]]).toEqual([swm, 0, 'deck']);
    expect(events(ms, 'allied')).toEqual([]);
    ms = closeUntil(ms, (g) => g.phase.kind === 'over', 5000);
    expect(eotsSubwar.result(ms.game)!.text).toMatch(
      /Left unresolved, not applied: Turn 1: the Allied player reports that the Allied player plays card #80 New Submarine Doctrine as an event/,
    );
  });

  test('11.24.A: card #5 is reported during the Japanese offensive; its die is rolled only once the Japanese player confirms the play; disputed, the offensive goes on without it', () => {
    const toReaction = (seed: string) => {
      let ms = closeUntil(start({ scenario: testScenario() }, seed), atOperations('japanese'));
      ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
      ms = act(ms, 'japanese', { type: 'end-movement' });
      ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: '1005' });
      return act(ms, 'japanese', { type: 'end-declaration' });
    };
    let ms = toReaction('c5-report');
    const rolled = ms.game.history.card5.length;
    ms = act(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' });
    expect([ms.game.history.card5.length, ms.game.cards[5], ms.game.chinaDivisions]).toEqual([rolled, 'deck', 6]);
    expect(kindOf(ms, 'japanese')).toBe('confirm-fact');
    ms = act(ms, 'japanese', { type: 'dispute' });
    ms = act(ms, 'allied', { type: 'withdraw' });
    expect([ms.game.history.card5.length, ms.game.cards[5], ms.game.chinaDivisions]).toEqual([rolled, 'deck', 6]);
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.step).toBe('conclusion'); // no Sub Base in 1005: no Air-Naval decision
    expect(kindOf(ms, 'allied')).toBeUndefined();
    // Confirmed, the die is rolled and the card discarded.
    ms = confirmed(toReaction('c5-report-2'), 'allied', { type: 'play-card-5', base: 'lockwood-4' });
    expect([ms.game.history.card5.length, ms.game.cards[5]]).toEqual([1, 'discard']);
  });
});

describe('hands are counts: every card play spends one', () => {
  test('11.23: the Japanese hand drawn (the track less the successes) is what they can play; with none left they pass', () => {
    // Track 2 on Turn 5 (never reduced: 2 is under four); the Allied hand is 1.
    const sc = testScenario({ japaneseHand: [7, 7, 7, 7, 2, 7, 7, 7, 7, 7, 7, 7], alliedHand: [5, 5, 5, 5, 1, 5, 5, 5, 5, 5, 5, 5] });
    let ms = closeUntil(start({ scenario: sc }, 'hands'), atOperations('japanese'));
    expect(ms.game.hands).toEqual({ japanese: 2, allied: 1 });
    ms = japaneseOffensive(ms);
    expect(ms.game.hands.japanese).toBe(1);
    ms = confirmed(ms, 'allied', { type: 'play-event', card: 80 });
    expect(ms.game.hands.allied).toBe(0);
    ms = japaneseOffensive(ms);
    // Both hands are empty: each side passes by itself, and the Political Phase follows.
    expect(ms.game.hands).toEqual({ japanese: 0, allied: 0 });
    expect(ms.game.phase.kind).toBe('political');
    expect(ms.game.ops.passed.sort()).toEqual(['allied', 'japanese']);
  });

  test('11.24.A: a Reaction Event is a card from the hand: with no card left the Allies cannot play #5', () => {
    const sc = testScenario({ alliedHand: [5, 5, 5, 5, 0, 5, 5, 5, 5, 5, 5, 5] });
    let ms = closeUntil(start({ scenario: sc }, 'no-hand'), atOperations('japanese'));
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
    ms = act(ms, 'japanese', { type: 'end-movement' });
    ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: '1005' });
    ms = act(ms, 'japanese', { type: 'end-declaration' });
    expect(kindOf(ms, 'allied')).toBeUndefined();
  });
});

describe('11.22.B: the SWM marker and its floor', () => {
  test('11.22.B: "may not be less than −5" applies as each change occurs: a raw −9 followed by +4 is −1, not −5', () => {
    // Turn 8 (1944, 0), #80 twice (−4) and three SWM steps (−3): raw −7, the marker at −5.
    const sc = testScenario({ turn: 8, events: { card80: 2 }, swmSteps: 3, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1020' } });
    let ms = closeUntil(start({ scenario: sc }, 'floor'), atOperations('japanese'));
    expect(ms.game.swm).toBe(-5);
    ms = japaneseOffensive(ms);
    ms = confirmed(ms, 'allied', { type: 'play-event', card: 80 }); // raw −9
    expect(ms.game.swm).toBe(-5);
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 37 });
    ms = act(ms, 'allied', { type: 'pass' });
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 38 }); // +4 in all
    expect(ms.game.swm).toBe(-1);
    expect(ms.game.swmTrack.map((c) => [c.change, c.value])).toEqual([
      [0, -5],
      [2, -3],
      [2, -1],
    ]);
  });

  test('11.22.B.1–3: a new year moves the marker by the change of the year factor, as it occurs', () => {
    const sc = testScenario({ turn: 4, subBases: { wilkes: '1010', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6 } });
    let ms = start({ scenario: sc }, 'years');
    expect(ms.game.swm).toBe(2); // 1942
    ms = closeUntil(ms, (g) => g.turn === 5);
    expect(ms.game.swm).toBe(1); // 1943
    expect(ms.game.swmTrack.at(-1)).toMatchObject({ turn: 5, change: -1, value: 1 });
  });

  test('11.22.B: a scenario’s stated marker must follow from its factors, allowing for the floor', () => {
    const { Scenario } = jest.requireActual('../../../src/games/eots-subwar/scenario');
    const at = (swmMarker: number) =>
      Scenario.safeParse(
        testScenario({ turn: 8, events: { card80: 2 }, swmSteps: 3, swmMarker, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1020' } }),
      ).success;
    expect([-5, -2, 0, 1].map(at)).toEqual([true, true, true, false]); // −7 floored to −5, up to 0 if the floor absorbed all the negatives
  });
});
