/**
 * VI.D / VI.H / VII.A: a ship knocked out of the game with a D at sea goes to repair where VI.H lets a ship return from its
 * sea area — "From the Slot or Coral Sea, Japanese ships may only return to Rabaul"; "ships in the South Pacific may not
 * return to Australia" — not simply to the base it sailed from. Daylight battles through the real battle flow, with the
 * gunfire and damage dice scripted.
 */
import type { SsjAction } from '../../../src/games/ssj/actions';
import { canonicalJson, SPECTATOR } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { logFor, nightMatch, play, startDay, view } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';
import { putInGroup, type M } from './helpers';

const J = 'japanese' as const;
const A = 'allied' as const;

/**
 * CHOKAI and QUINCY meet by day in `area` at the end of the day (VI.F.1.f), each having sailed from `from`; one round of
 * simultaneous fire (the Japanese die first, then the Allied: 4 is a D on a CA, 1 a miss), then the undamaged side's
 * task force withdraws to `home` and the battles are over: the damaged ship is knocked out of the game at the damage
 * resolution, where it is repaired still to be settled (by its owner's choice, when he has one).
 */
function oneRound(
  area: 'SP' | 'SL',
  from: { japanese: 'truk' | 'rabaul'; allied: 'australia' | 'espiritu-santo' },
  hit: 'japanese' | 'allied',
  die = [3],
  setUp: (m: M) => void = () => {},
): M {
  const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { area, jpBox: 'daynight', alBox: 'daynight' });
  own(m.game, 'ijn-chokai').from = from.japanese;
  own(m.game, 'usn-quincy').from = from.allied;
  setUp(m);
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

  test('VI.H repair choice (fog, issue 40): the Japanese player reads the same through the Allied question and answer whatever he cannot see — where QUINCY sailed from, where she is repaired, and which of two face-down Allied pieces (SELFRIDGE, the S-38) is in which other task force', () => {
    type Hidden = { from: 'australia' | 'espiritu-santo'; to: 'australia' | 'espiritu-santo'; swap: boolean };
    const reads = (h: Hidden) => {
      const m = oneRound('SL', { japanese: 'rabaul', allied: h.from }, 'allied', [3], (x) => {
        // Two face-down Allied pieces in task forces of their own: a destroyer division and a submarine, or the same pieces
        // the other way round (each taking the other's tag, as the look-alike world of fog-ssj-8 did).
        const [sp, cs] = h.swap ? ['usn-s-38', 'usn-selfridge'] : ['usn-selfridge', 'usn-s-38'];
        putInGroup(x, A, 'SP', 'daynight', [sp], 'g-al-sp');
        putInGroup(x, A, 'CS', 'daynight', [cs], 'g-al-cs');
        own(x.game, 'usn-selfridge').from = 'espiritu-santo';
        own(x.game, 'usn-s-38').from = 'espiritu-santo';
        if (h.swap) x.game.tags = x.game.tags.swapped('usn-selfridge', 'usn-s-38');
      });
      // The Japanese read after the battles end (the Allies asked) and after the Allied answer (the damage resolved).
      const read = (log: string[], priv: boolean) => canonicalJson({ view: view(m, J), prompt: ssj.prompt(m.game, J), spectator: view(m, SPECTATOR), log, private: priv });
      const asked = read([], false);
      expect(repairs(m, A).map((a) => a.to)).toEqual(['espiritu-santo', 'australia']);
      const step = play(m, A, { type: 'repair', ship: 'usn-quincy', to: h.to }, [3]);
      expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: h.to });
      return [asked, read(logFor(step.log, J), step.private)];
    };
    const base = reads({ from: 'espiritu-santo', to: 'espiritu-santo', swap: false });
    for (const h of [
      { from: 'australia', to: 'espiritu-santo', swap: false },
      { from: 'espiritu-santo', to: 'australia', swap: false },
      { from: 'espiritu-santo', to: 'espiritu-santo', swap: true },
      { from: 'australia', to: 'australia', swap: true },
    ] as Hidden[])
      expect(reads(h)).toEqual(base);
  });
});
