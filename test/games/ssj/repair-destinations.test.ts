/**
 * VI.D / VI.H / VII.A: a ship knocked out of the game with a D at sea goes to repair where VI.H lets a ship return from its
 * sea area — "From the Slot or Coral Sea, Japanese ships may only return to Rabaul"; "ships in the South Pacific may not
 * return to Australia" — not simply to the base it sailed from. Daylight battles through the real battle flow, with the
 * gunfire and damage dice scripted.
 */
import type { SsjAction } from '../../../src/games/ssj/actions';
import { ssj } from '../../../src/games/ssj';
import { nightMatch, play, startDay } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';
import type { M } from './helpers';

const J = 'japanese' as const;
const A = 'allied' as const;

/**
 * CHOKAI and QUINCY meet by day in `area` at the end of the day (VI.F.1.f), each having sailed from `from`; one round of
 * simultaneous fire (the Japanese die first, then the Allied: 4 is a D on a CA, 1 a miss), then the undamaged side's
 * task force withdraws to `home` and the battles are over: the damaged ship is knocked out of the game at the damage
 * resolution, where it is repaired still to be settled (by its owner's choice, when he has one).
 */
function oneRound(area: 'SP' | 'SL', from: { japanese: 'truk' | 'rabaul'; allied: 'australia' | 'espiritu-santo' }, hit: 'japanese' | 'allied', die = [3]): M {
  const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { area, jpBox: 'daynight', alBox: 'daynight' });
  own(m.game, 'ijn-chokai').from = from.japanese;
  own(m.game, 'usn-quincy').from = from.allied;
  m.game.phase = 'day-end-combat';
  startDay(m);
  play(m, J, { type: 'battle-continue' });
  play(m, A, { type: 'battle-continue' });
  play(m, J, { type: 'fire-spread' });
  play(m, A, { type: 'fire-spread' }, hit === 'allied' ? [4, 1] : [1, 4]);
  const damaged = hit === 'allied' ? 'usn-quincy' : 'ijn-chokai';
  expect(m.game.units.of(damaged).damage).toBe('D');
  const withdraw: SsjAction = { type: 'battle-withdraw', to: hit === 'allied' ? 'rabaul' : 'espiritu-santo' };
  if (hit === 'allied') play(m, J, withdraw, die);
  else {
    play(m, J, { type: 'battle-continue' });
    play(m, A, withdraw, die);
  }
  return m;
}

const repairs = (m: M, side: 'allied' | 'japanese') => (ssj.prompt(m.game, side)?.actions ?? []).filter((a) => a.type === 'repair');

describe('VI.H repair destinations', () => {
  test('VI.H "ships in the South Pacific may not return to Australia": QUINCY, out of Australia, knocked out with a D in the South Pacific is repaired at Espiritu Santo, with nothing to choose', () => {
    const m = oneRound('SP', { japanese: 'rabaul', allied: 'australia' }, 'allied');
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'espiritu-santo' });
  });

  test('VI.H "From the Slot or Coral Sea, Japanese ships may only return to Rabaul": CHOKAI, out of Truk, knocked out with a D in the Slot is repaired at Rabaul, with nothing to choose', () => {
    const m = oneRound('SL', { japanese: 'truk', allied: 'espiritu-santo' }, 'japanese');
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'rabaul' });
  });

  test('VI.H with two legal places and the owner not asked (the choice withdrawn until it tells nothing, issue 40): QUINCY, out of Espiritu Santo, knocked out with a D in the Slot goes back to Espiritu Santo', () => {
    const m = oneRound('SL', { japanese: 'rabaul', allied: 'espiritu-santo' }, 'allied');
    expect(repairs(m, A)).toEqual([]);
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'espiritu-santo' });
  });
});
