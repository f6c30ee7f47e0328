/**
 * VI.F.1.b "any surviving air units at those bases ... including any carrier air units which are
 * presumed to be land-based during their carriers' stay in port ... may then fly a special, separate
 * counterattack mission against the raiding carrier task force(s)" (issue #11, deviation 4): carrier
 * air aboard a carrier in port counts as the base's air — it counterattacks, is raided on the
 * airfield and defends the base (VII.B). Every match here is played from the start through real
 * actions: AugI and AugII minimally, SHOKAKU's air embarking at Truk at the end of AugII (VI.H),
 * then the SepI deployments; the dice of the air strikes are scripted.
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import type { BaseId } from '../../../src/games/ssj/data/types';
import { act, advance, choices, newMatch, type M } from './helpers';
import { logFor, play, view } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const SHOKAKU_AIR = ['ijn-shokaku-fighters', 'ijn-shokaku-divebombers', 'ijn-shokaku-torpedo'];
const SARATOGA_AIR = ['usn-nav-vf-5', 'usn-nav-vb-3', 'usn-nav-vt-8'];
const IN_PORT_AIR = [...SARATOGA_AIR, 'usn-nav-vf-6', 'usn-nav-vb-6', 'usn-nav-vt-3', 'usn-nav-vf-71', 'usn-nav-vs-71', 'usn-nav-vt-7'];
const ALLIED_CARRIERS = ['usn-saratoga', 'usn-enterprise', 'usn-wasp'];

/** A match played minimally to the Japanese deployment of SepI, SHOKAKU's air embarked on her at Truk at the end of AugII (VI.H). */
function sepI(seed: string): M {
  let m = advance(newMatch(seed), (x) => x.game.turn === 1 && x.game.phase === 'return');
  expect(m.game.actor).toBe(J);
  for (const unit of SHOKAKU_AIR) m = act(m, J, { type: 'embark', unit, carrier: 'ijn-shokaku' });
  return advance(m, (x) => x.game.turn === 2 && x.game.phase === 'japanese-deployment');
}

/** Deployment steps: every air unit of `side` on the airfield of `base` but `keep` flies recon (VI.B), leaving the airfield. */
function reconAway(m: M, side: 'allied' | 'japanese', base: BaseId, keep: string[] = []): M {
  const ids = m.game.units
    .values()
    .filter((u) => u.side === side && u.kind === 'air' && u.place.at === 'base' && u.place.base === base && !keep.includes(u.id))
    .map((u) => u.id);
  for (const id of ids)
    m = act(
      m,
      side,
      choices(m, side).find((a) => a.type === 'recon' && a.unit === id)!,
    );
  return m;
}

/**
 * SepI: SHOKAKU sails from Truk into the South Pacific with her air; the Allied carriers stay in port at
 * Espiritu Santo with theirs (or `sail` them into the Slot, where carriers launch no strikes); the Allied air on Espiritu Santo's airfield
 * flies recon but `keep`. At the Japanese allocation of the carrier strikes.
 */
function raidOnEspirituSanto(seed: string, o: { keep?: string[]; sail?: string[] } = {}): M {
  let m = sepI(seed);
  m = act(m, J, { type: 'deploy', ship: 'ijn-shokaku', area: 'SP', box: 'daynight', group: 'new' });
  m = act(m, J, { type: 'done' });
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  for (const ship of o.sail ?? []) m = act(m, A, { type: 'deploy', ship, area: 'SL', box: 'daynight', group: 'new' });
  m = reconAway(m, A, 'espiritu-santo', o.keep);
  m = act(m, A, { type: 'done' });
  m = advance(m, (x) => x.game.phase === 'carrier-strikes');
  expect(m.game.actor).toBe(J);
  return m;
}

const groupOf = (m: M, ship: string) => (m.game.units.of(ship).place as { group: string }).group;

describe('VI.F.1.b counterattack by carrier air in port', () => {
  test("VI.F.1.b: carrier air units presumed land-based during their carriers' stay in port may fly the counterattack against the raiding carrier task force, and return to their carrier", () => {
    const m = raidOnEspirituSanto('port-counter');
    const g = groupOf(m, 'ijn-shokaku');
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'ground' });
    // The raid rolls 3: nothing lost, not shot down (no 2 in the morning). The raider lands back on SHOKAKU, its owner's pick.
    play(m, J, { type: 'done' }, [3]);
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    expect(m.game.phase).toBe('counterattack');
    expect(m.game.actor).toBe(A);
    const offered = choices(m, A);
    expect(offered).toEqual([...IN_PORT_AIR.map((unit): SsjAction => ({ type: 'air-strike', unit, group: g })), { type: 'done' }]);
    expect(ssj.prompt(m.game, A)!.text).toMatch(/carrier air aboard carriers in port included/);
    play(m, A, { type: 'air-strike', unit: 'usn-nav-vb-3', group: g });
    play(m, A, { type: 'done' });
    // 5 on the CV column (no anchored shift at sea): D.
    const out = play(m, A, { type: 'air-target', unit: 'usn-nav-vb-3', ship: 'ijn-shokaku' }, [5]);
    expect(logFor(out.log, 'spectator').join('\n')).toMatch(/Allied NAV attacked SHOKAKU \(piece [^)]+\): rolled 5 — D/);
    // VI.F.1.a "returned to their bases immediately after their attacks": back aboard SARATOGA, still in port.
    expect(m.game.units.of('usn-nav-vb-3').place).toEqual({ at: 'aboard', ship: 'usn-saratoga' });
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'base', base: 'espiritu-santo' });
  });

  test('VI.F.1.b "during their carriers\' stay in port": air aboard a carrier that has sailed does not counterattack for its base; the base\'s side is still asked, its harbour holding pieces', () => {
    const m = raidOnEspirituSanto('port-sailed', { sail: ALLIED_CARRIERS });
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'ground' });
    play(m, J, { type: 'done' }, [3]);
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    expect(m.game.phase).toBe('counterattack');
    // RULING: the Allies are asked all the same (only to close): being asked must not tell whether ships in port carry air.
    expect(m.game.actor).toBe(A);
    expect(choices(m, A)).toEqual([{ type: 'done' }]);
    expect(view(m, J).actor).toBe(A);
    play(m, A, { type: 'done' });
    expect(m.game.phase).not.toBe('counterattack');
    for (const id of SARATOGA_AIR) expect(m.game.units.of(id).place).toEqual({ at: 'aboard', ship: 'usn-saratoga' });
  });
});

describe('VI.F.1.a raids on the air units of a base with carriers in port', () => {
  test('VI.F.1.a/b: carrier air presumed land-based in port may be attacked on the airfield: a raid on the air units destroys it', () => {
    const m = raidOnEspirituSanto('port-raid');
    // No air on Espiritu Santo's airfield: the air units there are SARATOGA's, ENTERPRISE's and WASP's, aboard in port.
    expect(choices(m, J)).toContainEqual({ type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-divebombers', base: 'espiritu-santo', target: 'air' });
    const vp = m.game.vp.japanese;
    // Two 6s on the Bombardment table's air row against air units: one unit each, the first in counter-sheet order.
    const out = play(m, J, { type: 'done' }, [6, 6]);
    expect(m.game.units.of('usn-nav-vf-5').place).toEqual({ at: 'destroyed' });
    expect(m.game.units.of('usn-nav-vb-3').place).toEqual({ at: 'destroyed' });
    expect(m.game.units.of('usn-nav-vt-8').place).toEqual({ at: 'aboard', ship: 'usn-saratoga' });
    expect(m.game.vp.japanese).toBe(vp + 4);
    expect(logFor(out.log, 'spectator').join('\n')).toMatch(/raids the airfield at Espiritu Santo: rolled 6, 1 Allied unit eliminated/);
    expect(logFor(out.log, A).join('\n')).toMatch(/Lost at Espiritu Santo: VF-5/);
    // The raiders land back on SHOKAKU (their owner's pick); the survivors still counterattack.
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-divebombers', ship: 'ijn-shokaku' });
    expect(m.game.phase).toBe('counterattack');
    expect(choices(m, A).map((a) => (a as { unit?: string }).unit)).toContain('usn-nav-vt-8');
    expect(choices(m, A).map((a) => (a as { unit?: string }).unit)).not.toContain('usn-nav-vf-5');
  });

  test('VI.F.1.a RULING: the air units lost to a raid are the first in counter-sheet order among those on the airfield and those aboard carriers in port alike', () => {
    // VP-23 stays on the airfield; SARATOGA's VF-5 comes before it on the counter sheet.
    const m = raidOnEspirituSanto('port-order', { keep: ['usn-nav-vp-23'] });
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    play(m, J, { type: 'done' }, [5]);
    expect(m.game.units.of('usn-nav-vf-5').place).toEqual({ at: 'destroyed' });
    expect(m.game.units.of('usn-nav-vp-23').place).toEqual({ at: 'base', base: 'espiritu-santo' });
  });

  test('VI.F.1.a fog RULING: the air units of a naval base are offered as a target whenever its harbour holds ship pieces, whether or not its carriers carry air', () => {
    const m = raidOnEspirituSanto('port-offer', { sail: ALLIED_CARRIERS });
    // No air on the airfield and no carrier in port, but ship pieces in the harbour: the offer is the same.
    expect(choices(m, J)).toContainEqual({ type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    play(m, J, { type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
    const out = play(m, J, { type: 'done' }, [6]);
    expect(logFor(out.log, 'spectator').join('\n')).toMatch(/raids the airfield at Espiritu Santo: rolled 6, 0 Allied units eliminated/);
  });
});

describe('VII.B antiaircraft over a base with carriers in port', () => {
  test('VII.B.1: a B-17 raiding a base whose only air units are carrier air in port is opposed, and a 1 shoots it down', () => {
    let m = sepI('port-b17');
    // SHOKAKU moves to Rabaul with her air aboard; the air on Rabaul's airfield flies recon.
    m = act(m, J, { type: 'rebase', ship: 'ijn-shokaku', base: 'rabaul' });
    m = reconAway(m, J, 'rabaul');
    m = act(m, J, { type: 'done' });
    m = advance(m, (x) => x.game.phase === 'air-morning');
    expect(m.game.actor).toBe(A);
    // The B-17 from Australia stages through Port Moresby to raid Rabaul's ground units.
    play(m, A, { type: 'air-raid', unit: 'usaaf-19th-bg', base: 'rabaul', target: 'ground' });
    const out = play(m, A, { type: 'done' }, [1]);
    expect(m.game.units.of('usaaf-19th-bg').place).toEqual({ at: 'destroyed' });
    expect(logFor(out.log, 'spectator').join('\n')).toMatch(/raiding Rabaul rolled 1: shot down \(VII\.B\)/);
  });
});
