/** VI.F.1.a, b, d and VII.B: air strikes, through the real flow with scripted dice. */
import { choices } from './helpers';
import { airMatch, carrierDuel, facesSeen, logFor, play, sailed, startAirStage, tag, view } from './battle-helpers';
import { putInGroup } from './helpers';
import { ownGroup } from '../../../src/games/ssj/groups';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';

const J = 'japanese' as const;
const A = 'allied' as const;
const B17 = 'usaaf-26th-bs';
const B17b = 'usaaf-42nd-bs';
const AUS_B17 = 'usaaf-19th-bg';
const BETTY = 'ijn-4th-ku';
const ZERO = 'jaaf-tainan-ku';

describe('VI.F.1.a/d land-based air', () => {
  test('VI.F.1.a: morning strikes at ships need detection in their sea area; land targets may be attacked in any case', () => {
    const m = airMatch({ [B17]: 'espiritu-santo' });
    putInGroup(m, J, 'SL', 'day', ['ijn-chokai'], 'g-jp');
    startAirStage(m, 'morning-land');
    expect(m.game.actor).toBe(A);
    expect(choices(m, A).some((a) => a.type === 'air-strike')).toBe(false);
    expect(choices(m, A)).toContainEqual({ type: 'air-raid', unit: B17, base: 'guadalcanal', target: 'ground' });
    const d = airMatch({ [B17]: 'espiritu-santo' }, { detection: { allied: ['SL'] } });
    putInGroup(d, J, 'SL', 'day', ['ijn-chokai'], 'g-jp');
    startAirStage(d, 'morning-land');
    expect(choices(d, A)).toContainEqual({ type: 'air-strike', unit: B17, group: 'g-jp' });
  });

  test('VI.F.1.d: in the afternoon long-range air may strike ships without detection; Night Only ships are never struck by day', () => {
    const m = airMatch({ [B17]: 'espiritu-santo' });
    putInGroup(m, J, 'SL', 'daynight', ['ijn-chokai'], 'g-jp');
    putInGroup(m, J, 'SL', 'night', ['ijn-aoba'], 'g-jp-night');
    startAirStage(m, 'afternoon-land');
    expect(choices(m, A)).toContainEqual({ type: 'air-strike', unit: B17, group: 'g-jp' });
    expect(choices(m, A).some((a) => a.type === 'air-strike' && a.group === 'g-jp-night')).toBe(false);
  });

  test('VI.F.1.a: Allied land-based air attacks are made before the Japanese', () => {
    const m = airMatch({ [B17]: 'espiritu-santo', [BETTY]: 'rabaul' });
    startAirStage(m, 'morning-land');
    expect(m.game.actor).toBe(A);
    expect(choices(m, J)).toEqual([]);
    play(m, A, { type: 'done' });
    expect(m.game.actor).toBe(J);
    expect(choices(m, J)).toContainEqual({ type: 'air-raid', unit: BETTY, base: 'port-moresby', target: 'ground' });
  });

  test('VI.F.1.a: one B-17 from Espiritu Santo may stage through an Allied Guadalcanal to attack Rabaul — its one attack of the turn; Truk may never be attacked', () => {
    const m = airMatch({ [B17]: 'espiritu-santo', [B17b]: 'espiritu-santo', [ZERO]: 'rabaul', [BETTY]: 'rabaul' });
    startAirStage(m, 'morning-land');
    // Guadalcanal is Japanese: no staging.
    expect(choices(m, A).some((a) => a.type === 'air-raid' && a.base === 'rabaul')).toBe(false);
    change(m.game, 'holder').guadalcanal = 'allied';
    expect(choices(m, A)).toContainEqual({ type: 'air-raid', unit: B17, base: 'rabaul', target: 'air' });
    expect(choices(m, A).some((a) => a.type === 'air-raid' && a.base === 'truk')).toBe(false);
    play(m, A, { type: 'air-raid', unit: B17, base: 'rabaul', target: 'air' });
    // Only one staged B-17 from Espiritu Santo.
    expect(choices(m, A).some((a) => a.type === 'air-raid' && a.unit === B17b && a.base === 'rabaul')).toBe(false);
    play(m, A, { type: 'done' }, [5]);
    expect(m.game.airTurn.staged).toEqual([B17]);
    // 5 on the air row against an airfield: 1 air unit destroyed (the first in counter-sheet order).
    expect([m.game.units.of(BETTY).place, m.game.units.of(ZERO).place]).toContainEqual({ at: 'destroyed' });
    // In the afternoon the staged B-17 may not attack again.
    startAirStage(m, 'afternoon-land');
    expect(choices(m, A).some((a) => 'unit' in a && a.unit === B17)).toBe(false);
  });

  test('VI.F.1.a: B-17s based in Australia attack only by staging through Port Moresby, to Rabaul or Buna', () => {
    const m = airMatch({ [AUS_B17]: 'australia' });
    startAirStage(m, 'morning-land');
    const bases = [
      ...new Set(
        choices(m, A)
          .filter((a) => a.type === 'air-raid')
          .map((a) => (a as { base: string }).base),
      ),
    ].sort();
    expect(bases).toEqual(['buna', 'rabaul']);
  });

  test('VI.F.1.a: a raid on a base turns its harbour face up for the attacker; ships anchored there are attacked with the bonus shift', () => {
    const m = airMatch({ [BETTY]: 'guadalcanal' });
    change(m.game, 'holder').guadalcanal = 'japanese';
    startAirStage(m, 'morning-land');
    expect(m.game.actor).toBe(J);
    // Bettys on Guadalcanal may raid Espiritu Santo; its harbour holds Allied ships.
    expect(facesSeen(m, J, A)).toEqual([]);
    play(m, J, { type: 'air-raid', unit: BETTY, base: 'espiritu-santo', target: 'harbour' });
    play(m, J, { type: 'done' });
    expect(facesSeen(m, J, A).length).toBeGreaterThan(5);
    expect(facesSeen(m, J, A)).toContain('usn-quincy');
    // Up for the attacker only: neither the spectator's view nor log names them.
    expect(JSON.stringify(view(m, 'spectator'))).not.toContain('usn-vincennes');
    expect(m.game.known['usn-vincennes']).toEqual([J]);
    // 5 + 1 (anchored) on the CA column: row 6, HD (row 5, without the shift, would be a D).
    const hit = play(m, J, { type: 'air-target', unit: BETTY, ship: 'usn-quincy' }, [5]);
    expect(logFor(hit.log, J)).toContain('A Japanese Betty attacked QUINCY (piece ' + tag(m, 'usn-quincy') + '): rolled 5 — HD.');
  });
});

describe('VI.F.1.b carrier strikes', () => {
  test('VI.F.1.b: the Japanese player allocates his carrier strikes first; the allocation steps are sealed', () => {
    const m = carrierDuel();
    startAirStage(m, 'carriers');
    expect(m.game.actor).toBe(J);
    const step = play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    expect(step.private).toBe(true);
    expect(JSON.stringify(view(m, A).air)).not.toContain('shokaku');
    play(m, J, { type: 'done' });
    expect(m.game.actor).toBe(A);
  });

  test('VI.F.1.b: carriers in the Slot may not launch strikes; SP carriers may not strike carriers in the CS', () => {
    const m = carrierDuel();
    ownGroup(m.game, 'g-jp').area = 'SL';
    startAirStage(m, 'carriers');
    expect(m.game.actor).toBe(A);
    expect(choices(m, J)).toEqual([]);
    const c = carrierDuel();
    ownGroup(c.game, 'g-al').area = 'CS';
    change(c.game, 'detection').japanese.CS = true;
    startAirStage(c, 'carriers');
    play(c, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(c, J, { type: 'done' });
    play(c, A, { type: 'done' });
    // The struck group is face up for the Japanese, but SARATOGA may not be aimed at.
    expect(choices(c, J)).toEqual([{ type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-desron-4' }]);
  });

  test('VI.F.1.b fog: a struck task force is turned face up for the attacker only, ships attacked one at a time; undamaged ships go face down again, damaged stay up for all', () => {
    const m = carrierDuel();
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-divebombers', group: 'g-al' });
    play(m, J, { type: 'done' });
    expect(facesSeen(m, J, A)).toEqual([]);
    // The Allies strike too: their flight is resolved after the Japanese one.
    play(m, A, { type: 'air-strike', unit: 'usn-nav-vf-5', group: 'g-jp' });
    play(m, A, { type: 'done' });
    // Turned up for the Japanese only.
    expect(facesSeen(m, J, A)).toEqual(['usn-desron-4', 'usn-saratoga']);
    expect(JSON.stringify(view(m, 'spectator'))).not.toContain('usn-saratoga');
    // First unit at SARATOGA: 6 on the CV column = HD (opposed: not a B-17, and a 6 is no AA loss).
    const first = play(m, J, { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-saratoga' }, [6]);
    expect(logFor(first.log, 'spectator').join('\n')).toMatch(/SARATOGA \(piece [^)]+\): rolled 6 — HD/);
    // The second may switch to the destroyers: a 3 misses.
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-divebombers', ship: 'usn-desron-4' }, [3]);
    // The destroyers are face down again; SARATOGA (damaged) stays face up — for the spectator too.
    expect(m.game.actor).toBe(A);
    expect(facesSeen(m, J, A)).toEqual(['usn-saratoga']);
    expect(view(m, 'spectator').sides.allied.hidden.length).toBeGreaterThan(0);
    expect(m.game.known['usn-desron-4']).toEqual([J]);
    expect(m.game.known['usn-saratoga']).toContain('public');
    // The Allied aim (a miss) closes the phase: SARATOGA's damage roll (HD: a 6 sinks it) is the Allied player's secret.
    play(m, A, { type: 'air-target', unit: 'usn-nav-vf-5', ship: 'ijn-shokaku' }, [3]);
    // The Japanese units land first, each where its owner picks, even with one place (RULINGS VI.F.1.b note).
    expect(choices(m, J)).toEqual([{ type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' }]);
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-divebombers', ship: 'ijn-shokaku' });
    // VF-5 is in the air and SARATOGA (HD) has no room: its owner picks where it lands (VI.F.1.b note).
    expect(m.game.actor).toBe(A);
    const end = play(m, A, { type: 'air-land', unit: 'usn-nav-vf-5', base: 'espiritu-santo' }, [6]);
    // RULING (VII.A): SARATOGA (HD) stays in the sea area, face up, until it leaves; a 6 sinks it then.
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'group', group: 'g-al' });
    expect(facesSeen(m, J, A)).toEqual(['usn-saratoga']);
    const secret = end.log.filter((e) => /Damage resolution/.test(e.text));
    expect(secret.map((e) => e.to)).toEqual([[A]]);
    expect(logFor(end.log, J).join('\n')).not.toMatch(/rolled 6|sinks/);
  });

  test("VI.F.1.b note: air units in the air survive their carrier's sinking and land on another carrier or airfield within capacity, else are lost", () => {
    const m = carrierDuel();
    const s = m.game;
    // The Allied group is LONG ISLAND (CVE, 1 air unit) and a destroyer squadron.
    for (const id of ['usn-saratoga']) {
      ownGroup(s, 'g-al').ships = s.groups['g-al']!.ships.filter((x) => x !== id);
      own(s, id).place = { at: 'base', base: 'espiritu-santo' };
    }
    own(s, 'usn-long-island').capacity = 1;
    own(s, 'usn-nav-vgs-1').place = { at: 'aboard', ship: 'usn-long-island' };
    own(s, 'usn-long-island').place = { at: 'group', group: 'g-al' };
    ownGroup(s, 'g-al').ships.push('usn-long-island');
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(m, J, { type: 'done' });
    play(m, A, { type: 'air-strike', unit: 'usn-nav-vgs-1', group: 'g-jp' });
    play(m, A, { type: 'done' });
    // 6 on the CVE column: sunk. VGS-1 is in the air.
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-long-island' }, [6]);
    expect(s.units.of('usn-long-island').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('usn-nav-vgs-1').place.at).toBe('aboard');
    // VGS-1 attacks (3: a miss), then must land: no other carrier, so an active Allied airfield of the SP or an adjacent area, the owner's pick.
    play(m, A, { type: 'air-target', unit: 'usn-nav-vgs-1', ship: 'ijn-shokaku' }, [3]);
    // The Japanese unit lands first (on SHOKAKU, its one place, by its owner's pick), then VGS-1.
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    expect(m.game.actor).toBe(A);
    expect(choices(m, J)).toEqual([]);
    const bases = choices(m, A)
      .map((c) => (c as { base?: string }).base)
      .sort();
    expect(bases).toEqual(['australia', 'espiritu-santo', 'port-moresby']);
    const out = play(m, A, { type: 'air-land', unit: 'usn-nav-vgs-1', base: 'espiritu-santo' });
    expect(m.game.units.of('usn-nav-vgs-1').place).toEqual({ at: 'base', base: 'espiritu-santo' });
    expect(logFor(out.log, A).join('\n')).toMatch(/lands at Espiritu Santo/);
    expect(logFor(out.log, J).join('\n')).not.toMatch(/VGS-1|Espiritu Santo/);
  });

  test('VII.A: air units in the air may be transferred to another carrier in the same sea area or to a friendly base on it — Buna from a Japanese carrier in the Coral Sea', () => {
    const m = carrierDuel();
    const s = m.game;
    ownGroup(s, 'g-jp').area = 'CS';
    ownGroup(s, 'g-al').area = 'CS';
    change(s, 'detection').japanese.CS = true;
    own(s, 'ijn-zuikaku').capacity = 3;
    own(s, 'ijn-zuikaku').place = { at: 'group', group: 'g-jp' };
    ownGroup(s, 'g-jp').ships.push('ijn-zuikaku');
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(m, J, { type: 'done' });
    play(m, A, { type: 'done' });
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-desron-4' }, [3]);
    // In the air: its own carrier, ZUIKAKU (same sea area, room) or Buna's airfield (Coral Sea); not Rabaul (the Slot).
    expect(m.game.actor).toBe(J);
    expect(choices(m, A)).toEqual([]);
    expect(choices(m, J)).toEqual([
      { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' },
      { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-zuikaku' },
      { type: 'air-land', unit: 'ijn-shokaku-fighters', base: 'buna' },
    ]);
    const out = play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', base: 'buna' });
    expect(s.units.of('ijn-shokaku-fighters').place).toEqual({ at: 'base', base: 'buna' });
    expect(logFor(out.log, A).join('\n')).not.toMatch(/Buna|SHOKAKU/);
    expect(m.game.phase).not.toBe('carrier-strikes');
  });

  test('VI.F.1.b note: an air unit whose carrier is sunk with no carrier or active airfield in its or an adjacent sea area is lost, without a prompt', () => {
    const m = carrierDuel();
    const s = m.game;
    ownGroup(s, 'g-al').ships = s.groups['g-al']!.ships.filter((x) => x !== 'usn-saratoga');
    own(s, 'usn-saratoga').place = { at: 'base', base: 'espiritu-santo' };
    own(s, 'usn-long-island').capacity = 1;
    own(s, 'usn-nav-vgs-1').place = { at: 'aboard', ship: 'usn-long-island' };
    own(s, 'usn-long-island').place = { at: 'group', group: 'g-al' };
    ownGroup(s, 'g-al').ships.push('usn-long-island');
    for (const b of ['espiritu-santo', 'australia', 'port-moresby', 'guadalcanal'] as const) change(s, 'holder')[b] = 'japanese';
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(m, J, { type: 'done' });
    play(m, A, { type: 'air-strike', unit: 'usn-nav-vgs-1', group: 'g-jp' });
    play(m, A, { type: 'done' });
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-long-island' }, [6]);
    play(m, A, { type: 'air-target', unit: 'usn-nav-vgs-1', ship: 'ijn-shokaku' }, [3]);
    // (The Japanese land first: SHOKAKU, or the airfield they now hold at Espiritu Santo.)
    expect(choices(m, J).map((c) => (c as { ship?: string; base?: string }).ship ?? (c as { base?: string }).base)).toEqual(['ijn-shokaku', 'espiritu-santo']);
    const out = play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    expect(m.game.units.of('usn-nav-vgs-1').place.at).toBe('destroyed');
    expect(choices(m, A).filter((c) => c.type === 'air-land')).toEqual([]);
    expect(logFor(out.log, A).join('\n')).toMatch(/nowhere to land/);
  });
});

describe('VI.F.1.b counterattacks', () => {
  test('VI.F.1.b: surviving air units at a base raided by carriers may counterattack the raiding carrier task force', () => {
    const m = airMatch({ [B17]: 'espiritu-santo', [B17b]: 'espiritu-santo' });
    const s = m.game;
    own(s, 'ijn-shokaku').capacity = 3;
    own(s, 'ijn-shokaku-fighters').place = { at: 'aboard', ship: 'ijn-shokaku' };
    putInGroup(m, J, 'SP', 'daynight', ['ijn-shokaku'], 'g-jp');
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    // The raid (5 on the air row: 1 air unit) — then the counterattack stage: the surviving B-17 may strike SHOKAKU's group,
    // without detection (the Japanese have nothing to counterattack and pass at once).
    play(m, J, { type: 'done' }, [5]);
    // The raiders land back on SHOKAKU (their owner's pick, one place).
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    expect(m.game.phase).toBe('counterattack');
    expect(m.game.actor).toBe(A);
    // The loss is the first air unit at the base in counter-sheet order: SARATOGA's VF-5, in port (RULINGS VI.F.1.b); both B-17s survive.
    expect(m.game.units.of('usn-nav-vf-5').place).toEqual({ at: 'destroyed' });
    for (const unit of [B17, B17b]) expect(choices(m, A)).toContainEqual({ type: 'air-strike', unit, group: 'g-jp' });
  });
});

describe('VII.B antiaircraft', () => {
  test('VII.B: a 1 shoots down the attacker except an unopposed high-altitude B-17', () => {
    const m = airMatch({ [B17]: 'espiritu-santo', [BETTY]: 'rabaul' });
    putInGroup(m, J, 'SP', 'daynight', ['ijn-chokai'], 'g-jp');
    putInGroup(m, A, 'SL', 'daynight', ['usn-quincy'], 'g-al');
    startAirStage(m, 'afternoon-land');
    play(m, A, { type: 'air-strike', unit: B17, group: 'g-jp' });
    play(m, A, { type: 'done' });
    // No enemy air over the target: the B-17 is unopposed; its 1 simply misses.
    const b = play(m, A, { type: 'air-target', unit: B17, ship: 'ijn-chokai' }, [1]);
    expect(m.game.units.of(B17).place).toEqual({ at: 'base', base: 'espiritu-santo' });
    expect(logFor(b.log, A).join('\n')).toMatch(/rolled 1, no effect/);
    play(m, J, { type: 'air-strike', unit: BETTY, group: 'g-al' });
    play(m, J, { type: 'done' });
    const out = play(m, J, { type: 'air-target', unit: BETTY, ship: 'usn-quincy' }, [1]);
    expect(m.game.units.of(BETTY).place).toEqual({ at: 'destroyed' });
    expect(logFor(out.log, A).join('\n')).toMatch(/shot down \(VII\.B\)/);
  });

  test('VII.B: a B-17 opposed by carrier air is shot down on a 1', () => {
    const m = airMatch({ [B17]: 'espiritu-santo' });
    own(m.game, 'ijn-shokaku').capacity = 3;
    own(m.game, 'ijn-shokaku-fighters').place = { at: 'aboard', ship: 'ijn-shokaku' };
    putInGroup(m, J, 'SP', 'daynight', ['ijn-shokaku'], 'g-jp');
    startAirStage(m, 'afternoon-land');
    play(m, A, { type: 'air-strike', unit: B17, group: 'g-jp' });
    play(m, A, { type: 'done' });
    play(m, A, { type: 'air-target', unit: B17, ship: 'ijn-shokaku' }, [1]);
    expect(m.game.units.of(B17).place).toEqual({ at: 'destroyed' });
  });

  test('VII.B: in the afternoon a 2 also shoots down an attacker over a base with an active airfield — not a B-17, and not in the morning', () => {
    const mar = 'usn-35th-fg';
    const afternoon = airMatch({ [mar]: 'port-moresby', 'jaaf-tainan-lae': 'buna' });
    startAirStage(afternoon, 'afternoon-land');
    play(afternoon, A, { type: 'air-raid', unit: mar, base: 'buna', target: 'air' });
    play(afternoon, A, { type: 'done' }, [2]);
    expect(afternoon.game.units.of(mar).place).toEqual({ at: 'destroyed' });
    const morning = airMatch({ [mar]: 'port-moresby', 'jaaf-tainan-lae': 'buna' });
    startAirStage(morning, 'morning-land');
    play(morning, A, { type: 'air-raid', unit: mar, base: 'buna', target: 'air' });
    play(morning, A, { type: 'done' }, [2]);
    expect(morning.game.units.of(mar).place).toEqual({ at: 'base', base: 'port-moresby' });
    const b17 = airMatch({ [B17]: 'espiritu-santo', 'jaaf-tainan-lae': 'guadalcanal' });
    startAirStage(b17, 'afternoon-land');
    play(b17, A, { type: 'air-raid', unit: B17, base: 'guadalcanal', target: 'ground' });
    play(b17, A, { type: 'done' }, [2]);
    expect(b17.game.units.of(B17).place).toEqual({ at: 'base', base: 'espiritu-santo' });
  });

  test('VI.F.1.a: "Shorter-range land-based - MAR and JAAF - air units ... based in the Slot may also attack targets in the Slot": Rabaul, where ships are based, is not in the Slot — its short-range air has no reach there, its Bettys do', () => {
    // Through the real flow of AugI: an Allied cruiser in the Slot by day, the Japanese afternoon allocation (no detection needed).
    const m = sailed('rabaul-reach', [], [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }], (x) => x.game.phase === 'air-afternoon' && x.game.actor === J);
    const group = (m.game.units.of('usn-quincy').place as { group: string }).group;
    expect(m.game.units.of(ZERO).place).toEqual({ at: 'base', base: 'rabaul' });
    const strikes = choices(m, J).filter((a) => a.type === 'air-strike' || a.type === 'air-raid');
    expect(strikes).toContainEqual({ type: 'air-strike', unit: BETTY, group });
    expect(strikes.filter((a) => 'unit' in a && a.unit === ZERO)).toEqual([]);
  });
});

describe('VI.F.1.b carrier land targets', () => {
  const carrierTargets = (area: 'SP' | 'CS') => {
    const m = sailed(`carrier-reach-${area}`, [], [{ ships: ['usn-saratoga'], area, box: 'daynight' }], (x) => x.game.phase === 'carrier-strikes' && x.game.actor === A);
    return [...new Set(choices(m, A).flatMap((a) => (a.type === 'air-raid' && a.unit === 'usn-nav-vf-5' ? [a.base] : [])))].sort();
  };

  test('VI.F.1.b: carriers strike land targets "in the SL or (from the CS) on New Guinea or Australia, or (from the SP) Rabaul or Espiritu Santo" — Rabaul, not in the Slot, only from the South Pacific', () => {
    // Through the real flow of AugI: SARATOGA with her air sails into the Coral Sea or the South Pacific by day.
    expect(carrierTargets('CS')).toEqual(['buna', 'guadalcanal']);
    expect(carrierTargets('SP')).toEqual(['guadalcanal', 'rabaul']);
  });
});
