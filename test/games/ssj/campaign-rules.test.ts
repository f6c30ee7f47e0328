/** The rules of the campaign (V, VI.A–VI.I, VII.A, IV), each with the dice it needs. */
import { RuleError, type LogEntry } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { resolveSupply } from '../../../src/games/ssj/phases/supply';
import { applyEarly } from '../../../src/games/ssj/phases/early-activation';
import { applySub, subChoices } from '../../../src/games/ssj/phases/submarines';
import { resolveDamage, hitShip } from '../../../src/games/ssj/damage';
import { rollDetection } from '../../../src/games/ssj/detection';
import { rollVolcano, scoreObjectives } from '../../../src/games/ssj/volcano';
import { updateControl } from '../../../src/games/ssj/control';
import { viewFor } from '../../../src/games/ssj/view';
import { scoreFor } from '../../../src/games/ssj/victory';
import { act, advance, choices, ctxWith, done, freshMatch, newMatch, putInGroup, type M } from './helpers';

const place = (m: M, id: string) => m.game.units[id]!.place;

describe('V: the special first turn', () => {
  test('V: without early activation, Japanese air and ground units at Truk may not move on AugI', () => {
    let m = freshMatch();
    m = act(m, 'japanese', { type: 'early-activation', roll: false });
    m = advance(m, (x) => x.game.phase === 'japanese-deployment');
    const c = choices(m, 'japanese');
    expect(c.some((a) => a.type === 'load' && a.unit === 'ija-ichiki-1')).toBe(false);
    // Rabaul's troops may embark.
    expect(c.some((a) => a.type === 'load' && a.unit === 'ija-2-144')).toBe(true);
  });

  test('V: early activation succeeds on a 50% roll (4–6): Truk forces may move, and the Allies get 5 VP', () => {
    const m = freshMatch();
    const s = m.game;
    applyEarly(s, { type: 'early-activation', roll: true }, ctxWith([5]));
    expect(s.early).toEqual({ rolled: true, success: true });
    expect(s.vp.allied).toBe(5);
    s.phase = 'allied-reinforcements';
    s.actor = 'allied';
    const m2 = advance({ ...m, game: s }, (x) => x.game.phase === 'japanese-deployment');
    expect(choices(m2, 'japanese').some((a) => a.type === 'load' && a.unit === 'ija-ichiki-1')).toBe(true);
  });

  test('V: a failed early-activation roll (1–3) changes nothing and costs nothing', () => {
    const s = freshMatch().game;
    applyEarly(s, { type: 'early-activation', roll: true }, ctxWith([3]));
    expect(s.early).toEqual({ rolled: true, success: false });
    expect(s.vp.allied).toBe(0);
  });
});

describe('VI.A reinforcements', () => {
  test('VI.A: the Allied player chooses on AugI the cruiser and the other ship that arrive on AugII', () => {
    let m = freshMatch();
    m = act(m, 'japanese', { type: 'early-activation', roll: false });
    expect(m.game.phase).toBe('allied-reinforcements');
    m = act(m, 'allied', { type: 'pick', slot: 'cruiser', ship: 'usn-northampton' });
    m = act(m, 'allied', { type: 'pick', slot: 'other', ship: 'usn-hornet' });
    // A cruiser is not an "other" ship, nor may the same ship fill both slots.
    expect(choices(m, 'allied').some((a) => a.type === 'pick' && a.slot === 'other' && a.ship === 'usn-pensacola')).toBe(false);
    m = act(m, 'allied', done);
    m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'allied-reinforcements');
    const arriving = Object.values(m.game.units)
      .filter((u) => u.arriving)
      .map((u) => u.id);
    expect(arriving).toEqual(expect.arrayContaining(['usn-northampton', 'usn-hornet', 'usn-desdiv-1', 'aus-2-14', 'aus-2-16', 'aus-2-27', 'aus-2-10', 'usn-vmf-223']));
    expect(arriving).not.toContain('usn-desdiv-2');
    // US carriers enter with their full complement of aircraft.
    expect(Object.values(m.game.units).filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-hornet')).toHaveLength(3);
    // Each is placed at Espiritu Santo or Australia by the Allied player, before the phase can close.
    expect(
      choices(m, 'allied')
        .filter((a) => a.type === 'place' && a.unit === 'usn-northampton')
        .map((a) => (a as { base: string }).base),
    ).toEqual(['espiritu-santo', 'australia']);
    expect(choices(m, 'allied').some((a) => a.type === 'done')).toBe(false);
    m = act(m, 'allied', { type: 'place', unit: 'usn-northampton', base: 'australia' });
    expect(place(m, 'usn-northampton')).toEqual({ at: 'base', base: 'australia' });
  });

  test('VI.A: the destroyer divisions come in numerical order, one a turn', () => {
    let m = advance(freshMatch(), (x) => x.game.turn === 2 && x.game.phase === 'japanese-deployment');
    expect(place(m, 'usn-desdiv-1').at).toBe('base');
    expect(place(m, 'usn-desdiv-2').at).toBe('base');
    expect(place(m, 'usn-desdiv-3')).toEqual({ at: 'pool' });
    m = advance(m, (x) => x.game.turn === 3 && x.game.phase === 'japanese-deployment');
    expect(place(m, 'usn-desdiv-3').at).toBe('base');
  });

  test('VI.A: Japanese reinforcements enter at Truk from the calendar; Japanese carriers enter without aircraft', () => {
    const m = advance(freshMatch(), (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
    expect(place(m, 'ijn-shokaku')).toEqual({ at: 'base', base: 'truk' });
    expect(Object.values(m.game.units).filter((u) => u.place.at === 'aboard' && u.place.ship === 'ijn-shokaku')).toHaveLength(0);
  });

  test('VI.A: destroyed air and ground units come back as reinforcements the next turn; ships never do', () => {
    let m = newMatch();
    const g = m.game;
    g.units['ija-2-144']!.place = { at: 'destroyed' };
    g.units['ijn-chokai']!.place = { at: 'sunk' };
    m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
    expect(place(m, 'ija-2-144')).toEqual({ at: 'base', base: 'truk' });
    expect(place(m, 'ijn-chokai')).toEqual({ at: 'sunk' });
  });
});

describe('VI.B deployment of troops and recon', () => {
  test('VI.B note: a transport division carries up to 3 ground units, a cruiser or destroyer division only 1', () => {
    let m = newMatch();
    for (const g of ['ija-2-144', 'ija-3-144', 'ija-1-41']) m = act(m, 'japanese', { type: 'load', unit: g, ship: 'ijn-trdiv-1' });
    expect(choices(m, 'japanese').some((a) => a.type === 'load' && a.ship === 'ijn-trdiv-1')).toBe(false);
    m = act(m, 'japanese', { type: 'load', unit: 'ija-2-41', ship: 'ijn-chokai' });
    expect(choices(m, 'japanese').some((a) => a.type === 'load' && a.ship === 'ijn-chokai')).toBe(false);
    expect(() => act(m, 'japanese', { type: 'load', unit: 'ija-kure-5-snlf', ship: 'ijn-chokai' })).toThrow(RuleError);
    expect(() => act(m, 'japanese', { type: 'load', unit: 'ija-kure-5-snlf', ship: 'ijn-i-121' })).toThrow(RuleError);
  });

  test("VI.B: Betty units fly recon over any sea area; short-range air only over its own base's area", () => {
    const m = newMatch();
    const c = choices(m, 'japanese');
    const areas = (unit: string) => c.filter((a) => a.type === 'recon' && a.unit === unit).map((a) => (a as { area: string }).area);
    expect(areas('ijn-4th-ku')).toEqual(['SP', 'SL', 'CS']);
    expect(areas('jaaf-tainan-ku')).toEqual(['SL']);
  });

  // VI.F.2.e landings: landings-and-first-turn.test.ts.
});

describe('VI.D submarine attacks', () => {
  function withSub(box: 'day' | 'night', targets: string[]): M {
    const m = newMatch();
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121'], 'g-sub');
    putInGroup(m, 'allied', 'SL', box, targets, 'g-target');
    m.game.fogLiftedFor = ['allied', 'japanese'];
    m.game.phase = 'submarines';
    m.game.actor = 'japanese';
    return m;
  }

  test('VI.D: a "Day Only" target group is turned face up for the sub\'s owner, who picks the ship', () => {
    const m = withSub('day', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    expect(subChoices(s, 'japanese')).toEqual([
      { type: 'sub-target', ship: 'usn-chicago' },
      { type: 'sub-target', ship: 'usn-quincy' },
    ]);
    const faces = Object.values(viewFor(s, 'japanese').sides.allied.faces)
      .map((f) => f.id)
      .sort();
    expect(faces).toEqual(['usn-chicago', 'usn-quincy']);
    // Not for the spectator.
    expect(viewFor(s, 'spectator').sides.allied.faces).toEqual({});
  });

  test('VI.D: a "Night Only" target is chosen blindly and resolved in secret — the result goes to the ship\'s owner only', () => {
    const m = withSub('night', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    const blind = subChoices(s, 'japanese');
    expect(blind.every((a) => a.type === 'sub-target' && a.piece && !a.ship)).toBe(true);
    expect(viewFor(s, 'japanese').sides.allied.faces).toEqual({});
    const chicago = s.tags['usn-chicago']!;
    const out = applySub(s, 'japanese', { type: 'sub-target', piece: chicago }, ctxWith([6]));
    const toJapanese = out.log.filter((e) => e.to === 'public' || e.to.includes('japanese'));
    expect(JSON.stringify(toJapanese)).not.toMatch(/CHICAGO|usn-chicago|sunk|HD/);
    const toAllied = out.log.filter((e) => e.to !== 'public' && e.to.includes('allied'));
    expect(toAllied[0]!.text).toContain('CHICAGO');
  });

  test('VI.D: on a roll of 1 the sub is sunk instead if a destroyer is in the target group', () => {
    const m = withSub('day', ['usn-chicago', 'usn-desron-4']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(s, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([1]));
    expect(s.units['ijn-i-121']!.place).toEqual({ at: 'sunk' });
    expect(s.units['usn-chicago']!.damage).toBeNull();
  });

  test('VI.D: without a destroyer, a 1 simply misses', () => {
    const m = withSub('day', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(s, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([1]));
    expect(s.units['ijn-i-121']!.place.at).toBe('group');
    expect(s.units['usn-chicago']!.damage).toBeNull();
  });

  test('VI.D: a Japanese sub is also sunk on a 2 with two destroyers, or a destroyer and a carrier, in the group', () => {
    for (const group of [
      ['usn-chicago', 'usn-desron-4', 'usn-desron-1'],
      ['usn-wasp', 'usn-desron-4'],
    ]) {
      const m = withSub('day', group);
      const s = m.game;
      applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
      applySub(s, 'japanese', { type: 'sub-target', ship: group[0]! }, ctxWith([2]));
      expect(s.units['ijn-i-121']!.place).toEqual({ at: 'sunk' });
    }
    // With one destroyer and no carrier, a 2 does not sink it.
    const m = withSub('day', ['usn-chicago', 'usn-desron-4']);
    applySub(m.game, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(m.game, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([2]));
    expect(m.game.units['ijn-i-121']!.place.at).toBe('group');
  });

  test('VI.D: an Allied sub is not sunk on a 2 (that is for Japanese subs only)', () => {
    const m = newMatch();
    putInGroup(m, 'allied', 'CS', 'night', ['usn-s-38'], 'g-sub');
    putInGroup(m, 'japanese', 'CS', 'day', ['ijn-chokai', 'ijn-desdiv-29', 'ijn-desdiv-30'], 'g-target');
    const s = m.game;
    applySub(s, 'allied', { type: 'sub-attack', sub: 'usn-s-38', group: 'g-target' }, ctxWith([]));
    applySub(s, 'allied', { type: 'sub-target', ship: 'ijn-chokai' }, ctxWith([2]));
    expect(s.units['usn-s-38']!.place.at).toBe('group');
  });

  test('VI.D note: a sub-damaged ship returns at once "to base (or to the back-to-Truk holding box)", where its owner picks', () => {
    const m = withSub('day', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(s, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([5]));
    const u = s.units['usn-chicago']!;
    expect(u.damage).not.toBeNull();
    // From the Slot the Allies may go home to Espiritu Santo or Australia (VI.H): the owner picks, before the attacker goes on.
    expect(subChoices(s, 'allied')).toEqual([
      { type: 'return', ship: 'usn-chicago', to: 'espiritu-santo' },
      { type: 'return', ship: 'usn-chicago', to: 'australia' },
    ]);
    expect(subChoices(s, 'japanese')).toEqual([]);
    applySub(s, 'allied', { type: 'return', ship: 'usn-chicago', to: 'australia' }, ctxWith([]));
    expect(u.place).toEqual({ at: 'base', base: 'australia' });
    expect(s.groups['g-target']!.ships).toEqual(['usn-quincy']);
  });
});

describe('VII.A damage', () => {
  function damaged(kind: 'D' | 'HD', id = 'usn-chicago'): M {
    const m = newMatch();
    const u = m.game.units[id]!;
    u.damage = kind;
    u.damagedIn = 'SL';
    return m;
  }

  test('VII.A: a D ship is out of the game for the roll + 1 turns', () => {
    const m = damaged('D');
    const log = resolveDamage(m.game, ctxWith([3]));
    expect(m.game.units['usn-chicago']!.place).toEqual({ at: 'repair', until: 0 + 3 + 1 + 1, base: 'australia' });
    expect(log[0]!.to).toEqual(['allied']);
  });

  test('VII.A: an HD ship is out for twice the roll', () => {
    const m = damaged('HD');
    resolveDamage(m.game, ctxWith([4]));
    expect(m.game.units['usn-chicago']!.place).toMatchObject({ at: 'repair', until: 0 + 8 + 1 });
  });

  test('VII.A: an HD ship always sinks on a 6 — in secret: the log goes to its owner alone, and what it carried goes ashore before the roll, so the other side cannot tell a sinking from a repair', () => {
    const resolved = (die: number) => {
      const m = damaged('HD', 'ijn-trdiv-1');
      m.game.units['ija-2-144']!.place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      const log = resolveDamage(m.game, ctxWith([die]));
      return { s: m.game, log };
    };
    const sunk = resolved(6);
    const repaired = resolved(1);
    expect(sunk.s.units['ijn-trdiv-1']!.place).toEqual({ at: 'sunk' });
    expect(repaired.s.units['ijn-trdiv-1']!.place.at).toBe('repair');
    // The roll and its result go to the owner alone; the one public entry (what came ashore, before the roll) is the same either way.
    const open = (log: LogEntry[]) => log.filter((e) => e.to === 'public' || e.to.includes('allied'));
    expect(open(sunk.log)).toEqual([{ to: 'public', text: '1 Japanese unit comes ashore at Rabaul from damaged ships (VII.A).' }]);
    expect(open(repaired.log)).toEqual(open(sunk.log));
    // RULING (VII.A "sinks (secretly)"): the troops are ashore at the ship's base either way.
    for (const w of [sunk, repaired]) expect(w.s.units['ija-2-144']!.place).toEqual({ at: 'base', base: 'rabaul' });
    for (const v of ['allied', 'spectator']) expect(JSON.stringify(viewFor(sunk.s, v))).toBe(JSON.stringify(viewFor(repaired.s, v)));
    expect(scoreFor(sunk.s, 'japanese').allied).toBe(0);
  });

  test('VII.A: an HD ship sinks on a 5 too where an active enemy land air base with an air unit is attached to the sea area', () => {
    const m = damaged('HD');
    // Rabaul (Japanese, with air units) is attached to the Slot.
    resolveDamage(m.game, ctxWith([5]));
    expect(m.game.units['usn-chicago']!.place).toEqual({ at: 'sunk' });
    const m2 = damaged('HD');
    m2.game.units['usn-chicago']!.damagedIn = 'SP';
    resolveDamage(m2.game, ctxWith([5]));
    expect(m2.game.units['usn-chicago']!.place.at).toBe('repair');
  });

  test('VII.A: a transport division loses 1 troop unit on a D, 2 on an HD, all 3 when sunk', () => {
    for (const [result, lost] of [
      ['D', 1],
      ['HD', 2],
      ['sunk', 3],
    ] as const) {
      const m = newMatch();
      const s = m.game;
      for (const g of ['ija-2-144', 'ija-3-144', 'ija-1-41']) s.units[g]!.place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      hitShip(s, s.units['ijn-trdiv-1']!, result, 'SL', 'test');
      expect(['ija-2-144', 'ija-3-144', 'ija-1-41'].filter((g) => s.units[g]!.place.at === 'destroyed')).toHaveLength(lost);
    }
  });

  test('VII.A: a carrier with a D loses 1 air unit aboard and 1 of capacity; an HD destroys all its air and capacity', () => {
    const m = newMatch();
    const s = m.game;
    hitShip(s, s.units['usn-wasp']!, 'D', 'SP', 'test');
    expect(s.units['usn-wasp']!.capacity).toBe(2);
    expect(Object.values(s.units).filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-wasp')).toHaveLength(2);
    hitShip(s, s.units['usn-saratoga']!, 'HD', 'SP', 'test');
    expect(s.units['usn-saratoga']!.capacity).toBe(0);
    expect(Object.values(s.units).filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-saratoga')).toHaveLength(0);
  });
});

describe('VI.E detection', () => {
  test("VI.E: each side rolls per sea area; the roll and its modifiers are the roller's, the outcome is public", () => {
    const m = newMatch();
    const log = rollDetection(m.game, ctxWith([1, 1, 1, 6, 6, 6]));
    expect(m.game.detection.allied).toEqual({ SP: false, SL: false, CS: false });
    expect(m.game.detection.japanese).toEqual({ SP: true, SL: true, CS: true });
    expect(log.filter((e) => e.to === 'public')).toHaveLength(6);
    expect(log.filter((e) => e.to !== 'public' && e.to.includes('allied'))).toHaveLength(3);
  });

  test('VI.E: recon units and Magic add to the Allied roll', () => {
    const m = newMatch();
    const s = m.game;
    // Allies in the Slot with the Japanese holding Guadalcanal and Bougainville need 4.
    s.units['usaaf-26th-bs']!.place = { at: 'recon', area: 'SL', base: 'espiritu-santo' };
    // Dice in order: Allied SP, SL, CS, then Japanese SP, SL, CS.
    rollDetection(s, ctxWith([6, 2, 6, 6, 6, 6]));
    expect(s.detection.allied.SL).toBe(false); // 2 + 1 = 3 < 4
    s.magic.rolls.push({ turn: s.turn, numbers: [1, 2, 3], die: 1, success: true });
    rollDetection(s, ctxWith([2, 2, 2, 6, 6, 6]));
    expect(s.detection.allied.SL).toBe(true); // 2 + 1 + 1 = 4
  });
});

describe('VI.G supply', () => {
  test('VI.G: half of an unsupplied ground group (rounded up) is eliminated; air units are never lost to supply', () => {
    const m = newMatch();
    const s = m.game;
    for (const g of ['usmc-1-1', 'usmc-2-1', 'usmc-3-1']) s.units[g]!.place = { at: 'base', base: 'guadalcanal' };
    s.units['usn-vmf-223']!.place = { at: 'base', base: 'guadalcanal' };
    const log = resolveSupply(s);
    expect(['usmc-1-1', 'usmc-2-1', 'usmc-3-1'].filter((g) => s.units[g]!.place.at === 'destroyed')).toHaveLength(2);
    expect(s.units['usn-vmf-223']!.place.at).toBe('base');
    expect(log.some((e) => e.to === 'public' && e.text.includes('2 Allied ground units are eliminated out of supply at Guadalcanal'))).toBe(true);
  });

  test('VI.G: a side controlling the sea area by day or by night keeps its island units in supply', () => {
    const m = newMatch();
    const s = m.game;
    for (const g of ['usmc-1-1', 'usmc-2-1']) s.units[g]!.place = { at: 'base', base: 'guadalcanal' };
    putInGroup(m, 'allied', 'SL', 'night', ['usn-chicago']);
    resolveSupply(s);
    expect(s.units['usmc-1-1']!.place.at).toBe('base');
    expect(s.units['usmc-2-1']!.place.at).toBe('base');
  });

  test('VI.G: units in home bases are always in supply; Port Moresby is no home base', () => {
    const s = newMatch().game;
    const home = ['espiritu-santo', 'australia', 'truk', 'rabaul', 'buna'];
    const atHome = Object.values(s.units)
      .filter((u) => u.kind === 'ground' && u.place.at === 'base' && home.includes(u.place.base))
      .map((u) => u.id);
    resolveSupply(s);
    expect(atHome.filter((id) => s.units[id]!.place.at === 'destroyed')).toEqual([]);
    // The three Australian battalions at Port Moresby, with no Allied ship in the Coral Sea: two are lost.
    expect(['aus-39', 'aus-53', 'aus-49'].filter((id) => s.units[id]!.place.at === 'destroyed')).toHaveLength(2);
  });

  test('VI.G aerial supply: each B-17 keeps 3 ground units in supply on its route', () => {
    const m = newMatch();
    const s = m.game;
    for (const g of ['usmc-1-1', 'usmc-2-1', 'usmc-3-1', 'usmc-1-5']) s.units[g]!.place = { at: 'base', base: 'guadalcanal' };
    s.airSupply['usaaf-26th-bs'] = 'guadalcanal';
    resolveSupply(s);
    // 3 supplied by the B-17; the fourth alone is out of supply: half of 1, rounded up.
    expect(['usmc-1-1', 'usmc-2-1', 'usmc-3-1', 'usmc-1-5'].filter((g) => s.units[g]!.place.at === 'destroyed')).toHaveLength(1);
  });
});

describe('VI.F.2.g.2 control, VI.I volcano, IV objectives', () => {
  test("VI.F.2.g.2.a: a base where only one side's ground units are left is its, and enemy air units there are destroyed", () => {
    const m = newMatch();
    const s = m.game;
    s.units['ija-guadalcanal-garrison']!.place = { at: 'destroyed' };
    s.units['usmc-1-1']!.place = { at: 'base', base: 'guadalcanal' };
    s.units['jaaf-tainan-ku']!.place = { at: 'base', base: 'guadalcanal' };
    updateControl(s);
    expect(s.holder.guadalcanal).toBe('allied');
    expect(s.units['jaaf-tainan-ku']!.place).toEqual({ at: 'destroyed' });
  });

  test('VI.I: four consecutive end-of-turn 6s blow up Rabaul: ships and air there lost, half the ground units, no more base', () => {
    const m = newMatch();
    const s = m.game;
    for (let i = 0; i < 3; i++) rollVolcano(s, ctxWith([6]));
    expect(s.volcano).toMatchObject({ streak: 3, erupted: false });
    rollVolcano(s, ctxWith([6]));
    expect(s.volcano.erupted).toBe(true);
    expect(s.units['ijn-chokai']!.place).toEqual({ at: 'sunk' });
    expect(s.units['ijn-4th-ku']!.place).toEqual({ at: 'destroyed' });
    const ground = ['ija-2-144', 'ija-3-144', 'ija-1-41', 'ija-2-41', 'ija-kure-5-snlf'];
    expect(ground.filter((g) => s.units[g]!.place.at === 'destroyed')).toHaveLength(3);
  });

  test('VI.I: a roll other than 6 ends the run', () => {
    const s = newMatch().game;
    rollVolcano(s, ctxWith([6]));
    rollVolcano(s, ctxWith([6]));
    rollVolcano(s, ctxWith([5]));
    expect(s.volcano.streak).toBe(0);
  });

  test('IV: each turn the holder of each objective scores its points', () => {
    const s = newMatch().game;
    scoreObjectives(s);
    expect(s.vp).toEqual({ allied: 5, japanese: 16 });
  });

  test('VI.H: after Rabaul blows up, ships cannot use it and go to the Returning to Truk box instead', () => {
    let m = newMatch();
    m = act(m, 'japanese', { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'day', group: 'new' });
    m.game.volcano.erupted = true;
    m = act(m, 'japanese', done);
    m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === 'allied');
    expect(place(m, 'ijn-chokai')).toEqual({ at: 'returning-to-truk' });
    void ssj;
  });
});
