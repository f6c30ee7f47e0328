/**
 * The rescue of slow and HD ships (VI.F.2 note, VII.A example), damaged slow ships (VII.A) and midnight (VI.F.2 note,
 * VI.F.2.c, VII.A "except at 'midnight'"), through the flow: actions applied to a match, with scripted dice.
 */
import type { SsjAction } from '../../../src/games/ssj/actions';
import { choices, putInGroup, type M } from './helpers';
import { own } from '../../../src/games/ssj/units';
import { dayMatch, logFor, nightMatch, play, startDay, startNight, tag } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const ENGAGE: SsjAction = { type: 'battle-engage', engage: true };
const DECLINE: SsjAction = { type: 'battle-engage', engage: false };
const TROOPS = ['ija-2-144', 'ija-3-144'];

/** Both sides close their placement; `surprise` is the Japanese night-surprise die (column A: 2–3 no surprise). */
function placeBoth(m: M, surprise: number): void {
  if (m.game.actor === J) play(m, J, { type: 'done' });
  if (m.game.actor === A) play(m, A, { type: 'done' }, [surprise]);
}

/**
 * At night in the Slot: CHOKAI with TrDiv 1 (slow) and DesDiv 30 in a task force of its own, against QUINCY. Both fire and
 * miss; the Japanese withdraw CHOKAI's task force: CHOKAI goes home, TrDiv 1 is left under DesDiv 30's protection.
 */
function rescuedAtNight(): M {
  const m = nightMatch(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight' });
  putInGroup(m, J, 'SL', 'daynight', ['ijn-desdiv-30'], 'g-jp2');
  startNight(m);
  play(m, J, { type: 'battle-tf', group: 'g-jp' });
  placeBoth(m, 2);
  play(m, J, { type: 'fire-spread' });
  play(m, A, { type: 'fire-spread' }, [1, 1]);
  play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
  expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'group', group: 'g-jp' });
  expect(m.game.groups['g-jp']!.withdrawn).toBe(true);
  return m;
}

describe('VI.F.2 note / VII.A example: ships left under the protection of another task force', () => {
  test('VI.F.2 note: a task force that has withdrawn is not chosen again for a battle at the same time of day — its saved ships are not sent back in', () => {
    const m = rescuedAtNight();
    // The next battle in the Slot: the Japanese have one task force left in it, DesDiv 30's; the withdrawn one is not offered.
    expect(choices(m, J).some((a) => a.type === 'battle-tf' && a.group === 'g-jp')).toBe(false);
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
  });

  test('VII.A example "must be scuttled if all friendly task forces are ultimately withdrawn": the protection ends when the protecting task force leaves by a withdrawal after a phase (VI.F.1), not only from a battle', () => {
    // By day, by choice (VI.F.1.c): TrDiv 1 (slow) with CHOKAI, DesDiv 30 in a task force of its own, against QUINCY.
    const m = dayMatch(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight', byChoice: true });
    putInGroup(m, J, 'SL', 'daynight', ['ijn-desdiv-30'], 'g-jp2');
    startDay(m);
    play(m, J, ENGAGE);
    play(m, A, ENGAGE);
    play(m, J, { type: 'battle-tf', group: 'g-jp' });
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [1, 1]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'group', group: 'g-jp' });
    // Both sides are still there: neither engages again; the withdrawal step after the daylight battles follows.
    play(m, J, DECLINE);
    play(m, A, DECLINE);
    expect(m.game.phase).toBe('withdrawal');
    expect(m.game.actor).toBe(J);
    // DesDiv 30 goes home: no Japanese task force is left to protect the transports — scuttled.
    const out = play(m, J, { type: 'withdraw-ship', ship: 'ijn-desdiv-30', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(logFor(out.log, A).join('\n')).toMatch(/No Japanese task force is left to protect the 1 slow or heavily damaged piece .* scuttled/);
  });

  test('VII.A example: the protection ends when the protecting task force is sunk in a battle', () => {
    const m = rescuedAtNight();
    // DesDiv 30 fights QUINCY and is sunk (a 6 on a destroyer); the transports left under its protection are scuttled.
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    const out = play(m, A, { type: 'fire', ship: 'usn-quincy', piece: tag(m, 'ijn-desdiv-30') }, [1, 6]);
    expect(m.game.units.of('ijn-desdiv-30').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(logFor(out.log, A).join('\n')).toMatch(/No Japanese task force is left to protect/);
  });
});

describe('VII.A: damaged slow ships', () => {
  test('VII.A "HD-ed and Slow ships cannot be withdrawn from a sea area (except at midnight)": a slow ship with a D stays in its sea area after its die is rolled, and keeps its troops for the night landings (VI.F.2.e)', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight' });
    for (const id of TROOPS) own(m.game, id).place = { at: 'aboard', ship: 'ijn-trdiv-1' };
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire', ship: 'usn-quincy', piece: tag(m, 'ijn-trdiv-1') }, [1, 3]);
    expect(m.game.units.of('ijn-trdiv-1').damage).toBe('D');
    play(m, J, { type: 'battle-continue' });
    // The Allies withdraw; the night battles are over and damage is resolved: TrDiv 1 rolls a 2.
    const out = play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [2]);
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'group', group: 'g-jp' });
    expect(m.game.units.of('ijn-trdiv-1').damageDie).toBe(2);
    expect(logFor(out.log, J).join('\n')).toMatch(/\(D, slow\) rolled 2 — it stays in its sea area/);
    // The D cost one troop unit (VII.A); the other is still aboard, to land at night.
    expect(TROOPS.map((id) => m.game.units.of(id).place.at)).toEqual(['destroyed', 'aboard']);
    // At midnight it may go home (VII.A "except at 'midnight'"): its die takes effect — out for 2 + 1 turns.
    expect(m.game.phase).toBe('after-midnight');
    play(m, J, { type: 'withdraw-ship', ship: 'ijn-trdiv-1', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'repair', until: 0 + 3 + 1, base: 'rabaul' });
  });
});

describe('VI.F.2.c / VII.A: midnight', () => {
  test('VII.A "HD-ed and Slow ships cannot be withdrawn from a sea area (except at midnight)": at midnight an HD ship may be withdrawn even when no After Midnight force can come', () => {
    // No Allied Day Only task force anywhere: nothing can sail in After Midnight.
    const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { jpBox: 'daynight', alBox: 'daynight' });
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [1, 6]);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [2]);
    expect(m.game.phase).toBe('after-midnight');
    expect(m.game.units.of('ijn-chokai').place.at).toBe('group');
    play(m, J, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'rabaul' });
  });
});
