/** Look-ups over the game data, for every kind of unit. */
import { AIR_BY_ID, AIR_UNITS, BASES, GROUND_BY_ID, GROUND_UNITS, PT_BY_ID, PT_UNITS, SHIPS, SHIPS_BY_ID, TROOP_CAPACITY } from './data';
import { SIDES, type AirUnit, type BaseId, type GroundUnit, type PtUnit, type ShipUnit } from './data/types';
import type { SsjState, UnitFields, UnitKind, UnitState } from './state';
import { slotOf, type UnitTable } from './unit-table';

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

/**
 * Copy-on-write of the units (`own`, and `shareUnits` for clone.ts). Copies of the state share
 * their table of units (unit-table.ts), and the units in it, until a step changes one:
 * - `OWNED`: tables of units a step has copied for itself, so may change in place. A table
 *   that is shared (cloned from) is taken out, so neither state that holds it changes it again.
 * - `CHANGED`: per state, the units its step copied and changed: frozen when the state is
 *   cloned, so the next step copies them in turn. A state with no entry (just set up, or read
 *   back from a snapshot) has all its units frozen then.
 */
const OWNED = new WeakSet<UnitTable>();
const CHANGED = new WeakMap<SsjState, UnitState[]>();

/** The units of `s` for a copy of it to share (clone.ts): `s` keeps them, read only from now on. */
export function shareUnits(s: SsjState): UnitTable {
  const changed = CHANGED.get(s);
  if (changed) for (const u of changed) Object.freeze(u);
  else s.units.freezeAll();
  CHANGED.set(s, []);
  OWNED.delete(s.units);
  return s.units;
}

/** Makes the units of `s` read only from now on (a view has been made from them): a later change copies them. */
export function sealUnits(s: SsjState): void {
  OWNED.delete(s.units);
}

/** Starts the record of what the step that made `copy` (a fresh copy of a state) changes. */
export function startChanges(copy: SsjState): void {
  CHANGED.set(copy, []);
}

/**
 * The unit `id` of `s`, to change: every change to a unit goes through here (the types make a
 * unit read only everywhere else). A unit shared with another state (frozen) is copied first,
 * and so is the table of units, once a step (an array slice); later changes in the same step
 * go to the copies.
 */
export function own(s: SsjState, id: string): UnitFields {
  const u = s.units.of(id);
  if (!Object.isFrozen(u)) return u as UnitFields;
  if (!OWNED.has(s.units)) {
    s.units = s.units.copy();
    OWNED.add(s.units);
  }
  const c: UnitFields = { ...u };
  s.units.put(c);
  CHANGED.get(s)?.push(c);
  return c;
}

/**
 * Every unit's id by side and kind, in the state's own order (set-up adds ships, air, ground and
 * PT units in the counter sheet's order, and no unit is ever added later), so that a look-up by
 * side or kind reads only those units instead of scanning them all; with each one's slot in a
 * table of units (unit-table.ts), so that reading them takes no look-up of the id.
 */
const IDS = (() => {
  const by = new Map<string, { ids: string[]; slots: number[] }>();
  const put = (key: string, id: string) => {
    let run = by.get(key);
    if (!run) by.set(key, (run = { ids: [], slots: [] }));
    run.ids.push(id);
    run.slots.push(slotOf(id));
  };
  const add = (kind: UnitKind, units: readonly { id: string; side: string }[]) => {
    for (const u of units) for (const key of [u.side, `${u.side}/${kind}`]) put(key, u.id);
  };
  add('ship', SHIPS);
  add('air', AIR_UNITS);
  add('ground', GROUND_UNITS);
  add('pt', PT_UNITS);
  return by;
})();
const NONE = { ids: [] as string[], slots: [] as number[] };
// By side, then kind ('' for all kinds): two look-ups of kept strings, where a key made with a template each call was hashed anew (runOf was 2% of a campaign's engine time).
const RUNS = new Map<string, Map<string, { ids: string[]; slots: number[] }>>();
for (const [key, run] of IDS) {
  const [side, kind = ''] = key.split('/');
  let bySide = RUNS.get(side!);
  if (!bySide) RUNS.set(side!, (bySide = new Map()));
  bySide.set(kind, run);
}
const runOf = (side: string, kind?: UnitKind) => RUNS.get(side)?.get(kind ?? '') ?? NONE;

/** The ids of the side's units (of `kind`) in the state's own (fixed, set-up) order: the same array every call. */
export function idsOf(side: string, kind?: UnitKind): readonly string[] {
  return runOf(side, kind).ids;
}

/** The slots (unit-table.ts) of the side's units (of `kind`), in the state's own order: for a loop that reads them without making an array of them. */
export function slotsOf(side: string, kind?: UnitKind): readonly number[] {
  return runOf(side, kind).slots;
}

/** The side's units in the state's own (fixed, set-up) order. */
export function unitsOf(s: SsjState, side: string, kind?: UnitKind): UnitState[] {
  const out: UnitState[] = [];
  for (const slot of runOf(side, kind).slots) out.push(s.units.at(slot));
  return out;
}

/** The units of `kind` of both sides (Allied first, each side in the state's own order) that pass `keep`: a scan of those units alone. */
export function unitsWhere(s: SsjState, kind: UnitKind, keep: (u: UnitState) => boolean): UnitState[] {
  const out: UnitState[] = [];
  for (const side of SIDES) {
    for (const slot of runOf(side, kind).slots) {
      const u = s.units.at(slot);
      if (keep(u)) out.push(u);
    }
  }
  return out;
}

/** How many units of `kind` each ship carries. */
export function cargoCounts(s: SsjState, kind: UnitKind): Map<string, number> {
  const m = new Map<string, number>();
  // Only the units of that kind (a scan of all of them was a few percent of a campaign's time).
  for (const side of SIDES) {
    for (const slot of runOf(side, kind).slots) {
      const u = s.units.at(slot);
      if (u.place.at === 'aboard') m.set(u.place.ship, (m.get(u.place.ship) ?? 0) + 1);
    }
  }
  return m;
}

/** The units carried by a ship (ground units) or a carrier (air units). */
export function aboard(s: SsjState, shipId: string, kind?: UnitKind): UnitState[] {
  const ship = s.units.get(shipId);
  if (!ship) return s.units.live().filter((u) => u.place.at === 'aboard' && u.place.ship === shipId && (!kind || u.kind === kind));
  // Only a side's own units go aboard its ships: read by slot, with no array of them all made first.
  const out: UnitState[] = [];
  for (const slot of runOf(ship.side, kind).slots) {
    const u = s.units.at(slot);
    if (u.place.at === 'aboard' && u.place.ship === shipId) out.push(u);
  }
  return out;
}

export const isSub = (id: string) => SHIPS_BY_ID.get(id)?.cls === 'SS';
const CARRIER_CLASSES: ReadonlySet<string> = new Set(['CV', 'CVL', 'CVE']);
export const isCarrier = (id: string) => CARRIER_CLASSES.has(SHIPS_BY_ID.get(id)?.cls ?? '');

/**
 * The base an air unit is at: its airfield, or — RULING (VI.F.1.b "carrier air units which are
 * presumed to be land-based during their carriers' stay in port") — the base of the carrier it is
 * aboard while that carrier is in port. A carrier that has sailed is at sea, and its air with it.
 * Null: at sea, reconning, off the map.
 */
export function airBaseOf(s: SsjState, u: UnitState): BaseId | null {
  if (u.place.at === 'base') return u.place.base;
  if (u.place.at !== 'aboard') return null;
  const c = s.units.get(u.place.ship);
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
