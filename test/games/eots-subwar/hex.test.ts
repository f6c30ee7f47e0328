import fc from 'fast-check';
import { cubeToOffset, halfRoundedUp, hexDistance, hexId, isHexId, neighbours, offsetToCube, parseHex } from '../../../src/games/eots-subwar/hex';

describe('Empire of the Sun hex numbers (RULING: even-q, even columns half a hex lower)', () => {
  test('XXYY is column XX, row YY', () => {
    expect(parseHex('3306')).toEqual({ col: 33, row: 6 });
    expect(hexId(28, 13)).toBe('2813');
    expect(isHexId('2813')).toBe(true);
    for (const bad of ['281', '28133', '28a3', '', ' 2813']) {
      expect(isHexId(bad)).toBe(false);
      expect(() => parseHex(bad)).toThrow(RangeError);
    }
  });

  test('offset to cube: q = XX, r = YY − (XX + XX mod 2) / 2, and back', () => {
    // 2813: q 28, r 13 − 14 = −1, s −27. 3306: q 33, r 6 − 17 = −11, s −22.
    expect(offsetToCube(28, 13)).toEqual({ q: 28, r: -1, s: -27 });
    expect(offsetToCube(33, 6)).toEqual({ q: 33, r: -11, s: -22 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (col, row) => {
        const c = offsetToCube(col, row);
        expect(c.q + c.r + c.s).toBe(0);
        expect(cubeToOffset(c)).toEqual({ col, row });
      }),
    );
  });

  test('the six neighbours of an odd column hex are rows YY−1 and YY in the columns beside it', () => {
    expect(neighbours('3306')).toEqual(['3205', '3206', '3305', '3307', '3405', '3406']);
    // An even column hex sits lower: its neighbours beside it are rows YY and YY+1.
    expect(neighbours('2813')).toEqual(['2713', '2714', '2812', '2814', '2913', '2914']);
    for (const n of neighbours('3306')) expect(hexDistance('3306', n)).toBe(1);
  });

  test('distance: 0 to itself, the row difference in one column, the cube distance across', () => {
    expect(hexDistance('2813', '2813')).toBe(0);
    expect(hexDistance('1010', '1020')).toBe(10);
    // 2813 → 3306: Δq 5, Δr −10, Δs 5 → (5 + 10 + 5) / 2 = 10.
    expect(hexDistance('2813', '3306')).toBe(10);
    // 1010 → 1110: (10, 5) → (11, 4): Δq 1, Δr −1, Δs 0 → 1.
    expect(hexDistance('1010', '1110')).toBe(1);
    // 5108 → 5911: (51, −18) → (59, −19): Δq 8, Δr −1, Δs −7 → 8.
    expect(hexDistance('5108', '5911')).toBe(8);
  });

  test('distance is a metric (symmetric, triangle inequality) and never less than the column difference', () => {
    const hex = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([c, r]) => hexId(c, r));
    fc.assert(
      fc.property(hex, hex, hex, (a, b, c) => {
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
        expect(hexDistance(a, b)).toBeGreaterThanOrEqual(Math.abs(parseHex(a).col - parseHex(b).col));
      }),
    );
  });

  test('11.21.C: half the activation range, fractions rounded up (FRU)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 16].map(halfRoundedUp)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 8]);
  });
});
