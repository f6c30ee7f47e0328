/**
 * The parts of a side's SSJ view that are made of one item per unit (its pieces face up, its
 * pieces face down): kept and brought up to date as the units change (view.ts uses them).
 */
import { slotOf, UNIT_IDS } from './unit-table';
import { sealUnits } from './units';
import type { SsjState, UnitState } from './state';

/**
 * Parts of a side's view made before, with the units they were made from: a later state whose
 * units are the same objects (a unit is copied when a step changes it, `own` in units.ts) gets the
 * very same part back. So a view reuses what did not change, and a patch between two views finds
 * the unchanged parts at once (`a === b`). Kept per `owner`: the turn's tags object for a part
 * made from the tags (replaced each turn, so per match and turn), the match's line of unit tables
 * (`line`, unit-table.ts) for one that is not, so that a new turn does not make it again.
 *
 * A part is made of one item per unit (`items`, in the order of `ids`), joined into what the view
 * shows (`made`). When the table of units is a copy of the one the part was last made from, the
 * table knows the slots its step wrote (`changesSince`, unit-table.ts), and only those units' items
 * are made again; `made` is joined again only if an item changed, and is otherwise the same object.
 */
interface Part<Item, T> {
  /** The table of units it was made from (shared by later states until a step changes a unit). */
  record: SsjState['units'];
  /** The ids it was made for (an array made once: per side, or per side and tags). */
  ids: readonly string[];
  /** The units of `ids`, frozen, and their items: in the order of `ids`. */
  units: readonly UnitState[];
  items: readonly Item[];
  made: T;
}
const PARTS = new WeakMap<object, Map<string, Part<unknown, unknown>>>();

/** Each unit slot's position in an array of ids (-1: not in it), made once per array (the arrays of `part` are made once). */
const POSITIONS = new WeakMap<readonly string[], Int32Array>();
function positions(ids: readonly string[]): Int32Array {
  let at = POSITIONS.get(ids);
  if (!at) {
    at = new Int32Array(UNIT_IDS.length).fill(-1);
    ids.forEach((id, i) => (at![slotOf(id)] = i));
    POSITIONS.set(ids, at);
  }
  return at;
}

/** Each id's slot, in the order of an array of ids, made once per array (as `positions`): a part made anew reads its units by slot, with no look-up of each id. */
const SLOTS = new WeakMap<readonly string[], Int32Array>();
function slotsOf(ids: readonly string[]): Int32Array {
  let slots = SLOTS.get(ids);
  if (!slots) SLOTS.set(ids, (slots = Int32Array.from(ids, slotOf)));
  return slots;
}

/**
 * The part `key` of `owner` (see PARTS: `s.tags`, or `s.units.line`) for the units `ids`: each
 * unit's item made by `item`, joined by `join`, unless those units are the very ones it was last
 * made from (then the same part; nothing is allocated). Units seen here are frozen, so that a
 * later change copies them (`own`) and is seen.
 */
export function part<Item, T>(owner: object, s: SsjState, key: string, ids: readonly string[], item: (u: UnitState, slot: number) => Item, join: (items: readonly Item[]) => T): T {
  let parts = PARTS.get(owner);
  if (!parts) PARTS.set(owner, (parts = new Map()));
  const was = parts.get(key) as Part<Item, T> | undefined;
  if (was && was.record === s.units) return was.made;
  // What a part is made from stays as it is: a later change copies the units, and the table of them.
  sealUnits(s);
  const written = was && was.ids === ids ? s.units.changesSince(was.record) : undefined;
  if (was && written) return updated(s, was, written, item, join);
  if (was && was.ids === ids && sameUnits(s, positions(ids), was.units)) {
    was.record = s.units;
    return was.made;
  }
  const units: UnitState[] = [];
  const items: Item[] = [];
  for (const slot of slotsOf(ids)) {
    const u = s.units.at(slot);
    if (!Object.isFrozen(u)) Object.freeze(u);
    units.push(u);
    items.push(item(u, slot));
  }
  const made = join(items);
  parts.set(key, { record: s.units, ids, units, items, made });
  return made;
}

/** `was` brought up to the units of `s`, whose table differs from `was.record` in the `written` slots only. */
function updated<Item, T>(s: SsjState, was: Part<Item, T>, written: readonly number[], item: (u: UnitState, slot: number) => Item, join: (items: readonly Item[]) => T): T {
  const at = positions(was.ids);
  let units: UnitState[] | undefined;
  let items: Item[] | undefined;
  for (const slot of written) {
    const i = at[slot]!;
    if (i < 0) continue;
    const u = s.units.at(slot);
    if ((units ?? was.units)[i] === u) continue;
    if (!Object.isFrozen(u)) Object.freeze(u);
    units ??= was.units.slice();
    units[i] = u;
    const it = item(u, slot);
    if (it === (items ?? was.items)[i]) continue;
    items ??= was.items.slice();
    items[i] = it;
  }
  was.record = s.units;
  if (units) was.units = units;
  if (items) {
    was.items = items;
    was.made = join(items);
  }
  return was.made;
}

/** Whether the units of `s` in the slots of `at`'s ids are `units`, object for object (they were frozen when the part was made). */
function sameUnits(s: SsjState, at: Int32Array, units: readonly UnitState[]): boolean {
  for (let slot = 0; slot < at.length; slot++) {
    const i = at[slot]!;
    if (i >= 0 && units[i] !== s.units.at(slot)) return false;
  }
  return true;
}
