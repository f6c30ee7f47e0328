/**
 * A turn's tags (VI.A: each turn every piece gets a new opaque tag, so a face-down piece cannot be
 * followed from one turn to the next): the tag of each unit, by its slot in the table of units
 * (unit-table.ts). `beginTurn` draws a new table each turn and nothing changes one afterwards
 * (a look-alike swap makes a new one), so its identity is the turn's: view parts made of the
 * tags are kept per table (view.ts).
 *
 * It was a record of 284 tags by id, which V8 keeps as a dictionary: making it was a fifth of
 * the end of a turn, the slowest step of a campaign. As JSON it is that record still (`toJSON`,
 * in the order of the units), so snapshots, canonical JSON and the verifier's hashes are as
 * they were; a record read back from a snapshot is made a table again by `reviveTags`.
 */
import { tagTextNumber } from '../../engine';
import type { Side } from './data/types';
import { SLOT_SIDES, slotIfAny, slotOf, SORTED_UNIT_IDS, UNIT_IDS } from './unit-table';

/** Each id of `SORTED_UNIT_IDS` as its slot. */
const SORTED_SLOTS: readonly number[] = SORTED_UNIT_IDS.map(slotOf);

/** Slots take 9 bits under a tag's 40 (284 units; 49 bits in all, exact in a double). */
const SLOT_BITS = 512;

/** The 49-bit keys of `inTagOrder` fall into this many runs by their top bits (`sortKeys`). */
const RUNS = 512;
const RUN_SIZE = 2 ** 49 / RUNS;

/**
 * Sorts `keys` (whole numbers under 2^49) in place: counted into runs by their top 9 bits, then an
 * insertion sort, which finds them almost in order. Drawn tags are uniform, so a run holds one key or
 * none and the insertion sort moves next to nothing: about half the time of `Float64Array#sort` on a
 * turn's 284 keys. Tags made by hand (a test's) may share a run; the insertion sort still orders them.
 */
function sortKeys(keys: Float64Array): void {
  const n = keys.length;
  const starts = new Int32Array(RUNS + 1);
  for (let i = 0; i < n; i++) starts[Math.floor(keys[i]! / RUN_SIZE) + 1]!++;
  for (let r = 0; r < RUNS; r++) starts[r + 1]! += starts[r]!;
  const byRun = new Float64Array(n);
  for (let i = 0; i < n; i++) byRun[starts[Math.floor(keys[i]! / RUN_SIZE)]!++] = keys[i]!;
  for (let i = 0; i < n; i++) {
    const v = byRun[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > v) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = v;
  }
}

export class TagTable {
  /** Every slot in the order of its unit's tag, once asked for (`inTagOrder`); null when that order is not one of distinct tags. */
  #order: readonly number[] | null | undefined;
  /** Each side's unit ids in that order, once asked for (`idsInTagOrder`). */
  #ids: Record<Side, readonly string[]> | undefined;

  /**
   * Each slot's tag as the number that sorts as its text does, when the draw gave them (`drawn`). A
   * private field, as `#order` and `#ids`: neither its JSON nor a test's `toEqual` sees it, so a table
   * read back from a snapshot equals the one drawn.
   */
  readonly #numbers: Float64Array | undefined;

  private constructor(
    private readonly slots: readonly (string | undefined)[],
    numbers?: Float64Array,
  ) {
    this.#numbers = numbers;
  }

  /**
   * Every unit's slot in the order of their tags as text, made once per table: a number for each tag
   * that sorts as its text does, with the slot under it, sorted as numbers. Sorting each side's 140
   * tags as strings was a third of the views made when the screen comes down; reading the numbers
   * back from the strings, and taking the slot out by a float modulo, were most of what was left, so
   * a drawn table has its numbers from the draw. Null when some unit has no tag, or two share one, or
   * a tag is not of the alphabet (states made by hand): the caller then sorts as it did.
   */
  inTagOrder(): readonly number[] | null {
    if (this.#order !== undefined) return this.#order;
    const keys = new Float64Array(this.slots.length);
    for (let i = 0; i < this.slots.length; i++) {
      const t = this.slots[i];
      const n = this.#numbers ? this.#numbers[i]! : t === undefined ? -1 : tagTextNumber(t);
      if (n < 0) return (this.#order = null);
      keys[i] = n * SLOT_BITS + i;
    }
    sortKeys(keys);
    const order = new Array<number>(keys.length);
    let last = -1;
    for (let i = 0; i < keys.length; i++) {
      const tag = Math.floor(keys[i]! / SLOT_BITS);
      // Two equal tags: not an order of distinct tags.
      if (tag === last) return (this.#order = null);
      order[i] = keys[i]! - tag * SLOT_BITS;
      last = tag;
    }
    return (this.#order = order);
  }

  /** Each side's unit ids in the order of their tags (see `idsInTagOrder`), made once per table in one pass. */
  idsBySide(): Record<Side, readonly string[]> {
    if (this.#ids) return this.#ids;
    const order = this.inTagOrder();
    if (!order) return (this.#ids = { allied: sortByTag(this, IDS_OF.allied), japanese: sortByTag(this, IDS_OF.japanese) });
    const ids: Record<Side, string[]> = { allied: [], japanese: [] };
    for (const slot of order) ids[SLOT_SIDES[slot]!].push(UNIT_IDS[slot]!);
    return (this.#ids = ids);
  }

  /** No unit tagged (a state before the first turn begins). */
  static none(): TagTable {
    return new TagTable(new Array<string | undefined>(UNIT_IDS.length).fill(undefined));
  }

  /**
   * The tags of a turn as `beginTurn` draws them: the unit `SORTED_UNIT_IDS[order[i]]` has
   * `tags[i]` (`order` a shuffle of those positions, `tags` as many distinct tags).
   */
  static drawn(order: readonly number[], tags: readonly string[], textOrder?: Float64Array): TagTable {
    const slots = new Array<string | undefined>(UNIT_IDS.length).fill(undefined);
    // Every slot is drawn a tag (`order` is a shuffle of them all), so the numbers, when given, are every slot's.
    const numbers = textOrder && order.length === UNIT_IDS.length ? new Float64Array(UNIT_IDS.length) : undefined;
    for (let i = 0; i < order.length; i++) {
      const slot = SORTED_SLOTS[order[i]!]!;
      slots[slot] = tags[i];
      if (numbers) numbers[slot] = textOrder![i]!;
    }
    return new TagTable(slots, numbers);
  }

  /** The table of a record of tags by unit id (a state's JSON). */
  static fromRecord(tags: Readonly<Record<string, string>>): TagTable {
    const slots = new Array<string | undefined>(UNIT_IDS.length).fill(undefined);
    for (const id in tags) slots[slotOf(id)] = tags[id];
    return new TagTable(slots);
  }

  /** The tag of unit `id` (undefined: no such unit, or not tagged yet). */
  of(id: string): string | undefined {
    const i = slotIfAny(id);
    return i === undefined ? undefined : this.slots[i];
  }

  /** The tag of the unit in slot `i` (unit-table.ts; undefined: not tagged yet). */
  at(i: number): string | undefined {
    return this.slots[i];
  }

  /** A new table, with the tags of units `a` and `b` swapped. */
  swapped(a: string, b: string): TagTable {
    const slots = this.slots.slice();
    const [i, j] = [slotOf(a), slotOf(b)];
    [slots[i], slots[j]] = [slots[j], slots[i]];
    const numbers = this.#numbers?.slice();
    if (numbers) [numbers[i], numbers[j]] = [numbers[j]!, numbers[i]!];
    return new TagTable(slots, numbers);
  }

  /** JSON as the state always had it: a record of tags by unit id (in `UNIT_IDS` order; the tagged units only). */
  toJSON(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i < UNIT_IDS.length; i++) {
      const t = this.slots[i];
      if (t !== undefined) out[UNIT_IDS[i]!] = t;
    }
    return out;
  }
}

/** The tags of a state read back from JSON (a record by id) as a table; a table is returned as it is. */
export function reviveTags(tags: TagTable | Readonly<Record<string, string>>): TagTable {
  return tags instanceof TagTable ? tags : TagTable.fromRecord(tags);
}

/** Each side's unit ids, in `UNIT_IDS` order (the state's own). */
const IDS_OF: Record<Side, readonly string[]> = {
  allied: UNIT_IDS.filter((_, i) => SLOT_SIDES[i] === 'allied'),
  japanese: UNIT_IDS.filter((_, i) => SLOT_SIDES[i] === 'japanese'),
};

/**
 * The side's units' ids in the order of their tags (the order a side's face-down pieces are listed
 * in: it says nothing about them), made once per table (`idsBySide`). From the table's order of all
 * units when it has one (every tag distinct and of the alphabet, as `beginTurn` draws them);
 * otherwise (states made by hand) the tags are sorted as strings: a unit without a tag comes first,
 * by id, and two units sharing a tag go by id.
 */
export function idsInTagOrder(tags: TagTable, side: Side): readonly string[] {
  return tags.idsBySide()[side];
}

/** `ids` in the order of their tags, sorted as strings (see `idsInTagOrder`). */
function sortByTag(tags: TagTable, ids: readonly string[]): string[] {
  const untagged: string[] = [];
  const tagged: string[] = [];
  const idOf = new Map<string, string>();
  for (const id of ids) {
    const t = tags.of(id);
    if (t === undefined) untagged.push(id);
    else {
      tagged.push(t);
      idOf.set(t, id);
    }
  }
  untagged.sort();
  if (idOf.size === tagged.length) return untagged.concat(tagged.sort().map((t) => idOf.get(t)!));
  const keyed = ids.filter((id) => tags.of(id) !== undefined).map((id) => ({ id, tag: tags.of(id)! }));
  keyed.sort(({ id: a, tag: x }, { id: b, tag: y }) => (x === y ? (a < b ? -1 : 1) : x < y ? -1 : 1));
  return untagged.concat(keyed.map((k) => k.id));
}
