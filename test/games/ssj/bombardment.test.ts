/** VI.F.1.h, VI.F.2.f shore bombardment and VI.F.2.d PT boats, through the real flow with scripted dice. */
import { GROUND_UNITS } from '../../../src/games/ssj/data';
import { choices, newMatch, putInGroup, type M } from './helpers';
import { logFor, play, tag } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';

const J = 'japanese' as const;
const A = 'allied' as const;
const marines = GROUND_UNITS.filter((g) => g.side === 'allied')
  .slice(0, 3)
  .map((g) => g.id);

/** The Allies hold Guadalcanal with three units; a Japanese task force is at sea in the Slot. */
function shelling(box: 'day' | 'daynight' | 'night', phase: 'bombard-day' | 'bombard-night', ships = ['ijn-kongo', 'ijn-desdiv-4']): M {
  const m = newMatch('bombard');
  const s = m.game;
  s.fogLiftedFor = ['allied', 'japanese'];
  for (const u of s.units.values()) if (u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'guadalcanal') own(s, u.id).place = { at: 'pool' };
  for (const id of marines) own(s, id).place = { at: 'base', base: 'guadalcanal' };
  change(s, 'holder').guadalcanal = 'allied';
  putInGroup(m, J, 'SL', box, ships, 'g-jp');
  s.phase = phase;
  s.actor = J;
  s.engaged = [];
  return m;
}

describe('VI.F.1.h / VI.F.2.f shore bombardment', () => {
  test('VI.F.1.h: ships left holding the Slot by day may each bombard a Slot base once (Bombardment table), then are withdrawn at once', () => {
    const m = shelling('day', 'bombard-day');
    expect(choices(m, J)).toContainEqual({ type: 'bombard', ship: 'ijn-kongo', base: 'guadalcanal', target: 'ground', to: 'rabaul' });
    // A capital ship's 6 against ground units: 1 eliminated.
    const out = play(m, J, { type: 'bombard', ship: 'ijn-kongo', base: 'guadalcanal', target: 'ground', to: 'rabaul' }, [6]);
    expect(marines.filter((id) => m.game.units.of(id).place.at === 'destroyed')).toHaveLength(1);
    expect(m.game.units.of('ijn-kongo').place).toEqual({ at: 'base', base: 'rabaul' });
    // The bombarding ship is turned face up.
    expect(logFor(out.log, A).join('\n')).toMatch(/KONGO shells the ground units at Guadalcanal \(Henderson Field\) — rolled 6, 1 Allied unit eliminated/);
  });

  test('VI.F.1.h: only the side left in daylight control of the sea area bombards by day', () => {
    const m = shelling('day', 'bombard-day');
    putInGroup(m, A, 'SL', 'daynight', ['usn-quincy'], 'g-al');
    // Asked all the same (RULINGS VI.F.1.h: whether a side is asked tells nothing), with nothing to bombard.
    expect(choices(m, J)).toEqual([{ type: 'done' }]);
  });

  test('VI.F.1.h / VI.F.2.f: ships that fought a surface battle may not bombard', () => {
    const m = shelling('night', 'bombard-night');
    m.game.engaged = ['ijn-kongo'];
    expect(choices(m, J).map((a) => (a as { ship?: string }).ship)).not.toContain('ijn-kongo');
    expect(choices(m, J)).toContainEqual({ type: 'bombard', ship: 'ijn-desdiv-4', base: 'guadalcanal', target: 'ground' });
  });

  test('VI.F.2.f: at night unused Day and Night or Night Only ships may bombard, and stay at sea', () => {
    const m = shelling('night', 'bombard-night');
    play(m, J, { type: 'bombard', ship: 'ijn-kongo', base: 'guadalcanal', target: 'ground' }, [3]);
    expect(m.game.units.of('ijn-kongo').place).toEqual({ at: 'group', group: 'g-jp' });
    expect(choices(m, J).some((a) => a.type === 'bombard' && a.ship === 'ijn-kongo')).toBe(false);
  });
});

describe('VI.F.1.h: where the bombarding ships go, and which bases lie in the Slot', () => {
  // VI.F.1.h: "... may now make a 1-round naval shore bombardment of enemy land and land-based air units in the Slot or in
  // (or on the perimeter of) Port Moresby ... After doing so, they are immediately withdrawn."
  function allied(ships = ['usn-quincy'], box: 'day' | 'daynight' = 'day'): M {
    const m = newMatch('bombard-allied');
    m.game.fogLiftedFor = ['allied', 'japanese'];
    putInGroup(m, A, 'SL', box, ships, 'g-al');
    m.game.phase = 'bombard-day';
    // The Japanese have nothing at sea to bombard with: the Allies decide.
    m.game.actor = A;
    m.game.engaged = [];
    return m;
  }

  test('VI.F.1.h: the bombarding ship is withdrawn where its owner chooses — an Allied cruiser from the Slot to Australia', () => {
    const m = allied();
    expect(choices(m, A)).toContainEqual({ type: 'bombard', ship: 'usn-quincy', base: 'guadalcanal', target: 'ground', to: 'espiritu-santo' });
    play(m, A, { type: 'bombard', ship: 'usn-quincy', base: 'guadalcanal', target: 'ground', to: 'australia' }, [1]);
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'base', base: 'australia' });
  });

  test('VII.A "HD-ed and Slow ships cannot be \'withdrawn\' from a sea area (except at \'midnight\')" over VI.F.1.h "immediately withdrawn": a slow old battleship bombards by day and stays in its task force, and does not bombard again at night', () => {
    const m = allied(['usn-colorado'], 'daynight');
    const offered = choices(m, A).filter((a) => a.type === 'bombard' && a.ship === 'usn-colorado');
    // No place to go: it is not withdrawn (the Japanese hold Guadalcanal with ground units only).
    expect(offered).toEqual([{ type: 'bombard', ship: 'usn-colorado', base: 'guadalcanal', target: 'ground' }]);
    const out = play(m, A, { type: 'bombard', ship: 'usn-colorado', base: 'guadalcanal', target: 'ground' }, [3]);
    expect(m.game.units.of('usn-colorado').place).toEqual({ at: 'group', group: 'g-al' });
    expect(logFor(out.log, J).join('\n')).toMatch(/COLORADO is slow and may not be withdrawn \(VII\.A\): it stays in The Slot/);
    // VI.F.2: "Ships that have already engaged in daylight ... bombardment ... may not then engage in night-time bombardment."
    m.game.phase = 'bombard-night';
    expect(choices(m, A).some((a) => a.type === 'bombard' && a.ship === 'usn-colorado')).toBe(false);
  });

  test('VI.F.1.b / VII.A example: a bombarding ship withdrawn by day that was the last of its task force able to go leaves its slow ships abandoned — scuttled with no other task force there', () => {
    const m = allied(['usn-quincy', 'usn-transdiv-a'], 'daynight');
    const out = play(m, A, { type: 'bombard', ship: 'usn-quincy', base: 'guadalcanal', target: 'ground', to: 'australia' }, [1]);
    expect(m.game.units.of('usn-transdiv-a').place).toEqual({ at: 'sunk' });
    expect(logFor(out.log, J).join('\n')).toMatch(/No Allied task force is left to protect the 1 slow or heavily damaged piece left behind in The Slot/);
  });

  test('VI.F.1.h / VI.F.2.d: Rabaul is not in the Slot ("PT Boats are the only naval units that may be based in the Slot") and is not bombarded', () => {
    const m = allied();
    expect(m.game.units.values().some((u) => u.side === J && u.kind === 'air' && u.place.at === 'base' && u.place.base === 'rabaul')).toBe(true);
    expect(choices(m, A).some((a) => a.type === 'bombard' && a.base === 'rabaul')).toBe(false);
  });
});

describe('VI.F.2.d PT boats', () => {
  function pts(): M {
    const m = newMatch('pt');
    const s = m.game;
    s.fogLiftedFor = ['allied', 'japanese'];
    own(s, 'usn-pt-mtbron3-a').place = { at: 'slot' };
    putInGroup(m, J, 'SL', 'night', ['ijn-desdiv-4', 'ijn-trdiv-3'].slice(0, 1), 'g-jp');
    s.phase = 'pt-boats';
    s.actor = A;
    s.engaged = [];
    return m;
  }

  test('VI.F.2.d: PT boats attack a Japanese ship in the Slot at night, chosen blindly; a hit turns it up', () => {
    const m = pts();
    expect(choices(m, A)).toEqual([{ type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(m, 'ijn-desdiv-4') }, { type: 'done' }]);
    // 5 on the DD column: HD.
    const out = play(m, A, { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(m, 'ijn-desdiv-4') }, [5]);
    expect(logFor(out.log, A).join('\n')).toMatch(/DesDiv 4 — HD/);
    expect(m.game.units.of('usn-pt-mtbron3-a').place).toEqual({ at: 'slot' });
  });

  test('VI.F.2.d: at night PT boats are sunk only by their own roll of 1', () => {
    const m = pts();
    play(m, A, { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(m, 'ijn-desdiv-4') }, [1]);
    expect(m.game.units.of('usn-pt-mtbron3-a').place).toEqual({ at: 'destroyed' });
    expect(m.game.units.of('ijn-desdiv-4').damage).toBeNull();
  });
});
