/** The reconstructed tables: the fixed points of the text they honour, and well-formed data. */
import {
  AIRSTRIKE_TABLE,
  AIR_COMBAT_TABLE,
  ASW_TABLE,
  SUBMARINE_TABLE,
  SURFACE_TABLE,
  checkDie,
  columnOf,
  lookup,
  moraleBreaks,
  sightingNeed,
  type Bracketed,
} from '../../../src/games/ewr/data/tables';

const TABLES: Record<string, Bracketed> = { AIR_COMBAT_TABLE, AIRSTRIKE_TABLE, SURFACE_TABLE, SUBMARINE_TABLE, ASW_TABLE };

describe('ewr reconstructed tables', () => {
  test.each(Object.entries(TABLES))('%s: six rows, a column per bracket, results never fall as the die or the factors rise', (_name, t) => {
    expect(t.rows).toHaveLength(6);
    for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    for (let d = 1; d < 6; d++) t.columns.forEach((_, c) => expect(t.rows[d]![c]!).toBeGreaterThanOrEqual(t.rows[d - 1]![c]!));
    for (let d = 0; d < 6; d++) for (let c = 1; c < t.columns.length; c++) expect(t.rows[d]![c]!).toBeGreaterThanOrEqual(t.rows[d]![c - 1]!);
  });

  test('no factors, no result; brackets read by their lowest value', () => {
    expect(lookup(SURFACE_TABLE, 0, 6)).toBe(0);
    expect(columnOf(SURFACE_TABLE, 3)).toBe(0);
    expect(columnOf(SURFACE_TABLE, 4)).toBe(1);
    expect(columnOf(SURFACE_TABLE, 99)).toBe(SURFACE_TABLE.columns.length - 1);
    expect(() => lookup(SURFACE_TABLE, 4, 7)).toThrow(RangeError);
    expect(() => checkDie(0)).toThrow(RangeError);
  });

  test('step 2 (1944–45 only) and A2: only aircraft sight at two hexes; the same hex is easier than the adjacent one', () => {
    expect(sightingNeed('sight', false, 2)).toBeNull();
    expect(sightingNeed('sight', true, 2)).not.toBeNull();
    expect(sightingNeed('countersight', false, 2)).toBeNull();
    for (const air of [true, false]) expect(sightingNeed('sight', air, 0)!).toBeLessThan(sightingNeed('sight', air, 1)!);
    expect(sightingNeed('sight', true, 1)!).toBeLessThan(sightingNeed('sight', false, 1)!);
  });

  test('morale: breaks on a die above the effective morale', () => {
    expect(moraleBreaks(4, 4)).toBe(false);
    expect(moraleBreaks(4, 5)).toBe(true);
    expect(moraleBreaks(6, 6)).toBe(false);
    expect(moraleBreaks(0, 1)).toBe(true);
    expect(moraleBreaks(-2, 1)).toBe(true);
  });
});
