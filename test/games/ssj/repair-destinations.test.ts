/**
 * VI.D / VI.H / VII.A: a ship knocked out of the game with a D at sea goes to repair where VI.H lets a ship return from its
 * sea area — "From the Slot or Coral Sea, Japanese ships may only return to Rabaul"; "ships in the South Pacific may not
 * return to Australia" — not simply to the base it sailed from. Daylight battles through the real battle flow, with the
 * gunfire and damage dice scripted.
 */
import type { SsjAction } from '../../../src/games/ssj/actions';
import { SPECTATOR } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { ssjOrders } from '../../../src/games/ssj/orders';
import { logFor, nightMatch, play, startDay, view } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';
import { ownGroup } from '../../../src/games/ssj/groups';
import { sequence } from '../../../src/games/ssj/phases';
import { ctxWith } from './helpers';
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

  test('VI.H "Allied ships may return to Espiritu Santo or Australia": QUINCY, out of Espiritu Santo, knocked out with a D in the Slot is repaired where the Allied player chooses — Australia', () => {
    const m = oneRound('SL', { japanese: 'rabaul', allied: 'espiritu-santo' }, 'allied');
    // The battles are over; before the damage dice, the owner is asked (the die scripted for the withdrawal was not rolled).
    expect(m.game.phase).toBe('day-end-combat');
    expect(m.game.units.of('usn-quincy').place.at).toBe('group');
    expect(repairs(m, A)).toEqual([
      { type: 'repair', ship: 'usn-quincy', to: 'espiritu-santo' },
      { type: 'repair', ship: 'usn-quincy', to: 'australia' },
    ]);
    expect(ssj.prompt(m.game, J)).toBeNull();
    play(m, A, { type: 'repair', ship: 'usn-quincy', to: 'australia' }, [3]);
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'australia' });
    expect(m.game.phase).not.toBe('day-end-combat');
  });

  test('VI.H "From the South Pacific, Japanese ships may return to Rabaul or to the Returning to Truk holding box": CHOKAI, out of Rabaul, knocked out with a D in the South Pacific is repaired where the Japanese player chooses — Truk', () => {
    const m = oneRound('SP', { japanese: 'rabaul', allied: 'espiritu-santo' }, 'japanese');
    expect(repairs(m, J)).toEqual([
      { type: 'repair', ship: 'ijn-chokai', to: 'rabaul' },
      { type: 'repair', ship: 'ijn-chokai', to: 'truk' },
    ]);
    play(m, J, { type: 'repair', ship: 'ijn-chokai', to: 'truk' }, [3]);
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'truk' });
  });

  test('VI.H repair choice (fog): the Allied player learns nothing of where CHOKAI is repaired — his view, prompt and log are the same whichever place the Japanese player picks', () => {
    const seen = (to: 'rabaul' | 'truk') => {
      const m = oneRound('SP', { japanese: 'rabaul', allied: 'espiritu-santo' }, 'japanese');
      const step = play(m, J, { type: 'repair', ship: 'ijn-chokai', to }, [3]);
      return { view: JSON.stringify(view(m, A)), spectator: JSON.stringify(view(m, SPECTATOR)), log: logFor(step.log, A), prompt: ssj.prompt(m.game, A), private: step.private };
    };
    const rabaul = seen('rabaul');
    expect(seen('truk')).toEqual(rabaul);
    expect(rabaul.log.join(' ')).not.toMatch(/Truk|Rabaul|CHOKAI/i);
  });
  test('VI.H repair choice by standing orders: the "home" order answers it (Australia ordered: QUINCY is repaired there), and "ask me" leaves it to the player', () => {
    const m = oneRound('SL', { japanese: 'rabaul', allied: 'espiritu-santo' }, 'allied');
    const prompt = ssj.prompt(m.game, A)!;
    const orders = { ...ssjOrders.defaults(A), home: 'australia' };
    expect(ssjOrders.decide(orders, A, view(m, A), prompt)?.action).toEqual({ type: 'repair', ship: 'usn-quincy', to: 'australia' });
    expect(ssjOrders.decide(ssjOrders.defaults(A), A, view(m, A), prompt)?.action).toEqual({ type: 'repair', ship: 'usn-quincy', to: 'espiritu-santo' });
    expect(ssjOrders.decide({ ...orders, home: 'ask' }, A, view(m, A), prompt)).toBeNull();
  });
  test('VI.H repair choice, two ships (fog): the owner chooses ship by ship, each choice a private step but the one that closes his step, and the damage dice follow', () => {
    // VINCENNES and QUINCY, both D in the Slot after the end-of-day battles (none fought: the Japanese are in the SP).
    const m = nightMatch(['ijn-chokai'], ['usn-vincennes', 'usn-quincy'], { area: 'SL', alBox: 'daynight' });
    ownGroup(m.game, 'g-jp').area = 'SP';
    for (const id of ['usn-vincennes', 'usn-quincy']) Object.assign(own(m.game, id), { damage: 'D', damagedIn: 'SL' });
    m.game.phase = 'day-end-combat';
    sequence.run(m.game, { phase: 'day-end-combat', actor: null, battle: null }, ctxWith([]));
    expect(m.game.actor).toBe(A);
    const first = repairs(m, A);
    expect(first.map((a) => a.type === 'repair' && a.ship)).toEqual(['usn-vincennes', 'usn-vincennes']);
    const one = play(m, A, { type: 'repair', ship: 'usn-vincennes', to: 'australia' });
    expect(one.private).toBe(true);
    expect(one.left).toBe(0); // no die rolled yet
    expect(m.game.units.of('usn-vincennes').place.at).toBe('group');
    const two = play(m, A, { type: 'repair', ship: 'usn-quincy', to: 'espiritu-santo' }, [2, 5]);
    expect(two.private).toBe(false);
    expect(two.left).toBe(0); // the two damage dice, in id order: QUINCY 2, VINCENNES 5
    expect(m.game.units.of('usn-vincennes').place).toEqual({ at: 'repair', until: 0 + 6 + 1, base: 'australia' });
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 3 + 1, base: 'espiritu-santo' });
  });
});
