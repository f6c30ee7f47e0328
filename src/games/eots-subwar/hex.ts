/**
 * Empire of the Sun's hex numbers and distances.
 *
 * A hex is named XXYY: column XX, row YY (Pusan is 3306: column 33, row 06). RULING (hex
 * convention, see RULINGS.md): flat-topped hexes in vertical columns, rows counted down a
 * column, and every EVEN-numbered column sits half a hex lower than the odd-numbered columns
 * beside it ("even-q" offset coordinates on the printed column number). So 3306's neighbours
 * are 3305 and 3307 in its own column and 3205, 3206, 3405, 3406 in the columns beside it.
 *
 * The conversion to cube coordinates (q, r, s with q + r + s = 0) is then
 *   q = XX,  r = YY − (XX + (XX mod 2)) / 2,  s = −q − r
 * and the distance between two hexes is the cube distance (|Δq| + |Δr| + |Δs|) / 2.
 * Pure functions, no dependency: honeycomb-grid would do the same, but its grids want a
 * rectangle of hexes we do not have (the scenario is an extract of the map).
 */

export interface Cube {
  q: number;
  r: number;
  s: number;
}

const HEX_ID = /^(\d{2})(\d{2})$/;

/** True for a four-digit Empire of the Sun hex number ("2813"). */
export function isHexId(id: string): boolean {
  return HEX_ID.test(id);
}

/** The column and row of a hex number; throws on anything but four digits. */
export function parseHex(id: string): { col: number; row: number } {
  const m = HEX_ID.exec(id);
  if (!m) throw new RangeError(`"${id}" is not a hex number: four digits XXYY (column XX, row YY)`);
  return { col: Number(m[1]), row: Number(m[2]) };
}

/** The hex number of a column and row (0–99 each). */
export function hexId(col: number, row: number): string {
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || col > 99 || row < 0 || row > 99) {
    throw new RangeError(`no hex number for column ${col}, row ${row}`);
  }
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

/** Offset (column, row; even columns half a hex lower) to cube coordinates. */
export function offsetToCube(col: number, row: number): Cube {
  const q = col;
  const r = row - (col + (col & 1)) / 2;
  return { q, r, s: -q - r };
}

/** Cube coordinates back to offset (the inverse of offsetToCube). */
export function cubeToOffset(c: Cube): { col: number; row: number } {
  return { col: c.q, row: c.r + (c.q + (c.q & 1)) / 2 };
}

export function cubeDistance(a: Cube, b: Cube): number {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.s - b.s)) / 2;
}

/** The distance in hexes between two hex numbers (0 for the same hex). */
export function hexDistance(a: string, b: string): number {
  const pa = parseHex(a);
  const pb = parseHex(b);
  return cubeDistance(offsetToCube(pa.col, pa.row), offsetToCube(pb.col, pb.row));
}

/** The six hexes next to `id` (those that exist as hex numbers). */
export function neighbours(id: string): string[] {
  const { col, row } = parseHex(id);
  const c = offsetToCube(col, row);
  const dirs: [number, number][] = [
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, 0],
    [-1, 1],
    [0, 1],
  ];
  const out: string[] = [];
  for (const [dq, dr] of dirs) {
    const o = cubeToOffset({ q: c.q + dq, r: c.r + dr, s: -(c.q + dq) - (c.r + dr) });
    if (o.col >= 0 && o.col <= 99 && o.row >= 0 && o.row <= 99) out.push(hexId(o.col, o.row));
  }
  return out.sort();
}

/** Half of a range, fractions rounded up (FRU): the sub base's reach from an HQ (11.21.C). */
export function halfRoundedUp(n: number): number {
  return Math.ceil(n / 2);
}
