/**
 * VI.G: supply. Units in home bases are always supplied; elsewhere a side's ground units
 * are supplied if it controls the base's sea area by day or by night, or by Allied B-17s
 * flying aerial supply (3 units each, on the routes the text names). Half of an
 * unsupplied group (rounded up) is eliminated; air units are never lost to supply. Then
 * the return to base.
 */
import type { LogEntry } from '../../../engine';
import { B17_SUPPLY_UNITS, BASES, HOME_BASES, halfRoundedUp } from '../data';
import type { BaseId } from '../data/types';
import type { SsjAction } from '../actions';
import { controls } from '../control';
import { destroyUnit } from '../damage';
import { decision } from '../flow';
import { SIDE_NAME, turnName, type SsjState } from '../state';
import { airUnit, baseName, unitName, unitsOf } from '../units';
import { change } from '../shared';

type AirSupply = Extract<SsjAction, { type: 'air-supply' | 'done' }>;

/** Aerial supply routes: the base supplied ← where its B-17 flies from (VI.G). */
export const AIR_SUPPLY_ROUTES: Partial<Record<BaseId, BaseId>> = {
  buna: 'port-moresby',
  'port-moresby': 'australia',
  guadalcanal: 'espiritu-santo',
  bougainville: 'guadalcanal',
};

export function airSupplyChoices(s: SsjState): AirSupply[] {
  const out: AirSupply[] = [];
  for (const b17 of unitsOf(s, 'allied', 'air')) {
    if (airUnit(b17.id).type !== 'B-17' || b17.place.at !== 'base' || s.airSupply[b17.id]) continue;
    for (const [dest, src] of Object.entries(AIR_SUPPLY_ROUTES) as [BaseId, BaseId][]) {
      const needy = unitsOf(s, 'allied', 'ground').some((g) => g.place.at === 'base' && g.place.base === dest);
      if (b17.place.base === src && needy) out.push({ type: 'air-supply', unit: b17.id, base: dest });
    }
  }
  if (out.length > 0 || Object.keys(s.airSupply).length > 0) out.push({ type: 'done' });
  return out;
}

export function applyAirSupply(s: SsjState, a: Extract<AirSupply, { type: 'air-supply' }>): LogEntry[] {
  change(s, 'airSupply')[a.unit] = a.base;
  return [{ to: ['allied'], text: `${unitName(a.unit)} flies supply to ${baseName(a.base)} (up to ${B17_SUPPLY_UNITS} units).`, data: { units: [a.unit] } }];
}

export function resolveSupply(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  for (const side of ['japanese', 'allied'] as const) {
    const byBase = new Map<BaseId, string[]>();
    for (const g of unitsOf(s, side, 'ground')) {
      if (g.place.at !== 'base') continue;
      byBase.set(g.place.base, [...(byBase.get(g.place.base) ?? []), g.id]);
    }
    for (const [base, ids] of byBase) {
      if (HOME_BASES[side].includes(base)) continue;
      const area = BASES[base].seaArea;
      if (area && (controls(s, side, area, 'day') || controls(s, side, area, 'night'))) continue;
      let supplied = 0;
      if (side === 'allied') {
        for (const [b17, dest] of Object.entries(s.airSupply)) {
          if (dest === base && s.units.of(b17).place.at !== 'destroyed') supplied += B17_SUPPLY_UNITS;
        }
      }
      const unsupplied = ids.slice(0, Math.max(0, ids.length - supplied));
      if (unsupplied.length === 0) continue;
      const lost = unsupplied.slice(unsupplied.length - halfRoundedUp(unsupplied.length));
      for (const id of lost) destroyUnit(s, s.units.of(id), `out of supply at ${baseName(base)}`);
      log.push({ to: [side], text: `Out of supply at ${baseName(base)}: ${lost.map(unitName).join(', ')} eliminated.`, data: { units: lost } });
      log.push({
        to: 'public',
        text: `Supply (VI.G): ${lost.length} ${SIDE_NAME[side]} ground unit${lost.length === 1 ? ' is' : 's are'} eliminated out of supply at ${baseName(base)}.`,
      });
    }
  }
  return log;
}

export const supply = decision('supply', ['air-supply', 'done'], {
  text: (s) => `${turnName(s)} (VI.G): designate B-17s to fly supply (3 ground units each), then close.`,
  choices: (s) => airSupplyChoices(s),
  arrive: (s) => (airSupplyChoices(s).length > 0 ? { log: [] } : { log: resolveSupply(s), next: { phase: 'return', actor: 'japanese' } }),
  apply(s, _side, a) {
    if (a.type !== 'done') return { log: applyAirSupply(s, a), private: true };
    return { log: resolveSupply(s), next: { phase: 'return', actor: 'japanese' }, reveals: true };
  },
});
