/**
 * VI.D / VI.H / VII.A: a ship knocked out of the game with a D at sea goes to repair where VI.H lets a ship return from its
 * sea area — "From the Slot or Coral Sea, Japanese ships may only return to Rabaul"; "ships in the South Pacific may not
 * return to Australia" — not simply to the base it sailed from. Daylight battles through the real battle flow, with the
 * gunfire and damage dice scripted.
 */
import type { SsjAction } from '../../../src/games/ssj/actions';
import { nightMatch, play, startDay } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';
import type { M } from './helpers';

const J = 'japanese' as const;
const A = 'allied' as const;

/**
 * CHOKAI and QUINCY meet by day in `area` at the end of the day (VI.F.1.f), each having sailed from `from`; one round of
 * simultaneous fire (the Japanese die first, then the Allied: 4 is a D on a CA, 1 a miss), then the undamaged side's
 * task force withdraws to `home` and the phase ends: the damaged ship's owner rolls its damage die (3: out for 4 turns).
 */
function oneRound(area: 'SP' | 'SL', from: { japanese: 'truk' | 'rabaul'; allied: 'australia' | 'espiritu-santo' }, hit: 'japanese' | 'allied'): M {
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
  if (hit === 'allied') play(m, J, withdraw, [3]);
  else {
    play(m, J, { type: 'battle-continue' });
    play(m, A, withdraw, [3]);
  }
  return m;
}

describe('VI.H repair destinations', () => {
  test('VI.H "ships in the South Pacific may not return to Australia": QUINCY, out of Australia, knocked out with a D in the South Pacific is repaired at Espiritu Santo', () => {
    const m = oneRound('SP', { japanese: 'rabaul', allied: 'australia' }, 'allied');
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'espiritu-santo' });
  });

  test('VI.H: QUINCY, out of Australia, knocked out with a D in the Slot goes back to Australia (a place VI.H allows from the Slot)', () => {
    const m = oneRound('SL', { japanese: 'rabaul', allied: 'australia' }, 'allied');
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'australia' });
  });

  test('VI.H "From the Slot or Coral Sea, Japanese ships may only return to Rabaul": CHOKAI, out of Truk, knocked out with a D in the Slot is repaired at Rabaul', () => {
    const m = oneRound('SL', { japanese: 'truk', allied: 'espiritu-santo' }, 'japanese');
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'rabaul' });
  });

  test('VI.H: CHOKAI, out of Truk, knocked out with a D in the South Pacific goes back to Truk (by the Returning to Truk box VI.H allows from there)', () => {
    const m = oneRound('SP', { japanese: 'truk', allied: 'espiritu-santo' }, 'japanese');
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'truk' });
  });
});
