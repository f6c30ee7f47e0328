/**
 * The plausible computer player's answers to reports (issue #42 item 6; RULINGS.md "Against
 * the computer"): it confirms what nothing on the board it sees contradicts, disputes what the
 * board shows cannot be so — Japanese control of a Sub Base's hex that was no Battle Hex, a
 * supply or ZoI change in the reporter's favour beyond its offensive's reach — and, its own
 * report disputed, withdraws it (it never insists, so no dispute of its making is left open).
 * Each answer is asked of the bot with the seat's own view and prompt, in a match played
 * through the engine on the test map (Lockwood (4) in 1010; the Japanese HQ in 1006, range 4).
 */
import type { MatchState } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import { plausibleBot } from '../../../src/games/eots-subwar/bot';
import type { Fact } from '../../../src/games/eots-subwar/fact';
import { hexDistance } from '../../../src/games/eots-subwar/hex';
import { act, closeUntil, confirmed, kindOf, start, testScenario } from './helpers';

type Seat = 'allied' | 'japanese';

/** What the plausible bot of `side` sends now, from the seat's view and prompt alone. */
function botAnswer(ms: MatchState<EotsState>, side: Seat) {
  const prompt = eotsSubwar.prompt(ms.game, side)!;
  return plausibleBot(`bot-test/${side}`).choose({ side, view: eotsSubwar.view(ms.game, side), prompt });
}

/** A Japanese offensive by the HQ in 1006 at its conclusion, with `battle` declared (and confirmed) a Battle Hex or none. */
function atConclusion(battle: string | null): MatchState<EotsState> {
  let ms = closeUntil(start({ scenario: testScenario() }, 'bot'), (g) => g.phase.kind === 'operations' && g.ops.next === 'japanese');
  ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
  ms = act(ms, 'japanese', { type: 'end-movement' });
  if (battle) ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: battle });
  ms = act(ms, 'japanese', { type: 'end-declaration' });
  return closeUntil(ms, (g) => g.phase.kind === 'offensive' && g.phase.offensive.step === 'conclusion');
}

const reported = (ms: MatchState<EotsState>, fact: Fact) => act(ms, 'japanese', { type: 'propose', fact });

describe('the plausible computer answers reports from what its seat sees', () => {
  test('the map as the tests read it: Lockwood (4) in 1010, within the Japanese HQ’s reach; 1008 in reach; 1030 and 1020 beyond it', () => {
    const ms = atConclusion(null);
    expect(ms.game.subBases['lockwood-4']).toEqual({ at: 'map', hex: '1010' });
    expect([hexDistance('1006', '1010'), hexDistance('1006', '1008')].every((d) => d <= 4)).toBe(true);
    expect([hexDistance('1006', '1030'), hexDistance('1006', '1020')].every((d) => d > 4)).toBe(true);
  });

  test('11.21.D: Japanese control of a Sub Base’s hex that was no Battle Hex of the offensive is disputed; of an empty hex in reach, confirmed', () => {
    const ms = atConclusion(null);
    const held = reported(ms, { kind: 'control', hex: '1010', side: 'japanese' });
    expect(kindOf(held, 'allied')).toBe('confirm-fact');
    expect(botAnswer(held, 'allied')).toEqual({ type: 'dispute' });
    const empty = reported(ms, { kind: 'control', hex: '1008', side: 'japanese' });
    expect(botAnswer(empty, 'allied')).toEqual({ type: 'confirm' });
  });

  test('11.21.D: the Sub Base’s hex fought over as a Battle Hex may change hands: its Japanese control is confirmed', () => {
    const ms = atConclusion('1010');
    expect(ms.game.phase.kind === 'offensive' && ms.game.phase.offensive.battleHexes).toEqual(['1010']);
    expect(botAnswer(reported(ms, { kind: 'control', hex: '1010', side: 'japanese' }), 'allied')).toEqual({ type: 'confirm' });
  });

  test('supply lost and ZoI gained beyond the offensive’s reach are disputed; within it, confirmed; a change against the reporter, confirmed anywhere', () => {
    const ms = atConclusion(null);
    expect(botAnswer(reported(ms, { kind: 'supply', hex: '1030', inSupply: false }), 'allied')).toEqual({ type: 'dispute' });
    expect(botAnswer(reported(ms, { kind: 'zoi', hex: '1020', unneutralized: true }), 'allied')).toEqual({ type: 'dispute' });
    expect(botAnswer(reported(ms, { kind: 'supply', hex: '1008', inSupply: false }), 'allied')).toEqual({ type: 'confirm' });
    expect(botAnswer(reported(ms, { kind: 'zoi', hex: '1010', unneutralized: true }), 'allied')).toEqual({ type: 'confirm' });
    // 1009 is out of Allied supply on the test map: the Japanese report that it is back in is against its own side.
    expect(botAnswer(reported(ms, { kind: 'supply', hex: '1009', inSupply: true }), 'allied')).toEqual({ type: 'confirm' });
  });

  test('its own report disputed, the computer withdraws it and never insists: nothing is left for the match to settle', () => {
    let ms = atConclusion(null);
    ms = reported(ms, { kind: 'control', hex: '1008', side: 'japanese' });
    ms = act(ms, 'allied', { type: 'dispute' });
    expect(kindOf(ms, 'japanese')).toBe('disputed-fact');
    expect(botAnswer(ms, 'japanese')).toEqual({ type: 'withdraw' });
    ms = act(ms, 'japanese', botAnswer(ms, 'japanese'));
    expect(ms.game.disputes).toEqual([]);
    expect(ms.game.proposal).toBeNull();
  });
});
