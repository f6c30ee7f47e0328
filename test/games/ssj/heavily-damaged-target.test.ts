/**
 * VI.F.1.c "Heavily Damaged ships are attacked with a bonus of 1 to the die roll. See Rule VII.A." read for every attack on
 * the Anti-Ship table (RULINGS VI.F.1.c / VII.A): PT boats (VI.F.2.d) and submarines (VI.D) too, as air and gunfire did.
 * Through the real flow with scripted dice: the die that leaves an undamaged ship at the row below sinks a heavily damaged
 * one (the row above), and the odds said before the roll say so.
 */
import { antiShipResult } from '../../../src/games/ssj/data';
import { change } from '../../../src/games/ssj/shared';
import { own } from '../../../src/games/ssj/units';
import { play, tag } from './battle-helpers';
import { newMatch, putInGroup, type M } from './helpers';
import { ssj } from '../../../src/games/ssj';

const A = 'allied' as const;
const J = 'japanese' as const;

/** The first die (2–6) on which `cls` is sunk one row up but not at its own row. */
function sinkingOnlyWithBonus(cls: 'DD'): number {
  const die = [2, 3, 4, 5, 6].find((d) => antiShipResult(cls, d, 1) === 'sunk' && antiShipResult(cls, d, 0) !== 'sunk');
  if (!die) throw new Error(`no such die on the ${cls} column`);
  return die;
}

/** Makes `ship` heavily damaged at sea in `area`, face up for everyone (VII.A: an HD ship stays, face up). */
function heavilyDamaged(m: M, ship: string, area: 'SL') {
  const u = own(m.game, ship);
  u.damage = 'HD';
  u.damagedIn = area;
  change(m.game, 'revealed')[ship] = ['allied', 'japanese'];
}

describe('VI.F.1.c / VII.A: a heavily damaged ship is attacked with a bonus of 1 — by PT boats and submarines too', () => {
  function pts(hd: boolean): M {
    const m = newMatch('hd-pt');
    const s = m.game;
    s.fogLiftedFor = ['allied', 'japanese'];
    own(s, 'usn-pt-mtbron3-a').place = { at: 'slot' };
    putInGroup(m, J, 'SL', 'night', ['ijn-desdiv-4'], 'g-jp');
    if (hd) heavilyDamaged(m, 'ijn-desdiv-4', 'SL');
    s.phase = 'pt-boats';
    s.actor = A;
    s.engaged = [];
    return m;
  }

  test("VI.F.2.d + VI.F.1.c: a PT boat's die is read one row higher against a heavily damaged ship (the die that sinks it leaves an undamaged one afloat)", () => {
    const die = sinkingOnlyWithBonus('DD');
    const hd = pts(true);
    play(hd, A, { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(hd, 'ijn-desdiv-4') }, [die]);
    expect(hd.game.units.of('ijn-desdiv-4').place).toEqual({ at: 'sunk' });
    const fresh = pts(false);
    play(fresh, A, { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(fresh, 'ijn-desdiv-4') }, [die]);
    expect(fresh.game.units.of('ijn-desdiv-4').place.at).not.toBe('sunk');
  });

  test('VI.F.2.d odds: the PT prompt reads a heavily damaged piece face up for the Allies one row higher', () => {
    const m = pts(true);
    const text = ssj.prompt(m.game, A)!.text;
    expect(text).toMatch(/DesDiv 4 \(piece [^,]+, DD, HD: one row higher\): [^;]*sunk on [^;]*/);
    expect(text).toMatch(/a heavily damaged ship one row higher, VI\.F\.1\.c/);
  });

  function sub(hd: boolean): M {
    const m = newMatch('hd-sub');
    putInGroup(m, J, 'SL', 'night', ['ijn-i-121'], 'g-sub');
    putInGroup(m, A, 'SL', 'day', ['usn-desron-4'], 'g-target');
    if (hd) {
      const u = own(m.game, 'usn-desron-4');
      u.damage = 'HD';
      u.damagedIn = 'SL';
      change(m.game, 'revealed')['usn-desron-4'] = ['allied', 'japanese'];
    }
    m.game.fogLiftedFor = ['allied', 'japanese'];
    m.game.phase = 'submarines';
    m.game.actor = J;
    return m;
  }

  test("VI.D + VI.F.1.c: a submarine's die is read one row higher against a heavily damaged ship (the die that sinks it leaves an undamaged one afloat)", () => {
    const die = sinkingOnlyWithBonus('DD');
    const hd = sub(true);
    play(hd, J, { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    play(hd, J, { type: 'sub-target', ship: 'usn-desron-4' }, [die]);
    expect(hd.game.units.of('usn-desron-4').place).toEqual({ at: 'sunk' });
    const fresh = sub(false);
    play(fresh, J, { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    play(fresh, J, { type: 'sub-target', ship: 'usn-desron-4' }, [die]);
    expect(fresh.game.units.of('usn-desron-4').place.at).not.toBe('sunk');
  });

  test('VI.D odds: the blind rule says a heavily damaged target is read one row higher', () => {
    const m = sub(false);
    expect(ssj.prompt(m.game, J)!.text).toMatch(/a heavily damaged target one row higher, VI\.F\.1\.c/);
  });
});
