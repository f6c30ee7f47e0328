/**
 * VI.F.1.a and VI.F.1.b sentences the rules ledger (docs/rules/ssj.md) found no test checking in full, through the real flow:
 * the reach of short-range air at Port Moresby and Buna, and which air units may go aboard a carrier.
 */
import { act, advance, choices, done, newMatch, putInGroup } from './helpers';
import { airMatch, play, startAirStage } from './battle-helpers';
import { airUnit, own } from '../../../src/games/ssj/units';

const A = 'allied' as const;
const J = 'japanese' as const;
const MAR = 'usn-35th-fg';
const JAAF = 'jaaf-tainan-lae';

test('VI.F.1.a "MAR and JAAF air units based at Port Moresby or Buna may attack each other\'s bases or the Coral Sea": not the Slot, nor another base', () => {
  const m = airMatch({ [MAR]: 'port-moresby', [JAAF]: 'buna' }, { detection: { allied: ['CS', 'SL'], japanese: ['CS', 'SL'] } });
  putInGroup(m, J, 'CS', 'day', ['ijn-chokai'], 'g-jp-cs');
  putInGroup(m, J, 'SL', 'day', ['ijn-aoba'], 'g-jp-sl');
  putInGroup(m, A, 'CS', 'day', ['usn-quincy'], 'g-al-cs');
  startAirStage(m, 'morning-land');
  expect(m.game.actor).toBe(A);
  const reach = (side: typeof A | typeof J, unit: string) =>
    [
      ...new Set(
        choices(m, side).flatMap((a) => (a.type === 'air-strike' && a.unit === unit ? [`group ${a.group}`] : a.type === 'air-raid' && a.unit === unit ? [`base ${a.base}`] : [])),
      ),
    ].sort();
  expect(reach(A, MAR)).toEqual(['base buna', 'group g-jp-cs']);
  play(m, A, done);
  expect(m.game.actor).toBe(J);
  expect(reach(J, JAAF)).toEqual(['base port-moresby', 'group g-al-cs']);
});

test('VI.F.1.b "Only NAV and IJN air units may operate from carriers": at the return to base a carrier in port with room may take naval air aboard, never a MAR or B-17 unit', () => {
  let m = newMatch('carrier-room');
  const g = m.game;
  // SARATOGA in port at Espiritu Santo with room for one: VF-5 (NAV) on the airfield, with a MAR unit and a B-17.
  own(g, 'usn-nav-vf-5').place = { at: 'base', base: 'espiritu-santo' };
  own(g, MAR).place = { at: 'base', base: 'espiritu-santo' };
  expect(g.units.of('usaaf-26th-bs').place).toEqual({ at: 'base', base: 'espiritu-santo' });
  m = act(m, J, done);
  m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === A);
  const embarking = choices(m, A).flatMap((a) => (a.type === 'embark' && a.carrier === 'usn-saratoga' ? [a.unit] : []));
  expect(embarking).toContain('usn-nav-vf-5');
  expect(embarking).not.toContain(MAR);
  expect(embarking).not.toContain('usaaf-26th-bs');
  expect(embarking.every((id) => ['NAV', 'IJN'].includes(airUnit(id).type))).toBe(true);
  m = act(m, A, { type: 'embark', unit: 'usn-nav-vf-5', carrier: 'usn-saratoga' });
  expect(m.game.units.of('usn-nav-vf-5').place).toEqual({ at: 'aboard', ship: 'usn-saratoga' });
});
