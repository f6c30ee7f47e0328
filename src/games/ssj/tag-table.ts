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
import { slotIfAny, slotOf, SORTED_UNIT_IDS, UNIT_IDS } from './unit-table';

/** Each id of `SORTED_UNIT_IDS` as its slot. */
const SORTED_SLOTS: readonly number[] = SORTED_UNIT_IDS.map(slotOf);

export class TagTable {
  private constructor(private readonly slots: readonly (string | undefined)[]) {}

  /** No unit tagged (a state before the first turn begins). */
  static none(): TagTable {
    return new TagTable(new Array<string | undefined>(UNIT_IDS.length).fill(undefined));
  }

  /**
   * The tags of a turn as `beginTurn` draws them: the unit `SORTED_UNIT_IDS[order[i]]` has
   * `tags[i]` (`order` a shuffle of those positions, `tags` as many distinct tags).
   */
  static drawn(order: readonly number[], tags: readonly string[]): TagTable {
    const slots = new Array<string | undefined>(UNIT_IDS.length).fill(undefined);
    for (let i = 0; i < order.length; i++) slots[SORTED_SLOTS[order[i]!]!] = tags[i];
    return new TagTable(slots);
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

  /** A new table, with the tags of units `a` and `b` swapped. */
  swapped(a: string, b: string): TagTable {
    const slots = this.slots.slice();
    const [i, j] = [slotOf(a), slotOf(b)];
    [slots[i], slots[j]] = [slots[j], slots[i]];
    return new TagTable(slots);
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
