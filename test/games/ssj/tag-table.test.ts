/**
 * A turn's tags are a table by unit slot in the state (src/games/ssj/tag-table.ts), and a record of
 * tags by unit id in its JSON, as they always were: a snapshot written before the table, or after
 * it, reads back to the same tags.
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjState } from '../../../src/games/ssj/state';
import { idsInTagOrder, TagTable } from '../../../src/games/ssj/tag-table';
import { idsOf } from '../../../src/games/ssj/units';
import { UNIT_IDS } from '../../../src/games/ssj/unit-table';
import { advance, newMatch, throughAugI, type M } from './helpers';

const readBack = (s: SsjState): SsjState => ssj.revive!(JSON.parse(JSON.stringify(s)) as SsjState);

describe("VI.A: every piece's tag for the turn, kept by the state and by its snapshot", () => {
  test('the JSON is a record of tags by unit id, and reading it back gives every unit the same tag', () => {
    const s = newMatch().game;
    const json = JSON.parse(JSON.stringify(s)) as { tags: Record<string, string> };
    expect(Object.keys(json.tags).sort()).toEqual([...UNIT_IDS].sort());
    for (const id of UNIT_IDS) expect(json.tags[id]).toBe(s.tags.of(id));
    const back = readBack(s);
    expect(back.tags).toBeInstanceOf(TagTable);
    expect(back.tags).not.toBe(s.tags);
    for (const id of UNIT_IDS) expect(back.tags.of(id)).toBe(s.tags.of(id));
    // The same table to a test's eye, and the same order of pieces, though the drawn one sorts the numbers
    // the draw handed over and the one read back reads them from the text.
    expect(back.tags).toEqual(s.tags);
    expect(back.tags.inTagOrder()).toEqual(s.tags.inTagOrder());
  });

  test('a record written as snapshots held it (any key order) reads back as the same tags', () => {
    const s = newMatch().game;
    const record = s.tags.toJSON();
    const reversed: Record<string, string> = {};
    for (const id of Object.keys(record).reverse()) reversed[id] = record[id]!;
    const back = ssj.revive!({ ...JSON.parse(JSON.stringify(s)), tags: reversed } as SsjState);
    for (const id of UNIT_IDS) expect(back.tags.of(id)).toBe(record[id]);
  });

  test('swapping two pieces gives a new table and leaves the one other states share as it was', () => {
    const t = newMatch().game.tags;
    const [a, b] = ['ijn-chokai', 'usn-chicago'];
    const [ta, tb] = [t.of(a), t.of(b)];
    const u = t.swapped(a, b);
    expect([u.of(a), u.of(b)]).toEqual([tb, ta]);
    expect([t.of(a), t.of(b)]).toEqual([ta, tb]);
    expect(UNIT_IDS.filter((id) => id !== a && id !== b && u.of(id) !== t.of(id))).toEqual([]);
  });

  test('an id that is no unit has no tag', () => {
    expect(newMatch().game.tags.of('no-such-unit')).toBeUndefined();
  });
});

describe('the face-down pieces are listed in the order of their tags as text (they say nothing)', () => {
  const sortedAsText = (tags: TagTable) => UNIT_IDS.map((id) => tags.of(id)!).sort();

  test("the table's order of units is the order of their tags sorted as strings, every unit once", () => {
    for (const s of [newMatch('order-1').game, newMatch('order-2').game, throughAugI('order-3').game]) {
      const order = s.tags.inTagOrder()!;
      expect([...order].sort((a, b) => a - b)).toEqual(UNIT_IDS.map((_, i) => i));
      expect(order.map((slot) => s.tags.of(UNIT_IDS[slot]!))).toEqual(sortedAsText(s.tags));
    }
  });

  test('tags made by hand that share their first letters, and a swap of two drawn tags, still come in the order of their text', () => {
    const drawn = newMatch('order-by-hand').game.tags;
    // Every tag starts "zz9": all their numbers fall in one run of the sort, which then orders them all by insertion.
    const crowded = TagTable.fromRecord(Object.fromEntries(UNIT_IDS.map((id) => [id, `zz9${drawn.of(id)!.slice(3)}`])));
    const swapped = drawn.swapped(UNIT_IDS[0]!, UNIT_IDS[UNIT_IDS.length - 1]!);
    for (const tags of [crowded, swapped]) {
      const order = tags.inTagOrder();
      if (!order) continue; // two hand-made tags came out equal: no order, as tested below
      expect(order.map((slot) => tags.of(UNIT_IDS[slot]!))).toEqual(sortedAsText(tags));
    }
    expect(swapped.inTagOrder()).not.toBeNull();
  });

  test('no order from the table when a unit has no tag, two share one, or a tag is not of the alphabet', () => {
    expect(TagTable.none().inTagOrder()).toBeNull();
    const record = newMatch().game.tags.toJSON();
    const [a, b] = [UNIT_IDS[0]!, UNIT_IDS[1]!];
    expect(TagTable.fromRecord({ ...record, [a]: record[b]! }).inTagOrder()).toBeNull();
    expect(TagTable.fromRecord({ ...record, [a]: 'ABCDEFGH' }).inTagOrder()).toBeNull();
    expect(TagTable.fromRecord({ ...record, [a]: 'short' }).inTagOrder()).toBeNull();
  });

  test("a side's face-down pieces in its opponent's view come in the order of their tags", () => {
    const hiddenTags = (m: M, side: string, viewer: string) =>
      (ssj.view(m.game, viewer) as { sides: Record<string, { hidden: { tag: string }[] }> }).sides[side]!.hidden.map((p) => p.tag);
    // Once the screen is down, each side sees the other's pieces face down.
    const m = advance(newMatch('order-view'), (x) => hiddenTags(x, 'allied', 'japanese').length > 0);
    for (const [side, viewer] of [
      ['allied', 'japanese'],
      ['japanese', 'allied'],
    ] as const) {
      const hidden = hiddenTags(m, side, viewer);
      expect(hidden.length).toBeGreaterThan(10);
      expect(hidden).toEqual([...hidden].sort());
    }
  });

  /** The independent reading: untagged units first by id, then by tag as text, two equal tags by id. */
  const naive = (tags: TagTable, side: 'allied' | 'japanese') =>
    [...idsOf(side)].sort((a, b) => {
      const [x, y] = [tags.of(a), tags.of(b)];
      if (x === undefined || y === undefined) return x === y ? (a < b ? -1 : 1) : x === undefined ? -1 : 1;
      return x === y ? (a < b ? -1 : 1) : x < y ? -1 : 1;
    });

  test("a side's ids in tag order are its ids sorted by their tags as text, for drawn tags and for tags made by hand", () => {
    const drawn = newMatch('order-ids').game.tags;
    const record = drawn.toJSON();
    const [a, b, c] = [idsOf('allied')[0]!, idsOf('allied')[1]!, idsOf('japanese')[0]!];
    const { [c]: _dropped, ...withoutC } = record;
    const tables = [drawn, TagTable.fromRecord({ ...record, [a]: record[b]! }), TagTable.fromRecord({ ...record, [a]: 'ZZ' }), TagTable.fromRecord(withoutC), TagTable.none()];
    for (const tags of tables) for (const side of ['allied', 'japanese'] as const) expect(idsInTagOrder(tags, side)).toEqual(naive(tags, side));
  });
});
