/**
 * VI.G AERIAL SUPPLY: "For every B-17 the Allied player designates for supply transport, 3 ground units may be kept in
 * supply during that turn. However, to fulfil its mission, the B-17 may not be eliminated (after landing) during that
 * turn." Through the real flow of AugI: the B-17 is designated at the Allied deployment, flies to the base it supplies
 * and lands there, strikes nothing that turn, and supplies only if it is still there when supply is traced.
 */
import type { LogEntry } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { own } from '../../../src/games/ssj/units';
import { act, advance, choices, done, minimal, newMatch, type M } from './helpers';
import { play } from './battle-helpers';

const A = 'allied' as const;
const J = 'japanese' as const;
const AUSTRALIANS = ['aus-39', 'aus-53', 'aus-49'];
const B17 = 'usaaf-19th-bg';
const atBase = (m: M, ids: string[], base: string) => ids.filter((id) => JSON.stringify(m.game.units.of(id).place) === JSON.stringify({ at: 'base', base }));

/** Minimal play with no ground combat (the least play would attack over the Kokoda Trail), until `until`. */
function playOn(m: M, until: (m: M) => boolean): M {
  for (let i = 0; i < 1500 && !until(m); i++) {
    const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
    const pass = m.game.phase === 'ground-combat' ? choices(m, side).find((a) => a.type === 'ground-pass') : undefined;
    m = act(m, side, pass ?? minimal(m, side));
  }
  expect(until(m)).toBe(true);
  return m;
}

/**
 * AugI: Port Moresby's own air units are sent to Australia, so that an air raid on its airfield can only hit a B-17 that
 * landed there; its three Australian battalions, with no Allied ship in the Coral Sea, are out of supply but for B-17s.
 * The Japanese deploy nothing; the Allies designate `b17s` for supply to Port Moresby.
 */
function designated(seed: string, b17s: string[]): M {
  let m = newMatch(seed);
  for (const id of ['usn-35th-fg', 'usn-raaf-75']) own(m.game, id).place = { at: 'base', base: 'australia' };
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  for (const unit of b17s) m = act(m, A, { type: 'air-supply', unit, base: 'port-moresby' });
  return act(m, A, done);
}

const strikersOffered = (m: M, side: 'allied' | 'japanese') =>
  new Set(choices(m, side).flatMap((a: SsjAction) => (a.type === 'air-strike' || a.type === 'air-raid' ? [a.unit] : [])));

describe('VI.G AERIAL SUPPLY', () => {
  test('VI.G aerial supply: the B-17 designated for supply flies to the base it supplies and lands there, and raids nowhere that turn', () => {
    let m = newMatch('aerial-supply');
    m = act(m, J, done);
    m = advance(m, (x) => x.game.phase === 'allied-deployment');
    expect(choices(m, A)).toContainEqual({ type: 'air-supply', unit: B17, base: 'port-moresby' });
    m = act(m, A, { type: 'air-supply', unit: B17, base: 'port-moresby' });
    expect(m.game.units.of(B17).place).toEqual({ at: 'base', base: 'port-moresby' });
    m = act(m, A, done);
    // The morning land-based strikes, the Allies first: the other Australian B-17 may stage through Port Moresby to
    // raid Buna or Rabaul (VI.F.1.a); the one on its supply mission may not raid at all.
    m = advance(m, (x) => x.game.phase === 'air-morning' && x.game.actor === A);
    const flying = strikersOffered(m, A);
    expect(flying.has('usaaf-43rd-bg')).toBe(true);
    expect(flying.has(B17)).toBe(false);
    // Nor in the afternoon.
    m = advance(m, (x) => x.game.phase === 'air-afternoon' && x.game.actor === A);
    expect(strikersOffered(m, A).has(B17)).toBe(false);
  });

  test('VI.G aerial supply: a designation taken back at the deployment brings the B-17 home, designated no more', () => {
    let m = newMatch('aerial-supply-recall');
    m = act(m, J, done);
    m = advance(m, (x) => x.game.phase === 'allied-deployment');
    m = act(m, A, { type: 'air-supply', unit: B17, base: 'port-moresby' });
    expect(choices(m, A)).not.toContainEqual({ type: 'air-supply', unit: B17, base: 'port-moresby' });
    m = act(m, A, { type: 'recall', unit: B17 });
    expect(m.game.units.of(B17).place).toEqual({ at: 'base', base: 'australia' });
    expect(m.game.airSupply).toEqual({});
    expect(choices(m, A)).toContainEqual({ type: 'air-supply', unit: B17, base: 'port-moresby' });
  });

  test.each([
    [3, 'survives', 0],
    [6, 'is eliminated', 2],
  ])(
    'VI.G "the B-17 may not be eliminated (after landing) during that turn": a Japanese raid on Port Moresby\'s airfield rolls %i, the B-17 %s, and %i of the three Australian battalions are lost out of supply',
    (die, _fate, lost) => {
      let m = designated('supply-raided', [B17]);
      m = advance(m, (x) => x.game.phase === 'air-morning' && x.game.actor === J);
      // The Japanese JAAF unit at Buna raids Port Moresby's airfield (VI.F.1.a: "MAR and JAAF air units based at Port
      // Moresby or Buna may attack each other's bases"): the Bombardment table's air row kills one air unit on a 5–6.
      play(m, J, { type: 'air-raid', unit: 'jaaf-tainan-lae', base: 'port-moresby', target: 'air' });
      const log: LogEntry[] = play(m, J, done, [die]).log;
      expect(log.some((e) => e.to === 'public' && e.text.includes(`rolled ${die}`))).toBe(true);
      expect(m.game.units.of(B17).place).toEqual(die === 6 ? { at: 'destroyed' } : { at: 'base', base: 'port-moresby' });
      m = playOn(m, (x) => x.game.phase === 'return');
      expect(atBase(m, AUSTRALIANS, 'port-moresby')).toHaveLength(3 - lost);
    },
  );
});
