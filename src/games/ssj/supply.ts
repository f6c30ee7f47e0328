/**
 * VI.G: supply. Units in home bases are always supplied; elsewhere a side's ground units
 * are supplied if it controls the base's sea area by day or by night, or by Allied B-17s
 * flying aerial supply (3 units each, on the routes the text names). Half of an
 * unsupplied group (rounded up) is eliminated; air units are never lost to supply.
 */
import type { LogEntry } from '../../engine';
import { B17_SUPPLY_UNITS, BASES, HOME_BASES, halfRoundedUp } from './data';
import type { BaseId, BoxId, SeaAreaId, Side } from './data/types';
import type { SsjAction } from './actions';
import { destroyUnit } from './damage';
import { baseName } from './setup';
import { other, SIDE_NAME, type SsjState } from './state';
import { airUnit, isSub, unitName, unitsOf } from './units';

type AirSupply = Extract<SsjAction, { type: 'air-supply' | 'done' }>;

/** Aerial supply routes: the base supplied ← where its B-17 flies from (VI.G). */
export const AIR_SUPPLY_ROUTES: Partial<Record<BaseId, BaseId>> = {
  buna: 'port-moresby',
  'port-moresby': 'australia',
  guadalcanal: 'espiritu-santo',
  bougainville: 'guadalcanal',
};

const DAY: BoxId[] = ['day', 'daynight'];
const NIGHT: BoxId[] = ['daynight', 'night'];

function surfaceShipsIn(s: SsjState, side: Side, area: SeaAreaId, boxes: BoxId[]): boolean {
  return Object.values(s.groups).some((g) => g.side === side && g.area === area && boxes.includes(g.box) && g.ships.some((id) => !isSub(id)));
}

/**
 * Control of a sea area at a time of day (VI.F.2.g.2.b): the side with surface ships left
 * there. RULING: until combat is resolved, when both sides have ships at the same time of
 * day neither controls it.
 */
export function controls(s: SsjState, side: Side, area: SeaAreaId, time: 'day' | 'night'): boolean {
  const boxes = time === 'day' ? DAY : NIGHT;
  return surfaceShipsIn(s, side, area, boxes) && !surfaceShipsIn(s, other(side), area, boxes);
}

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
  s.airSupply[a.unit] = a.base;
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
          if (dest === base && s.units[b17]!.place.at !== 'destroyed') supplied += B17_SUPPLY_UNITS;
        }
      }
      const unsupplied = ids.slice(0, Math.max(0, ids.length - supplied));
      if (unsupplied.length === 0) continue;
      const lost = unsupplied.slice(unsupplied.length - halfRoundedUp(unsupplied.length));
      for (const id of lost) destroyUnit(s, s.units[id]!, `out of supply at ${baseName(base)}`);
      log.push({ to: [side], text: `Out of supply at ${baseName(base)}: ${lost.map(unitName).join(', ')} eliminated.`, data: { units: lost } });
      log.push({ to: 'public', text: `Supply (VI.G): ${lost.length} ${SIDE_NAME[side]} ground unit${lost.length === 1 ? ' is' : 's are'} eliminated out of supply at ${baseName(base)}.` });
    }
  }
  return log;
}
