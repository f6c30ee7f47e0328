/**
 * VI.E "Count up the number of reconning land air and naval air units": recon is a use its owner chooses, for carrier
 * air as for land-based air — an air unit aboard a carrier at sea counts only when sent on recon, and then flies no
 * carrier strike (VI.F.1.b). Through the real flow of AugI.
 */
import type { LogEntry } from '../../../src/engine';
import { SPECTATOR, step } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import type { SsjView } from '../../../src/games/ssj/view';
import { own } from '../../../src/games/ssj/units';
import { act, advance, choices, minimal, newMatch, type M } from './helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const SARATOGA_AIR = ['usn-nav-vf-5', 'usn-nav-vb-3', 'usn-nav-vt-8'];

/** AugI: CHOKAI sails into the South Pacific by day; SARATOGA (her three air units aboard) joins her there, `recon` of them sent to recon. */
function deployed(recon: string[], seed = 'carrier-recon'): M {
  let m = newMatch(seed);
  m = act(m, J, { type: 'deploy', ship: 'ijn-chokai', area: 'SP', box: 'day', group: 'new' });
  m = act(m, J, { type: 'done' });
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  m = act(m, A, { type: 'deploy', ship: 'usn-saratoga', area: 'SP', box: 'daynight', group: 'new' });
  for (const unit of recon) m = act(m, A, { type: 'recon', unit, area: 'SP' });
  return m;
}

/** Plays minimal decisions (closing the deployment first) until `until`, keeping the Allied detection roll in the South Pacific. */
function playOn(m: M, until: (m: M) => boolean): { m: M; roll: { die: number; total: number } } {
  let roll: { die: number; total: number } | undefined;
  const keep = (log: LogEntry[]) => {
    for (const e of log) {
      const r = e.data?.roll as { why?: string; area?: string; die: number; total: number } | undefined;
      if (r?.why === 'detection' && r.area === 'SP' && e.to !== 'public' && e.to.includes(A)) roll = r;
    }
  };
  const go = (side: string, a: SsjAction) => {
    const out = step(ssj, m, side, a);
    keep(out.log);
    m = out.state as M;
  };
  go(A, { type: 'done' });
  for (let i = 0; i < 200 && !until(m); i++) {
    const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
    go(side, minimal(m, side));
  }
  expect(until(m)).toBe(true);
  return { m, roll: roll! };
}

const atCarrierStrikes = (x: M) => x.game.phase === 'carrier-strikes' && x.game.actor === A;
const flying = (m: M) => new Set(choices(m, A).flatMap((a) => (a.type === 'air-strike' || a.type === 'air-raid' ? [a.unit] : [])));

describe('VI.E reconning naval air units', () => {
  test("VI.E: air aboard a carrier at sea may be sent to recon its carrier's sea area, and only that one", () => {
    const m = deployed([]);
    const recon = choices(m, A).filter((a) => a.type === 'recon' && SARATOGA_AIR.includes(a.unit));
    expect(recon).toEqual(SARATOGA_AIR.map((unit) => ({ type: 'recon', unit, area: 'SP' })));
    // ENTERPRISE and WASP, still at Espiritu Santo, have no recon to fly with their air.
    const inHarbour = ['usn-nav-vf-6', 'usn-nav-vb-6', 'usn-nav-vt-3', 'usn-nav-vf-71', 'usn-nav-vs-71', 'usn-nav-vt-7'];
    expect(choices(m, A).filter((a) => a.type === 'recon' && inHarbour.includes(a.unit))).toEqual([]);
  });

  test("VI.E: carrier air at sea is no recon unless sent — SARATOGA's three air units add nothing to the roll; one sent on recon adds 1", () => {
    // VI.E: "For 1 such unit add 1 to the detection die roll; for 3, add 2". The same seed, so the same die.
    const none = playOn(deployed([]), atCarrierStrikes).roll;
    expect(none.total - none.die).toBe(0);
    const one = playOn(deployed(['usn-nav-vf-5']), atCarrierStrikes).roll;
    expect(one.total - one.die).toBe(1);
    const three = playOn(deployed(SARATOGA_AIR), (x) => x.game.phase === 'air-morning').roll;
    expect(three.total - three.die).toBe(2);
  });

  test('VI.E / VI.F.1.b: a carrier air unit sent on recon does not strike that morning; the others may', () => {
    const { m } = playOn(deployed(['usn-nav-vf-5']), atCarrierStrikes);
    // From the South Pacific SARATOGA's air may raid Rabaul or Espiritu Santo whatever the detection (VI.F.1.b), so each unit that may fly is offered.
    expect([...flying(m)].filter((u) => SARATOGA_AIR.includes(u)).sort()).toEqual(['usn-nav-vb-3', 'usn-nav-vt-8']);
    const { m: all } = playOn(deployed([]), atCarrierStrikes);
    expect([...flying(all)].filter((u) => SARATOGA_AIR.includes(u)).sort()).toEqual([...SARATOGA_AIR].sort());
  });

  test('VI.E: a recon taken back, or the carrier taken back to harbour, leaves the unit aboard and off recon', () => {
    let m = deployed(['usn-nav-vf-5', 'usn-nav-vb-3']);
    expect(choices(m, A)).toContainEqual({ type: 'recall', unit: 'usn-nav-vf-5' });
    m = act(m, A, { type: 'recall', unit: 'usn-nav-vf-5' });
    expect(m.game.units.of('usn-nav-vf-5')).toMatchObject({ place: { at: 'aboard', ship: 'usn-saratoga' } });
    expect(m.game.units.of('usn-nav-vf-5').recon).toBeUndefined();
    m = act(m, A, { type: 'recall', unit: 'usn-saratoga' });
    expect(m.game.units.of('usn-nav-vb-3').recon).toBeUndefined();
    expect(choices(m, A).filter((a) => a.type === 'recon' && SARATOGA_AIR.includes(a.unit))).toEqual([]);
  });
  test("VI.E: an air unit's recon is its owner's alone — the enemy's view never carries it, even with the unit's face turned up for him", () => {
    let m = deployed(['usn-nav-vf-5']);
    // The Allied deployment closed, the screen is off for both: the Japanese see the Allied map face down.
    ({ m } = playOn(m, (x) => x.game.phase === 'air-morning' || x.game.phase === 'carrier-strikes'));
    expect(m.game.units.of('usn-nav-vf-5').recon).toBe('SP');
    const mine = ssj.view(m.game, A) as SsjView;
    expect(mine.sides.allied.units.find((u) => u.id === 'usn-nav-vf-5')?.recon).toBe('SP');
    // The unit keeps its recon once landed elsewhere (its carrier lost: RULINGS VI.E); its face turned up there for the
    // Japanese (as a raid turns a harbour's ships up), and SARATOGA's at sea.
    own(m.game, 'usn-nav-vf-5').place = { at: 'base', base: 'espiritu-santo' };
    m.game.revealed = { ...m.game.revealed, 'usn-nav-vf-5': [J], 'usn-saratoga': [J] };
    for (const viewer of [J, SPECTATOR]) {
      const seen = ssj.view(m.game, viewer) as SsjView;
      if (viewer === J) expect(Object.values(seen.sides.allied.faces).map((f) => f.id)).toContain('usn-nav-vf-5');
      expect(JSON.stringify(seen.sides.allied)).not.toContain('"recon"');
    }
  });
});
