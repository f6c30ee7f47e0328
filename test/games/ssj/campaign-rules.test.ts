/** The rules of the campaign (V, VI.A–VI.I, VII.A, IV), each with the dice it needs. */
import { RuleError, step, type LogEntry } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { applyEarly } from '../../../src/games/ssj/phases/early-activation';
import { applySub, subChoices } from '../../../src/games/ssj/phases/submarines';
import { endOfTurnDamage, resolveDamage, hitShip } from '../../../src/games/ssj/damage';
import { viewFor } from '../../../src/games/ssj/view';
import { scoreFor } from '../../../src/games/ssj/victory';
import { act, advance, choices, ctxWith, done, freshMatch, minimal, newMatch, putInGroup, type M } from './helpers';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';

const place = (m: M, id: string) => m.game.units.of(id).place;

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
    const arriving = m.game.units
      .values()
      .filter((u) => u.arriving)
      .map((u) => u.id);
    expect(arriving).toEqual(expect.arrayContaining(['usn-northampton', 'usn-hornet', 'usn-desdiv-1', 'aus-2-14', 'aus-2-16', 'aus-2-27', 'aus-2-10', 'usn-vmf-223']));
    expect(arriving).not.toContain('usn-desdiv-2');
    // US carriers enter with their full complement of aircraft.
    expect(m.game.units.values().filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-hornet')).toHaveLength(3);
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
    expect(m.game.units.values().filter((u) => u.place.at === 'aboard' && u.place.ship === 'ijn-shokaku')).toHaveLength(0);
  });

  test('VI.A: a lone arrival with one place to enter is still placed by the Allied player: the phase is skipped only when nothing is to place or pick', () => {
    // The end of OctII, the Allied player about to close his return to base.
    let m = advance(
      freshMatch('lone-arrival'),
      (x) => x.game.turn === 5 && x.game.phase === 'return' && x.game.actor === 'allied' && choices(x, 'allied').some((a) => a.type === 'done'),
    );
    const g = m.game;
    // A war of losses: every other Allied unit not yet in play is gone, so NovI brings VMSB-132 alone (the calendar's, due at
    // Guadalcanal while Henderson Field is Allied, VI.A) and no pool ship is left to choose for NovII.
    change(g, 'holder').guadalcanal = 'allied';
    change(g, 'alliedPicks').cruiser = null;
    change(g, 'alliedPicks').other = null;
    for (const u of g.units.values()) {
      if (u.side === 'allied' && u.id !== 'usn-vmsb-132' && (u.place.at === 'pool' || u.place.at === 'destroyed' || u.arriving)) own(g, u.id).place = { at: 'sunk' };
    }
    m = act(m, 'allied', done);
    expect(m.game.turn).toBe(6);
    // One choice, and not "close": the decision is the Allied player's (the unit was left in the pool when the phase was skipped).
    expect(m.game.phase).toBe('allied-reinforcements');
    expect(choices(m, 'allied')).toEqual([{ type: 'place', unit: 'usn-vmsb-132', base: 'guadalcanal' }]);
    m = act(m, 'allied', { type: 'place', unit: 'usn-vmsb-132', base: 'guadalcanal' });
    expect(place(m, 'usn-vmsb-132')).toEqual({ at: 'base', base: 'guadalcanal' });
    expect(choices(m, 'allied')).toEqual([done]);
  });

  test('VI.A: destroyed air and ground units come back as reinforcements the next turn; ships never do', () => {
    let m = newMatch();
    const g = m.game;
    own(g, 'ija-2-144').place = { at: 'destroyed' };
    own(g, 'ijn-chokai').place = { at: 'sunk' };
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
    const chicago = s.tags.of('usn-chicago')!;
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
    expect(s.units.of('ijn-i-121').place).toEqual({ at: 'sunk' });
    expect(s.units.of('usn-chicago').damage).toBeNull();
  });

  test('VI.D: without a destroyer, a 1 simply misses', () => {
    const m = withSub('day', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(s, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([1]));
    expect(s.units.of('ijn-i-121').place.at).toBe('group');
    expect(s.units.of('usn-chicago').damage).toBeNull();
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
      expect(s.units.of('ijn-i-121').place).toEqual({ at: 'sunk' });
    }
    // With one destroyer and no carrier, a 2 does not sink it.
    const m = withSub('day', ['usn-chicago', 'usn-desron-4']);
    applySub(m.game, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(m.game, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([2]));
    expect(m.game.units.of('ijn-i-121').place.at).toBe('group');
  });

  test('VI.D: an Allied sub is not sunk on a 2 (that is for Japanese subs only)', () => {
    const m = newMatch();
    putInGroup(m, 'allied', 'CS', 'night', ['usn-s-38'], 'g-sub');
    putInGroup(m, 'japanese', 'CS', 'day', ['ijn-chokai', 'ijn-desdiv-29', 'ijn-desdiv-30'], 'g-target');
    const s = m.game;
    applySub(s, 'allied', { type: 'sub-attack', sub: 'usn-s-38', group: 'g-target' }, ctxWith([]));
    applySub(s, 'allied', { type: 'sub-target', ship: 'ijn-chokai' }, ctxWith([2]));
    expect(s.units.of('usn-s-38').place.at).toBe('group');
  });

  test('VI.D note: a sub-damaged ship returns at once "to base (or to the back-to-Truk holding box)", where its owner picks', () => {
    const m = withSub('day', ['usn-chicago', 'usn-quincy']);
    const s = m.game;
    applySub(s, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }, ctxWith([]));
    applySub(s, 'japanese', { type: 'sub-target', ship: 'usn-chicago' }, ctxWith([5]));
    const u = s.units.of('usn-chicago');
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
    const u = own(m.game, id);
    u.damage = kind;
    u.damagedIn = 'SL';
    return m;
  }

  test('VII.A: a D ship is out of the game for the roll + 1 turns', () => {
    const m = damaged('D');
    const log = resolveDamage(m.game, ctxWith([3]));
    expect(m.game.units.of('usn-chicago').place).toEqual({ at: 'repair', until: 0 + 3 + 1 + 1, base: 'australia' });
    expect(log[0]!.to).toEqual(['allied']);
  });

  test('VII.A: an HD ship is out for twice the roll', () => {
    const m = damaged('HD');
    resolveDamage(m.game, ctxWith([4]));
    expect(m.game.units.of('usn-chicago').place).toMatchObject({ at: 'repair', until: 0 + 8 + 1 });
  });

  test('VII.A: an HD ship always sinks on a 6 — in secret: the log goes to its owner alone, and what it carried goes ashore before the roll, so the other side cannot tell a sinking from a repair', () => {
    const resolved = (die: number) => {
      const m = damaged('HD', 'ijn-trdiv-1');
      own(m.game, 'ija-2-144').place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      const log = resolveDamage(m.game, ctxWith([die]));
      return { s: m.game, log };
    };
    const sunk = resolved(6);
    const repaired = resolved(1);
    expect(sunk.s.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(repaired.s.units.of('ijn-trdiv-1').place.at).toBe('repair');
    // The roll and its result go to the owner alone; the one public entry (what came ashore, before the roll) is the same either way.
    const open = (log: LogEntry[]) => log.filter((e) => e.to === 'public' || e.to.includes('allied'));
    expect(open(sunk.log)).toEqual([{ to: 'public', text: '1 Japanese unit comes ashore at Rabaul from damaged ships (VII.A).' }]);
    expect(open(repaired.log)).toEqual(open(sunk.log));
    // RULING (VII.A "sinks (secretly)"): the troops are ashore at the ship's base either way.
    for (const w of [sunk, repaired]) expect(w.s.units.of('ija-2-144').place).toEqual({ at: 'base', base: 'rabaul' });
    for (const v of ['allied', 'spectator']) expect(JSON.stringify(viewFor(sunk.s, v))).toBe(JSON.stringify(viewFor(repaired.s, v)));
    expect(scoreFor(sunk.s, 'japanese').allied).toBe(0);
  });

  test('VII.A: an HD ship sinks on a 5 too where an active enemy land air base with an air unit is attached to the sea area at the end of the turn', () => {
    const m = damaged('HD');
    // Rabaul (Japanese, with air units) is attached to the Slot. The check is made at the end of the turn (RULINGS VII.A).
    resolveDamage(m.game, ctxWith([5]));
    expect(m.game.units.of('usn-chicago').place.at).toBe('repair');
    const log = endOfTurnDamage(m.game);
    expect(m.game.units.of('usn-chicago').place).toEqual({ at: 'sunk' });
    expect(log.map((e) => e.to)).toEqual([['allied']]);
    const m2 = damaged('HD');
    own(m2.game, 'usn-chicago').damagedIn = 'SP';
    resolveDamage(m2.game, ctxWith([5]));
    endOfTurnDamage(m2.game);
    expect(m2.game.units.of('usn-chicago').place.at).toBe('repair');
  });

  test('VII.A: a transport division loses 1 troop unit on a D, 2 on an HD, all 3 when sunk', () => {
    for (const [result, lost] of [
      ['D', 1],
      ['HD', 2],
      ['sunk', 3],
    ] as const) {
      const m = newMatch();
      const s = m.game;
      for (const g of ['ija-2-144', 'ija-3-144', 'ija-1-41']) own(s, g).place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      hitShip(s, s.units.of('ijn-trdiv-1'), result, 'SL', 'test');
      expect(['ija-2-144', 'ija-3-144', 'ija-1-41'].filter((g) => s.units.of(g).place.at === 'destroyed')).toHaveLength(lost);
    }
  });

  test('VII.A: a carrier with a D loses 1 air unit aboard and 1 of capacity; an HD destroys all its air and capacity', () => {
    const m = newMatch();
    const s = m.game;
    hitShip(s, s.units.of('usn-wasp'), 'D', 'SP', 'test');
    expect(s.units.of('usn-wasp').capacity).toBe(2);
    expect(s.units.values().filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-wasp')).toHaveLength(2);
    hitShip(s, s.units.of('usn-saratoga'), 'HD', 'SP', 'test');
    expect(s.units.of('usn-saratoga').capacity).toBe(0);
    expect(s.units.values().filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-saratoga')).toHaveLength(0);
  });
});

describe('VI.E detection', () => {
  // The VI.E example, Magic and the recon bonuses, through the real flow: worked-examples.test.ts.
  test("VI.E: each side rolls per sea area; the roll and its modifiers are the roller's, the outcome is public", () => {
    // AugI played through the flow: the detection rolls follow the submarine phase, which the Allied deployment's close leads to.
    const m = advance(newMatch('detection'), (x) => x.game.phase === 'allied-deployment');
    const out = step(ssj, m, 'allied', done);
    const s = (out.state as M).game;
    const rolls = out.log.filter((e) => (e.data?.roll as { why?: string } | undefined)?.why === 'detection');
    const outcomes = out.log.filter((e) => e.data?.detection !== undefined);
    for (const side of ['allied', 'japanese'] as const) {
      const mine = rolls.filter((e) => e.to !== 'public' && e.to.includes(side));
      // One roll a sea area, seen by its roller alone, with the die and the total he needed.
      expect(mine.map((e) => e.to)).toEqual([[side], [side], [side]]);
      expect(mine.map((e) => (e.data!.roll as { area: string }).area).sort()).toEqual(['CS', 'SL', 'SP']);
      for (const e of mine) {
        const r = e.data!.roll as { area: 'SP' | 'SL' | 'CS'; die: number; total: number; need: number; success: boolean };
        expect(e.text).toContain(`: ${r.die}`);
        expect(r.success).toBe(s.detection[side][r.area]);
        expect(r.success).toBe(r.total >= r.need);
      }
      // Whether he has detection is public, with no die.
      const open = outcomes.filter((e) => (e.data!.detection as { side: string }).side === side);
      expect(open.map((e) => e.to)).toEqual(['public', 'public', 'public']);
      for (const e of open) {
        const d = e.data!.detection as { area: 'SP' | 'SL' | 'CS'; success: boolean };
        expect(d.success).toBe(s.detection[side][d.area]);
        expect(e.data!.roll).toBeUndefined();
      }
    }
    expect(rolls).toHaveLength(6);
  });
});

describe('VI.G supply', () => {
  // Each test plays AugI (and AugII) through the flow, with no ground combat (the least play would attack over the
  // Kokoda Trail), up to the ground combat, and then on through the supply step (no decision: B-17s flying aerial supply
  // are designated at the Allied deployment) to the return to base. The VI.G note (Kokoda Trail): worked-examples.test.ts.
  type Action = Parameters<typeof act>[2];
  const noGroundCombat = (m: M, side: string): Action | undefined => (m.game.phase === 'ground-combat' ? choices(m, side).find((a) => a.type === 'ground-pass') : undefined);
  function playOn(m: M, until: (m: M) => boolean, pick: (m: M, side: string) => Action | undefined = noGroundCombat): M {
    for (let i = 0; i < 1500 && !until(m); i++) {
      const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
      m = act(m, side, pick(m, side) ?? minimal(m, side));
    }
    expect(until(m)).toBe(true);
    return m;
  }
  /** On from the ground combat through the supply step to the return to base, with the log of the steps played. */
  function closeSupply(m: M): { m: M; log: LogEntry[] } {
    expect(m.game.phase).toBe('ground-combat');
    const log: LogEntry[] = [];
    while (m.game.phase !== 'return') {
      const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
      const out = step(ssj, m, side, noGroundCombat(m, side) ?? minimal(m, side));
      log.push(...out.log);
      m = out.state as M;
    }
    return { m, log };
  }
  const AUSTRALIANS = ['aus-39', 'aus-53', 'aus-49'];
  const at = (m: M, ids: string[], base: string) => ids.filter((id) => JSON.stringify(m.game.units.of(id).place) === JSON.stringify({ at: 'base', base }));
  const atSupply = (seed: string) => playOn(newMatch(seed), (m) => m.game.phase === 'ground-combat');

  test('VI.G: half of an unsupplied ground group (rounded up) is eliminated; air units are never lost to supply', () => {
    // AugI: no ship in the Coral Sea or the Slot. Port Moresby holds three Australian battalions and two air units;
    // Guadalcanal the Japanese garrison alone.
    const before = atSupply('supply');
    const air = before.game.units.values().filter((u) => u.kind === 'air' && JSON.stringify(u.place) === JSON.stringify({ at: 'base', base: 'port-moresby' }));
    expect([at(before, AUSTRALIANS, 'port-moresby').length, air.length]).toEqual([3, 2]);
    expect(before.game.units.of('ija-guadalcanal-garrison').place).toEqual({ at: 'base', base: 'guadalcanal' });
    const { m, log } = closeSupply(before);
    expect(at(m, AUSTRALIANS, 'port-moresby')).toHaveLength(1);
    expect(air.map((u) => m.game.units.of(u.id).place)).toEqual(air.map(() => ({ at: 'base', base: 'port-moresby' })));
    expect(m.game.units.of('ija-guadalcanal-garrison').place).toEqual({ at: 'destroyed' });
    const open = log.filter((e) => e.to === 'public').map((e) => e.text);
    expect(open).toContain('Supply (VI.G): 2 Allied ground units are eliminated out of supply at Port Moresby.');
    expect(open).toContain('Supply (VI.G): 1 Japanese ground unit is eliminated out of supply at Guadalcanal (Henderson Field).');
  });

  test('VI.G: units in home bases are always in supply; Port Moresby is no home base', () => {
    const before = atSupply('supply');
    const home = ['espiritu-santo', 'australia', 'truk', 'rabaul', 'buna'];
    const atHome = before.game.units.values().filter((u) => u.kind === 'ground' && u.place.at === 'base' && home.includes(u.place.base));
    expect(new Set(atHome.map((u) => u.side))).toEqual(new Set(['allied', 'japanese']));
    const { m } = closeSupply(before);
    expect(atHome.filter((u) => JSON.stringify(m.game.units.of(u.id).place) !== JSON.stringify(u.place))).toEqual([]);
    // No Allied ship in the Coral Sea: two of the three Australian battalions are lost.
    expect(at(m, AUSTRALIANS, 'port-moresby')).toHaveLength(1);
  });

  test.each(['day', 'night'] as const)('VI.G: a side controlling the sea area (here by %s) keeps its island units in supply', (box) => {
    // AugI: CHICAGO sails from Australia into the Coral Sea's Day Only or Night Only box; no Japanese ship is there.
    let m = act(newMatch('supply'), 'japanese', done);
    m = playOn(m, (x) => x.game.phase === 'allied-deployment');
    m = act(m, 'allied', { type: 'deploy', ship: 'usn-chicago', area: 'CS', box, group: 'new' });
    m = act(m, 'allied', done);
    m = playOn(m, (x) => x.game.phase === 'ground-combat');
    expect(at(m, AUSTRALIANS, 'port-moresby')).toHaveLength(3);
    expect(at(closeSupply(m).m, AUSTRALIANS, 'port-moresby')).toHaveLength(3);
  });

  test.each([
    [0, 3],
    [1, 1],
    [2, 0],
  ])('VI.G aerial supply: each B-17 keeps 3 ground units in supply — five units at Port Moresby with %i B-17s flying from Australia lose %i', (b17s, lost) => {
    // AugI: two Marine battalions sail from Espiritu Santo into the Coral Sea's Day Only box and land at Port Moresby by
    // day; holding the Coral Sea by day, the five units there are all in supply. AugII: no Allied ship at sea.
    const convoy = [
      ['usn-vincennes', 'usmc-1-1'],
      ['usn-quincy', 'usmc-2-1'],
    ];
    let m = act(newMatch('air-supply'), 'japanese', done);
    m = playOn(m, (x) => x.game.phase === 'allied-deployment');
    for (const [ship, unit] of convoy) {
      m = act(m, 'allied', { type: 'load', unit: unit!, ship: ship! });
      m = act(m, 'allied', { type: 'deploy', ship: ship!, area: 'CS', box: 'day', group: 'new' });
    }
    m = act(m, 'allied', done);
    const land = (x: M, side: string): Action | undefined =>
      x.game.phase === 'day-landings' ? (choices(x, side).find((a) => a.type === 'land' && a.base === 'port-moresby') ?? { type: 'done' }) : noGroundCombat(x, side);
    // AugII: the B-17s fly supply from Australia at the Allied deployment (VI.G), and land at Port Moresby.
    m = playOn(m, (x) => x.game.turn === 1 && x.game.phase === 'allied-deployment', land);
    const garrison = [...AUSTRALIANS, 'usmc-1-1', 'usmc-2-1'];
    expect(at(m, garrison, 'port-moresby')).toHaveLength(5);
    for (const unit of ['usaaf-19th-bg', 'usaaf-43rd-bg'].slice(0, b17s)) m = act(m, 'allied', { type: 'air-supply', unit, base: 'port-moresby' });
    expect(at(m, ['usaaf-19th-bg', 'usaaf-43rd-bg'], 'port-moresby')).toHaveLength(b17s);
    m = playOn(m, (x) => x.game.phase === 'ground-combat');
    expect(at(m, garrison, 'port-moresby')).toHaveLength(5);
    // Half of the units left out of supply, rounded up, are eliminated.
    expect(at(closeSupply(m).m, garrison, 'port-moresby')).toHaveLength(5 - lost);
  });
});

describe('VI.F.2.g.2 control, VI.I volcano, IV objectives', () => {
  // VI.F.2.g.2.a control after ground combat: ground-combat.test.ts; the eruption itself (VI.I) through the real flow:
  // worked-examples.test.ts.

  /** Plays the least decisions (helpers.ts `minimal`) through to the end of the current turn, keeping the log of its last step. */
  function playTurn(m: M): { m: M; log: LogEntry[] } {
    const turn = m.game.turn;
    let log: LogEntry[] = [];
    for (let i = 0; i < 1500 && m.game.turn === turn && m.game.phase !== 'over'; i++) {
      const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
      const out = step(ssj, m, side, minimal(m, side));
      m = out.state as M;
      log = out.log;
    }
    expect(m.game.turn === turn + 1 || m.game.phase === 'over').toBe(true);
    return { m, log };
  }

  test('VI.I: at the end of every turn the Allied player rolls; a 6 adds to the run of 6s, any other roll ends it', () => {
    const seen = { six: 0, broken: 0 };
    for (let i = 0; i < 40 && !(seen.six > 0 && seen.broken > 0); i++) {
      let m = newMatch(`volcano-${i}`);
      for (let t = 0; t < 6 && !m.game.volcano.erupted; t++) {
        const streak = m.game.volcano.streak;
        const out = playTurn(m);
        m = out.m;
        const rolls = out.log.filter((e) => (e.data?.roll as { why?: string } | undefined)?.why === 'volcano');
        // One public roll a turn, at its end.
        expect(rolls.map((e) => e.to)).toEqual(['public']);
        const die = (rolls[0]!.data!.roll as { die: number }).die;
        expect({ die, streak: m.game.volcano.streak }).toEqual({ die, streak: die === 6 ? streak + 1 : 0 });
        if (die === 6) seen.six++;
        else if (streak > 0) seen.broken++;
      }
    }
    expect(seen.six > 0 && seen.broken > 0).toBe(true);
  });

  test('IV: at the end of each turn the holder of each objective scores its points (RULINGS: Guadalcanal 10, Port Moresby 5, Buna 3, Bougainville 3)', () => {
    const OBJECTIVES = { Guadalcanal: ['guadalcanal', 10], 'Port Moresby': ['port-moresby', 5], Buna: ['buna', 3], Bougainville: ['bougainville', 3] } as const;
    let m = newMatch('objectives');
    for (const turn of [0, 1]) {
      m = playTurn(m).m;
      const held = m.game.vpLog.filter((e) => e.turn === turn && e.why.startsWith('held '));
      const want = Object.entries(OBJECTIVES).map(([name, [base, points]]) => ({ name, side: m.game.holder[base], points }));
      const got = Object.keys(OBJECTIVES).map((name) => held.filter((e) => e.why.startsWith(`held ${name}`)).map((e) => ({ name, side: e.side, points: e.points })));
      expect(got).toEqual(want.map((w) => [w]));
      expect(held).toHaveLength(4);
    }
  });

  test('VI.H: after Rabaul blows up, ships cannot use it and go to the Returning to Truk box instead', () => {
    let m = newMatch();
    m = act(m, 'japanese', { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'day', group: 'new' });
    change(m.game, 'volcano').erupted = true;
    m = act(m, 'japanese', done);
    m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === 'allied');
    expect(place(m, 'ijn-chokai')).toEqual({ at: 'returning-to-truk' });
    void ssj;
  });
});
