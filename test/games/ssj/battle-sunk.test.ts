/**
 * VI.F.2.b note / VII.A: a ship sunk in a surface battle is turned face up for everyone and its sinking announced, named:
 * the Battle Board view lists the pieces sunk in the battle under way, the same for every viewer (RULINGS VI.F.2.b note).
 */
import { dayMatch, logFor, nightMatch, play, startDay, startNight, tag, view } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const VIEWERS = [A, J, 'spectator'] as const;

describe('VI.F.2.b note: the pieces sunk in a battle, on the Battle Board', () => {
  test('VI.F.1.f / VII.A: a ship sunk by gunfire by day is listed, by its tag and its name, for both players and the spectator alike; a damaged one is not', () => {
    const m = dayMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startDay(m);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    for (const v of VIEWERS) expect(view(m, v).battle!.allied.sunk).toEqual([]);
    play(m, J, { type: 'fire', ship: 'ijn-chokai', piece: tag(m, 'usn-desron-4') });
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, 'usn-desron-4') });
    play(m, A, { type: 'fire', ship: 'usn-quincy', piece: tag(m, 'ijn-chokai') });
    // The Japanese roll 6 and 6 at DesRon 4: sunk. QUINCY rolls 6 at CHOKAI (HD), DesRon 4 misses.
    const out = play(m, A, { type: 'fire-spread' }, [6, 6, 6, 1]);
    expect(m.game.units.of('usn-desron-4').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    for (const v of VIEWERS) {
      expect(logFor(out.log, v).join('\n')).toMatch(/DesRon 4: sunk/);
      const b = view(m, v).battle!;
      expect(b.allied.sunk).toEqual([{ piece: tag(m, 'usn-desron-4'), ship: 'usn-desron-4' }]);
      expect(b.japanese.sunk).toEqual([]);
    }
  });

  test('VI.F.2.b note: a face-down piece sunk at night is listed for everyone by the tag all saw and the ship it turned out to be', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-desron-4', 'usn-quincy']);
    startNight(m);
    if (m.game.actor === J) play(m, J, { type: 'done' });
    // No surprise (a 2 on the night surprise roll).
    play(m, A, { type: 'done' }, [2]);
    play(m, J, { type: 'fire', ship: 'ijn-chokai', piece: tag(m, 'usn-desron-4') });
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, 'usn-desron-4') });
    play(m, A, { type: 'fire-spread' }, [6, 6, 1, 1]);
    expect(m.game.units.of('usn-desron-4').place).toEqual({ at: 'sunk' });
    // The battle goes on (QUINCY is still there): the board lists the sunk piece for everyone.
    expect(m.game.battle!.step).toBe('continue');
    for (const v of VIEWERS) {
      expect(view(m, v).battle!.allied.sunk).toEqual([{ piece: tag(m, 'usn-desron-4'), ship: 'usn-desron-4' }]);
      expect(view(m, v).battle!.japanese.sunk).toEqual([]);
    }
  });
});
