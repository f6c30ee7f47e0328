/**
 * The units of a state: what a unit is (`UnitFields`, `UnitState`, `Place`) and the table that
 * holds them (`UnitTable`). Every unit of the game is in every state (set-up adds them all, and
 * none is ever removed: a sunk ship is at 'sunk'), so the table is an array of fixed length, a
 * slot per unit in the counter sheet's order (`UNIT_IDS`), looked up through one map of id to
 * slot. A copy of it is an array slice: the step that changes a unit copies the table (`own` in
 * units.ts), and a 284-key record, which V8 keeps as a dictionary, cost about 12 µs to copy.
 *
 * As JSON it is what it always was, a record of units by id in that order (`toJSON`), so a
 * snapshot's text, the verifier's state hash and old snapshots are unchanged; a state read back
 * from JSON has its record made a table again by `reviveUnits` (the game module's `revive`).
 */
import { AIR_UNITS, GROUND_UNITS, PT_UNITS, SHIPS } from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';

export type UnitKind = 'ship' | 'air' | 'ground' | 'pt';

/** Where a unit is. Every unit is in exactly one place. */
export type Place =
  | { at: 'base'; base: BaseId }
  /** A ship (or submarine) in a task force group at sea. */
  | { at: 'group'; group: string }
  /** A ground unit carried by a ship, or an air unit on a carrier. */
  | { at: 'aboard'; ship: string }
  /** An air unit reconning a sea area this turn (VI.B, VI.E). */
  | { at: 'recon'; area: SeaAreaId; base: BaseId }
  /** PT boats: the only naval units based in the Slot (VI.F.2.d). */
  | { at: 'slot' }
  /** The "Returning to Truk" holding box (VI.H). */
  | { at: 'returning-to-truk' }
  /** A damaged ship knocked out of the game until turn `until` (VII.A), then back at `base`. */
  | { at: 'repair'; until: number; base: BaseId }
  /** Not in play yet: a later calendar reinforcement, or an Allied pool unit. */
  | { at: 'pool' }
  | { at: 'sunk' }
  | { at: 'destroyed' };

export type Damage = null | 'D' | 'HD';

/** A unit's fields as `own()` hands them out for changing; everywhere else a unit is read only (`UnitState`), as copies of the state share it. */
export interface UnitFields {
  id: string;
  side: Side;
  kind: UnitKind;
  place: Place;
  /** Ships: damage not yet resolved (VII.A resolves it after the phase). */
  damage: Damage;
  /** The base a ship left (or moved from) this turn; null when it has not moved. */
  from: BaseId | null;
  /** In the Returning to Truk box: the turn (index) it is back at Truk, ready for use. */
  readyTurn?: number;
  /** Carriers: air units it can still hold (reduced by damage, VII.A). */
  capacity?: number;
  /** An Allied reinforcement of this turn waiting to be placed at Espiritu Santo or Australia (VI.A). */
  arriving?: boolean;
  /**
   * An air unit aboard a carrier at sea, sent by its owner at the deployment to recon the carrier's sea area this turn
   * (VI.E "reconning ... naval air units"): it counts for detection there and flies no strike that turn (VI.F.1.b), even
   * once landed elsewhere after its carrier is lost. It stays aboard for everything else (RULINGS VI.E).
   */
  recon?: SeaAreaId;
  /** Moved strategically this turn (VI.H): once a turn. */
  transferred?: boolean;
  /** A damaged ship: the sea area it was damaged in, until its damage is resolved (VII.A). */
  damagedIn?: SeaAreaId;
  /** An HD ship still at sea: its owner's secret damage die, rolled after the phase; it takes effect when the ship leaves the sea area (RULINGS VII.A). */
  damageDie?: number;
  /** In repair after an HD roll of 5: the sea area whose enemy land air base decides at the end of the turn whether it sinks (VII.A). */
  fiveIn?: SeaAreaId;
  /**
   * VI.D (RULINGS): a ship hit by a blind submarine attack on a Night Only group is gone —
   * home to this place, or sunk — though its face-down piece stays in the group until the
   * submarine phase ends (the result is its owner's secret until then).
   */
  leaving?: BaseId | 'returning-to-truk' | 'sunk';
  /**
   * A ship at sea that the damage resolution after this phase knocks out of the game: where its owner chose to have it
   * repaired, among the places VI.H lets it go home to (repair.ts). Its owner's secret.
   */
  repairAt?: BaseId;
}

/** A unit as the state holds it: read only, because copies of the state share it (see `own` in units.ts). */
export type UnitState = Readonly<UnitFields>;

/** Every unit's id, in the state's own order: the counter sheet's (ships, air, ground, PT), the order set-up adds them in. */
export const UNIT_IDS: readonly string[] = [...SHIPS, ...AIR_UNITS, ...GROUND_UNITS, ...PT_UNITS].map((u) => u.id);

/** Each slot's side (`UNIT_IDS` order). */
export const SLOT_SIDES: readonly Side[] = [...SHIPS, ...AIR_UNITS, ...GROUND_UNITS, ...PT_UNITS].map((u) => u.side);

/** Every unit's id, sorted (as `Object.keys(record).sort()` gave them). */
export const SORTED_UNIT_IDS: readonly string[] = [...UNIT_IDS].sort();

/** Each unit's slot in a table. */
const SLOT: ReadonlyMap<string, number> = new Map(UNIT_IDS.map((id, i) => [id, i]));

/** The slot of unit `id`, or undefined for an id that is no unit's. */
export const slotIfAny = (id: string): number | undefined => SLOT.get(id);

/** The slot of unit `id` (throws for an id that is no unit's). */
export function slotOf(id: string): number {
  const i = SLOT.get(id);
  if (i === undefined) throw new Error(`unknown unit ${id}`);
  return i;
}

/**
 * Every unit of a state, a slot each in `UNIT_IDS` order. Read it with `get`/`of`/`values`;
 * only `own` (units.ts) changes it, through `put`, on a table it has copied for its step.
 */
export class UnitTable {
  /**
   * The table this one was copied from and the slots `put` has written since (`changesSince`),
   * so a view part made from that table is brought up to date unit by unit (view.ts). Only the
   * newest copy keeps its way back (`copy` drops the one of the table it copies), so tables never
   * chain a match's past; private fields, so neither its JSON nor a test's toEqual sees them.
   */
  #from: UnitTable | undefined;
  #written: number[] | undefined;
  /**
   * One object shared by this table and every copy made from it, down the line: the match's
   * units, whatever the turn, as a key for what is kept of them (view-parts.ts). A table made
   * anew (set-up, a snapshot read back) starts a line of its own.
   */
  readonly #line: object;

  private constructor(
    private readonly slots: UnitState[],
    line: object = {},
  ) {
    this.#line = line;
  }

  /** The object shared by this table and all its copies (see `#line`). */
  get line(): object {
    return this.#line;
  }

  /** A table of `units` (every unit of the game, in any order). */
  static of(units: Iterable<UnitState>): UnitTable {
    const slots = new Array<UnitState | undefined>(UNIT_IDS.length);
    for (const u of units) slots[slotOf(u.id)] = u;
    const missing = UNIT_IDS.filter((_, i) => !slots[i]);
    if (missing.length) throw new Error(`a state's units must be every unit of the game: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} missing`);
    return new UnitTable(slots as UnitState[]);
  }

  /** The unit `id`, or undefined for an id that is no unit's. */
  get(id: string): UnitState | undefined {
    const i = SLOT.get(id);
    return i === undefined ? undefined : this.slots[i];
  }

  /** The unit `id` (throws for an id that is no unit's). */
  of(id: string): UnitState {
    return this.slots[slotOf(id)]!;
  }

  /** The unit in slot `i` (`slotOf`). */
  at(i: number): UnitState {
    return this.slots[i]!;
  }

  /** Every unit, in `UNIT_IDS` order: a new array, so a loop that changes units goes on over the units as they were (as `Object.values` of the record did). */
  values(): UnitState[] {
    return this.slots.slice();
  }

  /**
   * Every unit, in `UNIT_IDS` order: the table's own array, for a loop that changes no unit
   * (a change through `own` may show in it; a loop that changes units reads `values()`).
   */
  live(): readonly UnitState[] {
    return this.slots;
  }

  /** A copy, for a step to change (`own`): the units themselves are shared. */
  copy(): UnitTable {
    const t = new UnitTable(this.slots.slice(), this.#line);
    t.#from = this;
    t.#written = [];
    this.#from = this.#written = undefined;
    return t;
  }

  /**
   * The slots whose unit may differ between `t` and this table, when this one is a copy of `t`
   * (each written slot once or more, in no useful order); undefined when it is not known (another
   * table, or one whose way back a later copy has dropped): the caller compares them all then.
   */
  changesSince(t: UnitTable): readonly number[] | undefined {
    return this.#from === t ? this.#written : undefined;
  }

  /** Puts `u` in its slot: for `own` (units.ts) only, on a table its step has copied. */
  put(u: UnitState): void {
    const i = slotOf(u.id);
    this.slots[i] = u;
    this.#written?.push(i);
  }

  /** Freezes every unit (the units are shared from now on). */
  freezeAll(): void {
    for (const u of this.slots) Object.freeze(u);
  }

  /** JSON as the state always had it: a record of units by id, in `UNIT_IDS` order. */
  toJSON(): Record<string, UnitState> {
    const out: Record<string, UnitState> = {};
    for (const u of this.slots) out[u.id] = u;
    return out;
  }
}

/** The units of a state read back from JSON (a record by id) as a table; a table is returned as it is. */
export function reviveUnits(units: UnitTable | Readonly<Record<string, UnitState>>): UnitTable {
  return units instanceof UnitTable ? units : UnitTable.of(Object.values(units));
}
