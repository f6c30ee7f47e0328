/** The prompt texts of the air stages' decisions (VI.F.1.a, b, d). */
import { airAimOdds, raidOdds } from '../odds';
import { turnName, type SsjState } from '../state';
import { aimTargets } from './legality';

export function airText(s: SsjState): string {
  const a = s.air;
  if (!a) return '';
  const T = turnName(s);
  const what =
    a.stage === 'morning-land'
      ? '(VI.F.1.a) morning land-based air'
      : a.stage === 'carriers'
        ? '(VI.F.1.b) morning carrier strikes'
        : a.stage === 'counter'
          ? '(VI.F.1.b) counterattack on the raiding carriers'
          : '(VI.F.1.d) afternoon land-based air';
  if (a.step === 'land')
    return `${T} ${what}: your carrier air is in the air (VI.F.1.b note, VII.A) — pick where the next air unit lands: a carrier with room or a friendly active airfield.`;
  if (a.step === 'aim') {
    const f = a.flying!;
    const odds = airAimOdds(s, aimTargets(s, f, f.units[0]!), !!f.base, a.stage === 'afternoon-land');
    return `${T} ${what}: the struck ships are face up — aim your next air unit at one of them.${odds ? ` ${odds}` : ''}`;
  }
  if (a.stage === 'counter')
    return `${T} ${what}: the surviving air units at your raided bases — carrier air aboard carriers in port included — may strike the raiding carriers' task forces; allocate them, then close.`;
  return `${T} ${what}: allocate your air units to strikes (a group at sea${a.stage === 'afternoon-land' ? '' : ' where you have detection'}, or a base's ground units, airfield or harbour), then close. ${raidOdds(a.stage === 'afternoon-land')}`;
}
