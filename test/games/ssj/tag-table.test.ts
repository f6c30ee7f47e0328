/**
 * A turn's tags are a table by unit slot in the state (src/games/ssj/tag-table.ts), and a record of
 * tags by unit id in its JSON, as they always were: a snapshot written before the table, or after
 * it, reads back to the same tags.
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjState } from '../../../src/games/ssj/state';
import { TagTable } from '../../../src/games/ssj/tag-table';
import { UNIT_IDS } from '../../../src/games/ssj/unit-table';
import { newMatch } from './helpers';

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
