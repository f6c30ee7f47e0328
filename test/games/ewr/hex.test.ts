/** The hex geometry of EWR maps, on honeycomb-grid (pointy-topped, offset coordinates). */
import { allHexes, distance, hexKey, lineBetween, neighbours, onMap, sameHex } from '../../../src/games/ewr/hex';

const map = { width: 7, height: 5 };

describe('ewr hex geometry (honeycomb-grid)', () => {
  test('a map is a width × height rectangle of hexes', () => {
    expect(allHexes(map)).toHaveLength(35);
    expect(onMap(map, { col: 6, row: 4 })).toBe(true);
    expect(onMap(map, { col: 7, row: 0 })).toBe(false);
    expect(onMap(map, { col: 0, row: 5 })).toBe(false);
    expect(onMap(map, { col: 1.5, row: 0 })).toBe(false);
  });

  test('distance: 0 in the same hex, 1 adjacent, along a row the column difference, symmetric', () => {
    expect(distance(map, { col: 3, row: 2 }, { col: 3, row: 2 })).toBe(0);
    expect(distance(map, { col: 0, row: 2 }, { col: 4, row: 2 })).toBe(4);
    for (const a of allHexes(map)) {
      for (const b of allHexes(map)) expect(distance(map, a, b)).toBe(distance(map, b, a));
    }
  });

  test('every hex has at most six neighbours, each at distance 1, and the map’s hexes at distance 1 are exactly its neighbours', () => {
    for (const h of allHexes(map)) {
      const ns = neighbours(map, h);
      expect(ns.length).toBeLessThanOrEqual(6);
      const ring = allHexes(map)
        .filter((x) => distance(map, h, x) === 1)
        .map(hexKey)
        .sort();
      expect(ns.map(hexKey).sort()).toEqual(ring);
    }
    expect(neighbours(map, { col: 3, row: 2 })).toHaveLength(6);
    expect(neighbours(map, { col: 0, row: 0 }).length).toBeLessThan(6);
  });

  test('offset rows are staggered: the neighbours of an odd-row hex', () => {
    expect(neighbours(map, { col: 1, row: 1 }).map(hexKey).sort()).toEqual(['0,1', '1,0', '1,2', '2,0', '2,1', '2,2']);
  });

  test('a line between two hexes steps one hex at a time', () => {
    const l = lineBetween({ col: 0, row: 0 }, { col: 3, row: 2 });
    expect(sameHex(l[0]!, { col: 0, row: 0 })).toBe(true);
    expect(sameHex(l[l.length - 1]!, { col: 3, row: 2 })).toBe(true);
    expect(l).toHaveLength(distance(map, { col: 0, row: 0 }, { col: 3, row: 2 }) + 1);
    for (let i = 1; i < l.length; i++) expect(distance(map, l[i - 1]!, l[i]!)).toBe(1);
  });
});
