/**
 * Facts from the rest of the game (activations, HQ moves, control at a conclusion, supply,
 * ZoI, National Surrender): one side proposes within what the rules allow, the other
 * confirms or disputes; an insisted dispute is logged, left unresolved, not
 * applied, and listed in the result.
 */
import type { MatchState } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import { hexDistance } from '../../../src/games/eots-subwar/hex';
import { act, choices, closeUntil, confirmed, kindOf, report, start, testScenario } from './helpers';

const atOperations = (who: 'allied' | 'japanese') => (g: EotsState) => g.phase.kind === 'operations' && g.ops.next === who;
const proposals = (ms: MatchState<EotsState>, side: 'allied' | 'japanese') => choices(ms, side).flatMap((a) => (a.type === 'propose' ? [a.fact] : []));

function japaneseOffensive(scenario = testScenario()): MatchState<EotsState> {
  let ms = closeUntil(start({ scenario }, 'facts'), atOperations('japanese'));
  ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
  return ms;
}

describe('facts of the board are proposed and confirmed', () => {
  test('an HQ moves as far as an HQ may, once an offensive: only hexes within its movement are offered', () => {
    const ms = japaneseOffensive();
    const moves = proposals(ms, 'japanese').filter((f) => f.kind === 'hq-move');
    expect(moves.length).toBeGreaterThan(0);
    for (const f of moves) expect(f.kind === 'hq-move' && f.hq === 'jp' && hexDistance('1006', f.to) <= 4 && f.to !== '1006').toBe(true);
    // every hex of the extract within 4 of 1006 is offered (range 4 is jp's activation range, its default movement)
    const within = testScenario()
      .hexes.map((h) => h.hex)
      .filter((h) => h !== '1006' && hexDistance('1006', h) <= 4)
      .sort();
    expect(moves.map((f) => (f.kind === 'hq-move' ? f.to : '')).sort()).toEqual(within);
    const moved = report(ms, 'japanese', { kind: 'hq-move', hq: 'jp', to: '1004' });
    expect(moved.game.hqs.find((q) => q.id === 'jp')!.hex).toBe('1004');
    expect(proposals(moved, 'japanese').filter((f) => f.kind === 'hq-move')).toEqual([]); // once an offensive
  });

  test('a proposal changes nothing until the other side confirms it; a disputed one withdrawn changes nothing', () => {
    let ms = japaneseOffensive();
    ms = act(ms, 'japanese', { type: 'propose', fact: { kind: 'hq-move', hq: 'jp', to: '1004' } });
    expect(ms.game.hqs.find((q) => q.id === 'jp')!.hex).toBe('1006');
    expect(kindOf(ms, 'allied')).toBe('confirm-fact');
    expect(choices(ms, 'allied')).toEqual([{ type: 'confirm' }, { type: 'dispute' }]);
    expect(choices(ms, 'japanese')).toEqual([]);
    ms = act(ms, 'allied', { type: 'dispute' });
    expect(choices(ms, 'japanese')).toEqual([{ type: 'withdraw' }, { type: 'insist' }]);
    ms = act(ms, 'japanese', { type: 'withdraw' });
    expect(ms.game.hqs.find((q) => q.id === 'jp')!.hex).toBe('1006');
    // The same report may not be made again in this offensive; another may.
    expect(proposals(ms, 'japanese')).not.toContainEqual({ kind: 'hq-move', hq: 'jp', to: '1004' });
    expect(proposals(ms, 'japanese')).toContainEqual({ kind: 'hq-move', hq: 'jp', to: '1005' });
  });

  test('an insisted dispute goes to the log, is left unresolved and not applied, and is listed in the view and the result', () => {
    let ms = japaneseOffensive();
    ms = act(ms, 'japanese', { type: 'end-movement' });
    ms = act(ms, 'japanese', { type: 'end-declaration' });
    ms = act(ms, 'japanese', { type: 'propose', fact: { kind: 'control', hex: '1010', side: 'japanese' } });
    ms = act(ms, 'allied', { type: 'dispute' });
    ms = act(ms, 'japanese', { type: 'insist' });
    expect(ms.game.hexes.find((h) => h.hex === '1010')!.control).toBe('allied');
    expect(ms.game.disputes).toHaveLength(1);
    const v = eotsSubwar.view(ms.game, 'spectator') as { disputes: { text: string }[] };
    expect(v.disputes[0]!.text).toMatch(/Turn 5: the Japanese player reports that hex 1010 is now Japanese-controlled; the Allied player disputes it/);
    ms = closeUntil(ms, (g) => g.phase.kind === 'over', 3000);
    expect(eotsSubwar.result(ms.game)!.text).toMatch(/Left unresolved, not applied: Turn 5: the Japanese player reports that hex 1010/);
  });

  test('control of a hex changes only where the offensive concludes: a hex within its HQ’s activation range (where its Battle Hexes lie)', () => {
    let ms = japaneseOffensive();
    ms = act(ms, 'japanese', { type: 'end-movement' });
    ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex: '1008' });
    ms = act(ms, 'japanese', { type: 'end-declaration' });
    ms = closeUntil(ms, (g) => g.phase.kind === 'offensive' && g.phase.offensive.step === 'conclusion');
    const control = proposals(ms, 'japanese')
      .filter((f) => f.kind === 'control')
      .map((f) => (f.kind === 'control' ? f.hex : ''))
      .sort();
    // jp in 1006 (cube q 10, r 1), range 4: the Allied hexes 1005, 1008, 1009, 1010 down its column and 1110 (q 11, r 4:
    // (1 + 3 + 4) / 2 = 4); 1011 is 5 away.
    expect(control).toEqual(['1005', '1008', '1009', '1010', '1110']);
  });

  test('11.21.C: an Allied offensive relocates a Sub Base only once the Japanese player has confirmed its activations', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'acts'), atOperations('japanese'));
    ms = act(ms, 'japanese', { type: 'pass' });
    ms = act(ms, 'allied', { type: 'begin-offensive', hq: 'us-a' });
    expect(choices(ms, 'allied').filter((a) => a.type === 'relocate-sub-base')).toEqual([]);
    expect(proposals(ms, 'allied').filter((f) => f.kind === 'activations')).toEqual([1, 2, 3, 4].map((count) => ({ kind: 'activations', count })));
    ms = act(ms, 'allied', { type: 'propose', fact: { kind: 'activations', count: 4 } });
    ms = act(ms, 'japanese', { type: 'dispute' });
    ms = act(ms, 'allied', { type: 'withdraw' });
    expect(choices(ms, 'allied').filter((a) => a.type === 'relocate-sub-base')).toEqual([]);
    ms = report(ms, 'allied', { kind: 'activations', count: 2 });
    expect(choices(ms, 'allied').filter((a) => a.type === 'relocate-sub-base').length).toBeGreaterThan(0);
    expect(proposals(ms, 'allied').filter((f) => f.kind === 'activations')).toEqual([]); // reported once
  });

  test('11.21.E: a National Surrender is reported by the Japanese in the Political Phase and confirmed by the Allies', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'ns'), (g) => g.phase.kind === 'political');
    expect(proposals(ms, 'japanese').every((f) => f.kind === 'control' && f.side === 'japanese')).toBe(true);
    ms = report(ms, 'japanese', { kind: 'control', hex: '1010', side: 'japanese' });
    ms = act(ms, 'japanese', { type: 'end-political' });
    expect(kindOf(ms, 'allied')).toBe('emergency-move');
  });
});
