/** VI.F.2.g: ground combat and control, through the real ground-combat flow with scripted dice. */
import { GROUND_UNITS } from '../../../src/games/ssj/data';
import { advance, choices, newMatch, type M } from './helpers';
import { play } from './battle-helpers';
import { addGroup } from '../../../src/games/ssj/groups';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';
import type { LogEntry } from '../../../src/engine';

const alliedGround = GROUND_UNITS.filter((g) => g.side === 'allied').map((g) => g.id);
const japaneseGround = GROUND_UNITS.filter((g) => g.side === 'japanese').map((g) => g.id);

/** `allied` and `japanese` ground units at Guadalcanal (held by the Japanese), everything else away; the ground-combat phase begins. */
function henderson(allied: number, japanese: number, air: string[] = []): { m: M; a: string[]; j: string[] } {
  const m = newMatch('ground');
  const s = m.game;
  s.fogLiftedFor = ['allied', 'japanese'];
  // Away too: the Japanese at Buna, whose advance over the Kokoda Trail (VI.G) would come first.
  for (const u of s.units.values()) if (u.kind === 'ground' && u.place.at === 'base' && ['guadalcanal', 'buna'].includes(u.place.base)) own(s, u.id).place = { at: 'pool' };
  const a = alliedGround.slice(0, allied);
  const j = japaneseGround.slice(0, japanese);
  for (const id of [...a, ...j]) own(s, id).place = { at: 'base', base: 'guadalcanal' };
  for (const id of air) own(s, id).place = { at: 'base', base: 'guadalcanal' };
  change(s, 'holder').guadalcanal = 'japanese';
  s.phase = 'ground-combat';
  // The Australians at Port Moresby have passed on the advance to the emptied, Japanese-held Buna (VI.G note).
  s.groundDone = ['kokoda/allied'];
  s.actor = 'japanese';
  return { m, a, j };
}

/**
 * The units of `ids` that came out of the ground combat alive: at the base still, or lost afterwards in the supply
 * step that follows it with no decision (VI.G: half of an unsupplied group, which Guadalcanal's is here).
 */
const at = (m: M, ids: string[], log: LogEntry[] = []) => {
  const outOfSupply = new Set(log.filter((e) => /^Out of supply at /.test(e.text)).flatMap((e) => (e.data?.['units'] as string[] | undefined) ?? []));
  return ids.filter((id) => m.game.units.of(id).place.at === 'base' || outOfSupply.has(id));
};

describe('VI.F.2.g.1 ground combat', () => {
  test('VI.F.2.g.1: the Japanese player decides first whether to attack, risking as many of his units as he likes', () => {
    const { m } = henderson(4, 2);
    expect(m.game.actor).toBe('japanese');
    expect(choices(m, 'japanese')).toEqual([
      { type: 'ground-attack', base: 'guadalcanal', units: 1 },
      { type: 'ground-attack', base: 'guadalcanal', units: 2 },
      { type: 'ground-pass', base: 'guadalcanal' },
    ]);
    expect(choices(m, 'allied')).toEqual([]);
    play(m, 'japanese', { type: 'ground-pass', base: 'guadalcanal' });
    expect(m.game.actor).toBe('allied');
    expect(choices(m, 'allied')).toHaveLength(5);
  });

  // The text's example: an Allied player risks 3 of his 4 units against 2 Japanese units defending Henderson Field.
  test.each([
    [6, 3, 0, 'allied', 'a 6: the Japanese units are eliminated at a cost of only 1 Allied unit, and the survivors take the airfield'],
    [5, 2, 0, 'allied', 'a 5: the Japanese units are eliminated at a cost of 2 Allied units'],
    [4, 2, 0, 'allied', 'a 4: the Japanese units are eliminated at a cost of 2 Allied units'],
    [3, 1, 0, 'allied', 'a 3: all 3 Allied units and both Japanese units are lost; the uninvolved Allied unit takes the airfield'],
    [2, 1, 1, 'japanese', 'a 2: all 3 Allied units are lost but only 1 Japanese unit, which keeps the airfield'],
    [1, 1, 1, 'japanese', 'a 1: all 3 Allied units are lost but only 1 Japanese unit, which keeps the airfield'],
  ])('VI.F.2.g.1 Henderson Field example, die %i: %i Allied and %i Japanese units left, airfield held by %s (%s)', (die, alliedLeft, japaneseLeft, holder) => {
    const { m, a, j } = henderson(4, 2);
    play(m, 'japanese', { type: 'ground-pass', base: 'guadalcanal' });
    const out = play(m, 'allied', { type: 'ground-attack', base: 'guadalcanal', units: 3 }, [die]);
    expect(out.log.find((e) => /Ground combat at/.test(e.text))!.text).toMatch(/column 3:2/);
    expect(at(m, a, out.log)).toHaveLength(alliedLeft);
    expect(at(m, j, out.log)).toHaveLength(japaneseLeft);
    expect(m.game.holder.guadalcanal).toBe(holder);
    // The uninvolved fourth unit is never lost in the combat.
    expect(at(m, [a[3]!], out.log)).toEqual([a[3]]);
  });

  test('VI.F.2.g.1: an attacker who cannot cover even one defender loses every risked unit for nothing', () => {
    const { m, a, j } = henderson(1, 3);
    play(m, 'japanese', { type: 'ground-pass', base: 'guadalcanal' });
    // 1:3 column, die 1: 4 attackers per defender — one risked unit covers none.
    const out = play(m, 'allied', { type: 'ground-attack', base: 'guadalcanal', units: 1 }, [1]);
    expect(at(m, a, out.log)).toHaveLength(0);
    expect(at(m, j, out.log)).toHaveLength(3);
  });

  test('VI.F.2.g.1: at least one attacking unit is always lost', () => {
    const { m, a, j } = henderson(6, 1);
    play(m, 'japanese', { type: 'ground-pass', base: 'guadalcanal' });
    const out = play(m, 'allied', { type: 'ground-attack', base: 'guadalcanal', units: 6 }, [6]);
    expect(at(m, j, out.log)).toHaveLength(0);
    expect(at(m, a, out.log)).toHaveLength(5);
  });

  test('VI.F.2.g.2.a: when the last defender falls, enemy air units at the base are destroyed and the airfield changes hands', () => {
    const { m } = henderson(4, 1);
    const zero = m.game.units.values().find((u) => u.kind === 'air' && u.side === 'japanese')!;
    own(m.game, zero.id).place = { at: 'base', base: 'guadalcanal' };
    play(m, 'japanese', { type: 'ground-pass', base: 'guadalcanal' });
    play(m, 'allied', { type: 'ground-attack', base: 'guadalcanal', units: 4 }, [6]);
    expect(m.game.holder.guadalcanal).toBe('allied');
    expect(m.game.units.of(zero.id).place).toEqual({ at: 'destroyed' });
    expect(m.game.phase).not.toBe('ground-combat');
  });

  test('VI.F.2.g.1: a Japanese attack that clears the base leaves the Allies nothing to decide', () => {
    const { m } = henderson(1, 4);
    play(m, 'japanese', { type: 'ground-attack', base: 'guadalcanal', units: 4 }, [6]);
    expect(m.game.phase).not.toBe('ground-combat');
    expect(m.game.holder.guadalcanal).toBe('japanese');
  });
});

describe('VI.F.1.g daylight landings', () => {
  function convoy(damage: null | 'D' = null): M {
    const m = newMatch('landing');
    const s = m.game;
    s.fogLiftedFor = ['allied', 'japanese'];
    const troops = japaneseGround.slice(3, 6);
    for (const id of troops) own(s, id).place = { at: 'aboard', ship: 'ijn-trdiv-1' };
    addGroup(s, { id: 'g-jp', side: 'japanese', area: 'SL', box: 'daynight', ships: ['ijn-trdiv-1'] });
    own(s, 'ijn-trdiv-1').place = { at: 'group', group: 'g-jp' };
    own(s, 'ijn-trdiv-1').damage = damage;
    s.phase = 'day-landings';
    s.actor = 'japanese';
    s.dayLanded = [];
    return m;
  }

  test('VI.F.1.g: each undamaged transport division may land one troop unit by day; the rest land at night', () => {
    const m = convoy();
    expect(choices(m, 'japanese')).toContainEqual({ type: 'land', ship: 'ijn-trdiv-1', base: 'guadalcanal' });
    play(m, 'japanese', { type: 'land', ship: 'ijn-trdiv-1', base: 'guadalcanal' });
    const aboard = m.game.units.values().filter((u) => u.place.at === 'aboard' && u.place.ship === 'ijn-trdiv-1');
    expect(aboard).toHaveLength(2);
    // One landing by day per division: after the withdrawal steps of the day (VI.F.1), the night's landings (VI.F.2.e) take the rest.
    expect(m.game.phase).toBe('withdrawal');
    const night = advance(m, (x) => x.game.phase === 'combat');
    expect(choices(night, 'japanese')).toContainEqual({ type: 'land', ship: 'ijn-trdiv-1', base: 'guadalcanal' });
  });

  test('VI.F.1.g: a damaged transport division lands nothing by day', () => {
    const m = convoy('D');
    expect(choices(m, 'japanese')).toEqual([]);
  });
});

describe('VI.G note: the Kokoda Trail', () => {
  // VI.G: "NOTE: While units may advance over the Kokoda Trail from one base to attack another, the trail is not a supply
  // line. Japanese units which have taken Port Moresby, for example, can only trace a supply line through the Coral Sea."
  const BUNA = ['ija-1-144', 'ija-15-engineer'];
  const MORESBY = ['aus-39', 'aus-53', 'aus-49'];

  /** The set-up's New Guinea garrisons (Japanese at Buna, Australians at Port Moresby), the ground-combat phase begins. */
  function newGuinea(moresby: string[] = MORESBY): M {
    const m = newMatch('kokoda');
    const s = m.game;
    s.fogLiftedFor = ['allied', 'japanese'];
    for (const id of MORESBY) if (!moresby.includes(id)) own(s, id).place = { at: 'pool' };
    s.phase = 'ground-combat';
    s.groundDone = [];
    s.actor = 'japanese';
    return m;
  }

  test('VI.G note: units may advance over the Kokoda Trail from Buna to attack Port Moresby, and fight there', () => {
    const m = newGuinea();
    for (const id of BUNA) expect(m.game.units.of(id).place).toEqual({ at: 'base', base: 'buna' });
    expect(choices(m, 'japanese')).toEqual([
      { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 1 },
      { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 2 },
      { type: 'ground-pass', base: 'buna' },
    ]);
    play(m, 'japanese', { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 2 });
    for (const id of BUNA) expect(m.game.units.of(id).place).toEqual({ at: 'base', base: 'port-moresby' });
    // Buna is now empty of Japanese units but still Japanese-held: the Australians may advance on it ("to attack another"), and pass.
    expect(m.game.actor).toBe('allied');
    expect(choices(m, 'allied')).toContainEqual({ type: 'ground-advance', from: 'port-moresby', to: 'buna', units: 1 });
    play(m, 'allied', { type: 'ground-pass', base: 'port-moresby' });
    // Port Moresby is contested.
    expect(m.game.actor).toBe('japanese');
    expect(choices(m, 'japanese')).toContainEqual({ type: 'ground-attack', base: 'port-moresby', units: 2 });
    const out = play(m, 'japanese', { type: 'ground-attack', base: 'port-moresby', units: 2 }, [6]);
    expect(out.log.map((e) => e.text).join('\n')).toMatch(/Ground combat at Port Moresby: the Japanese player risks 2 units against 3/);
  });

  test('VI.G note: the Australians at Port Moresby may advance over the trail to attack Buna, after the Japanese decide', () => {
    const m = newGuinea();
    play(m, 'japanese', { type: 'ground-pass', base: 'buna' });
    expect(m.game.actor).toBe('allied');
    expect(choices(m, 'allied')).toContainEqual({ type: 'ground-advance', from: 'port-moresby', to: 'buna', units: 3 });
    play(m, 'allied', { type: 'ground-advance', from: 'port-moresby', to: 'buna', units: 1 });
    expect(m.game.units.of('aus-39').place).toEqual({ at: 'base', base: 'buna' });
    // Buna is contested now: the Japanese decide first whether to attack there.
    expect(m.game.actor).toBe('japanese');
    expect(choices(m, 'japanese')).toContainEqual({ type: 'ground-attack', base: 'buna', units: 2 });
  });

  test('VI.G note: units "may advance over the Kokoda Trail from one base to attack another" — a Port Moresby held by Allied air units alone is attacked and taken, its air units destroyed (VI.F.2.g.2.a)', () => {
    const m = newGuinea([]);
    const air = ['usn-35th-fg', 'usn-raaf-75'];
    for (const id of air) expect(m.game.units.of(id).place).toEqual({ at: 'base', base: 'port-moresby' });
    expect(choices(m, 'japanese')).toEqual([
      { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 1 },
      { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 2 },
      { type: 'ground-pass', base: 'buna' },
    ]);
    const out = play(m, 'japanese', { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 1 });
    // No Allied ground unit to fight: "If any friendly units are left, after all enemy ground units are eliminated from an
    // island (air) base ... any enemy air units based there are also destroyed, too, and the airfield changes to friendly control".
    expect(m.game.holder['port-moresby']).toBe('japanese');
    for (const id of air) expect(m.game.units.of(id).place).toEqual({ at: 'destroyed' });
    expect(out.log.map((e) => e.text).join('\n')).toMatch(/Port Moresby is now held by the Japanese player/);
  });

  test('VI.G note: no advance is offered against a New Guinea base the side itself holds with no enemy ground units there', () => {
    const m = newGuinea([]);
    change(m.game, 'holder')['port-moresby'] = 'japanese';
    expect(choices(m, 'japanese')).toEqual([]);
  });

  test('VI.G note: the trail is not a supply line — Japanese units that took Port Moresby over it trace supply only through the Coral Sea', () => {
    const m = newGuinea(['aus-39']);
    play(m, 'japanese', { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 2 });
    play(m, 'allied', { type: 'ground-pass', base: 'port-moresby' });
    // 2:1 with a 6: the Australian battalion is eliminated, one Japanese unit lost; Port Moresby is taken.
    const out = play(m, 'japanese', { type: 'ground-attack', base: 'port-moresby', units: 2 }, [6]);
    const text = out.log.map((e) => e.text).join('\n');
    expect(text).toMatch(/rolls 6: 1 attacker and 1 defender lost/);
    expect(m.game.holder['port-moresby']).toBe('japanese');
    // Supply follows at once (the Allies have no aerial supply to designate). No Japanese ship in the Coral Sea, and
    // Buna's supply does not reach down the trail: the surviving unit is half its group, rounded up — lost.
    expect(text).toMatch(/Supply \(VI.G\): 1 Japanese ground unit is eliminated out of supply at Port Moresby/);
    expect(BUNA.filter((id) => m.game.units.of(id).place.at === 'base')).toHaveLength(0);
  });
});
