/**
 * Sentences of VI.F.2.e, VI.G and VI.H that no test checked (found by the rules ledger, docs/rules/ssj.md): landing on an
 * enemy-held island, the aerial supply routes, an emptied base's control, and the strategic moves at the end of the turn.
 * Each is played through the real flow from the start of a match.
 */
import { act, advance, choices, done, newMatch, type M } from './helpers';
import { own } from '../../../src/games/ssj/units';
import { holdings } from '../../../src/games/ssj/detection';
import { putInGroup } from './helpers';

const A = 'allied' as const;
const J = 'japanese' as const;
const place = (m: M, id: string) => m.game.units.of(id).place;

/** Sends the Japanese ground units at `bases` to Rabaul, so that no ground combat (nor the Kokoda Trail) moves the units a test watches. */
function clearJapaneseGround(m: M, bases: string[]): void {
  for (const u of m.game.units.values()) {
    if (u.side === J && u.kind === 'ground' && u.place.at === 'base' && bases.includes(u.place.base)) own(m.game, u.id).place = { at: 'base', base: 'rabaul' };
  }
}

test('VI.F.2.e "Units may land on an island having enemy ground units": the Marines land on Guadalcanal while its Japanese garrison is there', () => {
  let m = newMatch('land-on-enemy');
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  m = act(m, A, { type: 'load', unit: 'usmc-1-1', ship: 'usn-transdiv-b' });
  m = act(m, A, { type: 'deploy', ship: 'usn-transdiv-b', area: 'SL', box: 'daynight', group: 'new' });
  m = act(m, A, done);
  m = advance(m, (x) => choices(x, A).some((a) => a.type === 'land'));
  expect(place(m, 'ija-guadalcanal-garrison')).toEqual({ at: 'base', base: 'guadalcanal' });
  expect(choices(m, A)).toContainEqual({ type: 'land', ship: 'usn-transdiv-b', base: 'guadalcanal' });
  m = act(m, A, { type: 'land', ship: 'usn-transdiv-b', base: 'guadalcanal' });
  expect(place(m, 'usmc-1-1')).toEqual({ at: 'base', base: 'guadalcanal' });
  expect(holdings(m.game).guadalcanal).toBe('both');
});

test('VI.G AERIAL SUPPLY: "Buna … by a B-17 flying from Port Moresby; Port Moresby … from Australia; Guadalcanal … from Espiritu Santo; and Bougainville … from Guadalcanal" — and no other route', () => {
  let m = newMatch('air-supply-routes');
  const g = m.game;
  clearJapaneseGround(m, ['buna', 'guadalcanal', 'bougainville']);
  // One B-17 at each base a route starts from, Allied ground units at each base a route ends at.
  own(g, 'usaaf-26th-bs').place = { at: 'base', base: 'port-moresby' };
  own(g, 'usaaf-42nd-bs').place = { at: 'base', base: 'espiritu-santo' };
  own(g, 'usaaf-43rd-bg').place = { at: 'base', base: 'guadalcanal' };
  own(g, 'usaaf-19th-bg').place = { at: 'base', base: 'australia' };
  own(g, 'usmc-1-1').place = { at: 'base', base: 'buna' };
  own(g, 'usmc-2-1').place = { at: 'base', base: 'guadalcanal' };
  own(g, 'usmc-3-1').place = { at: 'base', base: 'bougainville' };
  m = act(m, J, done);
  // VI.G (RULINGS): B-17s are designated at the Allied deployment, before any strike.
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  const routes = choices(m, A)
    .flatMap((a) => (a.type === 'air-supply' ? [`${a.unit} → ${a.base}`] : []))
    .sort();
  // Port Moresby holds Australian troops from the start, so the Australia route is offered too.
  expect(routes).toEqual(['usaaf-19th-bg → port-moresby', 'usaaf-26th-bs → buna', 'usaaf-42nd-bs → guadalcanal', 'usaaf-43rd-bg → bougainville']);
});

test('VI.G "If a base is completely empty of units, it is considered to be under the control of the side which last had units in it": Port Moresby emptied by supply stays Allied', () => {
  let m = newMatch('emptied-base');
  const g = m.game;
  clearJapaneseGround(m, ['buna']);
  // Port Moresby's garrison is one Australian battalion; the rest of its ground units go to Australia.
  const atMoresby = g.units.values().filter((u) => u.side === A && u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'port-moresby');
  expect(atMoresby.length).toBeGreaterThan(0);
  for (const u of atMoresby.slice(1)) own(g, u.id).place = { at: 'base', base: 'australia' };
  for (const u of g.units.values().filter((x) => x.side === A && x.kind === 'air' && x.place.at === 'base' && x.place.base === 'port-moresby')) {
    own(g, u.id).place = { at: 'base', base: 'australia' };
  }
  // A Japanese task force holds the Coral Sea by day and by night: the garrison is out of supply (half of one, rounded up: it is lost).
  putInGroup(m, J, 'CS', 'daynight', ['ijn-chokai']);
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'return');
  expect(place(m, atMoresby[0]!.id)).toEqual({ at: 'destroyed' });
  expect(m.game.units.values().some((u) => u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'port-moresby')).toBe(false);
  expect(m.game.holder['port-moresby']).toBe(A);
  expect(holdings(m.game)['port-moresby']).toBe(A);
});

test('VI.H "land units may be strategically moved between home bases … without need of transports": Truk, Buna and Rabaul for the Japanese, Espiritu Santo and Australia for the Allies, and nowhere else', () => {
  let m = newMatch('strategic-moves');
  // Buna, emptied of its Japanese troops, is still Japanese-held (VI.G); the Australians do not advance on it over the Kokoda Trail.
  clearJapaneseGround(m, ['buna']);
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'ground-combat' && x.game.actor === A);
  m = act(m, A, { type: 'ground-pass', base: 'port-moresby' });
  m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === J);
  const to = (side: string, unit: string) =>
    choices(m, side)
      .flatMap((a) => (a.type === 'transfer' && a.unit === unit ? [a.to] : []))
      .sort();
  expect(place(m, 'ija-2-144')).toEqual({ at: 'base', base: 'rabaul' });
  expect(to(J, 'ija-2-144')).toEqual(['buna', 'truk']);
  // A ground unit on an island base (not a home base) is not moved strategically.
  expect(m.game.holder.buna).toBe(J);
  m = act(m, J, { type: 'transfer', unit: 'ija-2-144', to: 'buna' });
  expect(place(m, 'ija-2-144')).toEqual({ at: 'base', base: 'buna' });
  m = act(m, J, done);
  expect(to(A, 'usmc-1-1')).toEqual(['australia']);
  // Ground units on an island base (Port Moresby is no home base) are not moved strategically.
  const atMoresby = m.game.units.values().filter((u) => u.side === A && u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'port-moresby');
  expect(atMoresby.length).toBeGreaterThan(0);
  for (const u of atMoresby) expect(to(A, u.id)).toEqual([]);
});

test('VI.H "and PT boats may be moved into the Slot": a PT unit at Espiritu Santo moves into the Slot at the return to base', () => {
  let m = newMatch('pt-into-slot');
  own(m.game, 'usn-pt-mtbron3-a').place = { at: 'base', base: 'espiritu-santo' };
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === A);
  expect(choices(m, A)).toContainEqual({ type: 'pt-slot', unit: 'usn-pt-mtbron3-a' });
  m = act(m, A, { type: 'pt-slot', unit: 'usn-pt-mtbron3-a' });
  expect(place(m, 'usn-pt-mtbron3-a')).toEqual({ at: 'slot' });
});

test('VI.F.1.b "Carriers in the Slot may not launch offensive airstrikes, but they may still ... fly their offensive squadrons to another base in the later, Strategic Transfer phase": SARATOGA\'s air flies from the Slot to Port Moresby', () => {
  let m = newMatch('carrier-air-transfer');
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  m = act(m, A, { type: 'deploy', ship: 'usn-saratoga', area: 'SL', box: 'daynight', group: 'new' });
  m = act(m, A, done);
  m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === A);
  // Still in the Slot at the return to base: her squadrons may fly to any active Allied airfield (VI.H "freely moved").
  expect(place(m, 'usn-saratoga').at).toBe('group');
  const targets = choices(m, A).flatMap((a) => (a.type === 'transfer' && a.unit === 'usn-nav-vf-5' ? [a.to] : []));
  expect(targets.sort()).toEqual(['australia', 'espiritu-santo', 'port-moresby']);
  m = act(m, A, { type: 'transfer', unit: 'usn-nav-vf-5', to: 'port-moresby' });
  expect(place(m, 'usn-nav-vf-5')).toEqual({ at: 'base', base: 'port-moresby' });
  // A carrier in harbour too (VI.H): ENTERPRISE's air, at Espiritu Santo, flies to Australia; each unit moves once.
  m = act(m, A, { type: 'transfer', unit: 'usn-nav-vf-6', to: 'australia' });
  expect(place(m, 'usn-nav-vf-6')).toEqual({ at: 'base', base: 'australia' });
  expect(choices(m, A).some((a) => a.type === 'transfer' && (a.unit === 'usn-nav-vf-5' || a.unit === 'usn-nav-vf-6'))).toBe(false);
  m = act(m, A, { type: 'return', ship: 'usn-saratoga', to: 'espiritu-santo' });
  expect(
    m.game.units
      .live()
      .filter((u) => u.place.at === 'aboard' && u.place.ship === 'usn-saratoga')
      .map((u) => u.id),
  ).toEqual(['usn-nav-vb-3', 'usn-nav-vt-8']);
});
