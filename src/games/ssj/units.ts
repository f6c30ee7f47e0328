/** Look-ups over the game data, for every kind of unit. */
import { AIR_BY_ID, BASES, GROUND_BY_ID, PT_BY_ID, SHIPS_BY_ID, TROOP_CAPACITY } from './data';
import type { AirUnit, BaseId, GroundUnit, PtUnit, ShipUnit } from './data/types';
import type { SsjState, UnitKind, UnitState } from './state';

export { SHIPS_BY_ID as SHIP_BY_ID };

export function shipUnit(id: string): ShipUnit {
  const u = SHIPS_BY_ID.get(id);
  if (!u) throw new Error(`unknown ship ${id}`);
  return u;
}

export function airUnit(id: string): AirUnit {
  const u = AIR_BY_ID.get(id);
  if (!u) throw new Error(`unknown air unit ${id}`);
  return u;
}

export type AnyUnit = ShipUnit | AirUnit | GroundUnit | PtUnit;

export function unitData(id: string): { kind: UnitKind; data: AnyUnit } {
  const s = SHIPS_BY_ID.get(id);
  if (s) return { kind: 'ship', data: s };
  const a = AIR_BY_ID.get(id);
  if (a) return { kind: 'air', data: a };
  const g = GROUND_BY_ID.get(id);
  if (g) return { kind: 'ground', data: g };
  const p = PT_BY_ID.get(id);
  if (p) return { kind: 'pt', data: p };
  throw new Error(`unknown unit ${id}`);
}

export function unitName(id: string): string {
  return unitData(id).data.name;
}

/** The name of a base, for log text. */
export const baseName = (b: BaseId) => BASES[b].name;

/** The side's units in the state's own (fixed, set-up) order. */
export function unitsOf(s: SsjState, side: string, kind?: UnitKind): UnitState[] {
  const out: UnitState[] = [];
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.side === side && (!kind || u.kind === kind)) out.push(u);
  }
  return out;
}

/** How many units of `kind` each ship carries. */
export function cargoCounts(s: SsjState, kind: UnitKind): Map<string, number> {
  const m = new Map<string, number>();
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.kind === kind && u.place.at === 'aboard') m.set(u.place.ship, (m.get(u.place.ship) ?? 0) + 1);
  }
  return m;
}

/** The units carried by a ship (ground units) or a carrier (air units). */
export function aboard(s: SsjState, shipId: string, kind?: UnitKind): UnitState[] {
  return Object.values(s.units).filter((u) => u.place.at === 'aboard' && u.place.ship === shipId && (!kind || u.kind === kind));
}

export const isSub = (id: string) => SHIPS_BY_ID.get(id)?.cls === 'SS';
export const isCarrier = (id: string) => ['CV', 'CVL', 'CVE'].includes(SHIPS_BY_ID.get(id)?.cls ?? '');

/**
 * The base an air unit is at: its airfield, or — RULING (VI.F.1.b "carrier air units which are
 * presumed to be land-based during their carriers' stay in port") — the base of the carrier it is
 * aboard while that carrier is in port. A carrier that has sailed is at sea, and its air with it.
 * Null: at sea, reconning, off the map.
 */
export function airBaseOf(s: SsjState, u: UnitState): BaseId | null {
  if (u.place.at === 'base') return u.place.base;
  if (u.place.at !== 'aboard') return null;
  const c = s.units[u.place.ship];
  return c && c.place.at === 'base' ? c.place.base : null;
}
export const isTransport = (id: string) => SHIPS_BY_ID.get(id)?.cls === 'TR';

/** How many ground units a ship may carry (VI.B note): a transport division 3, a cruiser or destroyer 1. */
export function troopCapacity(id: string): number {
  const cls = SHIPS_BY_ID.get(id)?.cls;
  if (cls === 'TR') return TROOP_CAPACITY.transport;
  if (cls === 'CA' || cls === 'CL' || cls === 'CLAA' || cls === 'DD' || cls === 'DL') return TROOP_CAPACITY.cruiserOrDestroyer;
  return 0;
}

/** Ships of `side` at sea with troops aboard. */
export function troopShips(s: SsjState, side: string): UnitState[] {
  const troops = cargoCounts(s, 'ground');
  return unitsOf(s, side, 'ship').filter((u) => u.place.at === 'group' && (troops.get(u.id) ?? 0) > 0);
}
