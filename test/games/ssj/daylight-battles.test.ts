/**
 * VI.F.1.c and VI.F.1.f: the daylight battles by choice and the mandatory ones, through the real flow of a turn
 * (deployment, submarines, the morning air, the withdrawal steps) with the battle dice scripted.
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { choices, minimal, type M } from './helpers';
import { play, sailed, view, type Sail } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const ENGAGE: SsjAction = { type: 'battle-engage', engage: true };
const DECLINE: SsjAction = { type: 'battle-engage', engage: false };
const inDayCombat = (m: M) => m.game.phase === 'day-combat';

function slot(jp: string[], al: string[], o: { jpBox?: Sail['box']; seed?: string } = {}): M {
  return sailed(o.seed ?? 'daylight', [{ ships: jp, area: 'SL', box: o.jpBox ?? 'daynight' }], [{ ships: al, area: 'SL', box: 'daynight' }], inDayCombat);
}

/** Plays minimal decisions, recording the phase of every prompt and who had it, until `until` holds. */
function record(m: M, until: (m: M) => boolean): string[] {
  const seen: string[] = [];
  for (let i = 0; i < 200 && !until(m); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(m.game, s)) as 'allied' | 'japanese';
    seen.push(`${m.game.phase}${m.game.phase === 'withdrawal' ? `(${m.game.withdrawAfter})` : ''}:${side}`);
    play(m, side, minimal(m, side));
  }
  return seen;
}

const placeOf = (m: M, id: string) => m.game.units.of(id).place;

describe('VI.F.1.c daylight battles by choice', () => {
  test('VI.F.1.c: each side chooses to engage in a daylight surface battle, the Japanese first', () => {
    const m = slot(['ijn-chokai'], ['usn-quincy']);
    expect(m.game.actor).toBe(J);
    expect(choices(m, J)).toEqual([ENGAGE, DECLINE]);
    expect(choices(m, A)).toEqual([]);
    // Nothing is turned up before both have chosen.
    expect(view(m, A).battle!.japanese.pieces).toEqual([]);
    play(m, J, ENGAGE);
    expect(view(m, A).battle!.engage).toEqual({ japanese: true });
    expect(choices(m, A)).toEqual([ENGAGE, DECLINE]);
  });

  test('VI.F.1.c note: a side unwilling to engage is not withdrawing — no battle, and every ship, slow ones too, stays in the sea area', () => {
    const m = slot(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy']);
    const jpGroup = (placeOf(m, 'ijn-chokai') as { group: string }).group;
    play(m, J, DECLINE);
    play(m, A, DECLINE);
    expect(m.game.phase).toBe('withdrawal');
    expect(m.game.withdrawAfter).toBe('day-combat');
    expect(m.game.groups[jpGroup]!.ships).toEqual(['ijn-chokai', 'ijn-trdiv-1']);
    expect(placeOf(m, 'usn-quincy').at).toBe('group');
    expect(m.game.engaged ?? []).toEqual([]);
  });

  test('VI.F.1.c: when both sides engage the task forces are turned face up and the first round is fired at once', () => {
    const m = slot(['ijn-chokai'], ['usn-quincy']);
    play(m, J, ENGAGE);
    play(m, A, ENGAGE);
    const b = view(m, A).battle!;
    expect(b.japanese.pieces).toEqual(['ijn-chokai'].map((id) => m.game.tags.of(id)));
    expect([b.step, b.round]).toEqual(['fire', 1]);
    // No fight-or-withdraw question before the first round: both have chosen to fight.
    expect(choices(m, J).map((a) => a.type)).toEqual(['fire', 'fire-spread']);
    play(m, J, { type: 'fire-spread' });
    // CHOKAI rolls 1 (a miss), QUINCY 6: HD.
    const out = play(m, A, { type: 'fire-spread' }, [1, 6]);
    expect(out.left).toBe(0);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    // After the round each side, the Japanese first, may fight on or withdraw (the procedure of VI.F.1.b).
    expect(choices(m, J)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'rabaul' }]);
  });

  test('VI.F.1.c: the "pursued" side, unwilling to abandon its slow ships, fights — the battle ensues', () => {
    const m = slot(['ijn-chokai'], ['usn-quincy', 'usn-transdiv-a']);
    play(m, J, ENGAGE);
    play(m, A, DECLINE);
    // The Allies, pursued, are asked again: fight, or abandon the slow and heavily damaged ships.
    expect(m.game.actor).toBe(A);
    expect(view(m, J).battle!.step).toBe('pursuit');
    expect(ssj.prompt(m.game, A)!.text).toMatch(/abandon/);
    expect(choices(m, A)).toEqual([ENGAGE, DECLINE]);
    play(m, A, ENGAGE);
    expect(view(m, J).battle!.step).toBe('fire');
    expect(placeOf(m, 'usn-transdiv-a').at).toBe('group');
  });

  test('VI.F.1.c / VI.F.1.b: the pursued side that abandons its slow ships has them scuttled; its other ships stay in the sea area', () => {
    const m = slot(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy']);
    play(m, J, DECLINE);
    play(m, A, ENGAGE);
    expect(m.game.actor).toBe(J);
    const out = play(m, J, DECLINE);
    expect(placeOf(m, 'ijn-trdiv-1')).toEqual({ at: 'sunk' });
    expect(placeOf(m, 'ijn-chokai').at).toBe('group');
    expect(
      out.log
        .filter((e) => e.to === 'public')
        .map((e) => e.text)
        .join('\n'),
    ).toMatch(/abandoning 1 slow or heavily damaged piece/);
    // No battle is fought: the flow goes on to the withdrawal step after the daylight battles.
    expect(m.game.phase).toBe('withdrawal');
    expect(m.game.engaged ?? []).toEqual([]);
  });

  test("VI.F.1.c fog: the question to engage, and the pursued side's, are the same whatever the face-down task forces hold", () => {
    // The Japanese group in the Day Only box is a cruiser in one world, a submarine in the other.
    const worlds = ['ijn-chokai', 'ijn-i-121'].map((ship) => slot([ship], ['usn-quincy'], { jpBox: 'day' }));
    for (const m of worlds) {
      expect(m.game.actor).toBe(J);
      expect(choices(m, J)).toEqual([ENGAGE, DECLINE]);
      play(m, J, DECLINE);
      expect(choices(m, A)).toEqual([ENGAGE, DECLINE]);
      play(m, A, ENGAGE);
      // Pursued, the Japanese are asked in both worlds, though the submarine has nothing to abandon.
      expect(m.game.actor).toBe(J);
      expect(choices(m, J)).toEqual([ENGAGE, DECLINE]);
    }
    expect(ssj.prompt(worlds[0]!.game, J)!.text).toBe(ssj.prompt(worlds[1]!.game, J)!.text);
  });
});

describe('VI.F.1.f mandatory daylight battles', () => {
  test('VI.F.1.f: the mandatory battle is fought after the afternoon air attacks (VI.F.1.d), not before them', () => {
    const m = slot(['ijn-chokai'], ['usn-quincy']);
    play(m, J, DECLINE);
    play(m, A, DECLINE);
    const seen = record(m, (x) => x.game.phase === 'day-end-combat');
    // The Japanese Bettys at Rabaul may strike the Slot in the afternoon; then the withdrawal step after it; then the battle.
    expect(seen.indexOf('air-afternoon:japanese')).toBeGreaterThan(seen.indexOf('withdrawal(day-combat):allied'));
    expect(seen.slice(-2)).toEqual(['withdrawal(air-afternoon):japanese', 'withdrawal(air-afternoon):allied']);
    // Both sides are still there: the battle must be fought (or a side withdraw at the end of the day), the Japanese first.
    expect(m.game.actor).toBe(J);
    expect(view(m, A).battle!).toMatchObject({ voluntary: false, step: 'continue', round: 0 });
    expect(choices(m, J)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'rabaul' }]);
  });

  test("VI.F.1.f: only one side's ships may be left by day — the side that will not fight at the end of the day withdraws, its slow ships scuttled", () => {
    const m = slot(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy']);
    play(m, J, DECLINE);
    play(m, A, DECLINE);
    record(m, (x) => x.game.phase === 'day-end-combat');
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(placeOf(m, 'ijn-chokai')).toEqual({ at: 'base', base: 'rabaul' });
    expect(placeOf(m, 'ijn-trdiv-1')).toEqual({ at: 'sunk' });
    expect(m.game.phase).toBe('day-only');
  });
});
