/**
 * Hex geometry for East Wind Rain's small scenario maps, on the `honeycomb-grid` library
 * (required from CommonJS through its UMD build). A map is a rectangle of pointy-topped
 * hexes named by offset coordinates {col, row}; distances and neighbours come from the
 * library. Grids are cached by size: they are immutable once built.
 */
import { Direction, Grid, Orientation, defineHex, line, rectangle } from 'honeycomb-grid';

export interface HexRef {
  col: number;
  row: number;
}

export interface MapSize {
  width: number;
  height: number;
}

const EwrHex = defineHex({ orientation: Orientation.POINTY, offset: -1 });
type EwrHex = InstanceType<typeof EwrHex>;

/** The six directions of a pointy-topped hex (N and S do not exist for it). */
const DIRECTIONS = [Direction.NE, Direction.E, Direction.SE, Direction.SW, Direction.W, Direction.NW] as const;

const grids = new Map<string, Grid<EwrHex>>();

function gridOf(map: MapSize): Grid<EwrHex> {
  const key = `${map.width}x${map.height}`;
  let g = grids.get(key);
  if (!g) {
    g = new Grid(EwrHex, rectangle({ width: map.width, height: map.height }));
    grids.set(key, g);
  }
  return g;
}

export const hexKey = (h: HexRef): string => `${h.col},${h.row}`;
export const sameHex = (a: HexRef, b: HexRef): boolean => a.col === b.col && a.row === b.row;
const ref = (h: EwrHex): HexRef => ({ col: h.col, row: h.row });

export function onMap(map: MapSize, h: HexRef): boolean {
  return Number.isInteger(h.col) && Number.isInteger(h.row) && gridOf(map).getHex({ col: h.col, row: h.row }) !== undefined;
}

/** The number of hexes between two hexes (0 = the same hex, 1 = adjacent). */
export function distance(map: MapSize, a: HexRef, b: HexRef): number {
  return gridOf(map).distance({ col: a.col, row: a.row }, { col: b.col, row: b.row });
}

/** The hexes of the map adjacent to `h`, in a fixed order (NE, E, SE, SW, W, NW). */
export function neighbours(map: MapSize, h: HexRef): HexRef[] {
  const g = gridOf(map);
  const out: HexRef[] = [];
  for (const d of DIRECTIONS) {
    const n = g.neighborOf({ col: h.col, row: h.row }, d, { allowOutside: false });
    if (n) out.push(ref(n));
  }
  return out;
}

/** Every hex of the map, row by row. */
export function allHexes(map: MapSize): HexRef[] {
  return gridOf(map)
    .toArray()
    .map(ref)
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The hexes of a straight line from `a` to `b`, both included. */
export function lineBetween(a: HexRef, b: HexRef): HexRef[] {
  const g = new Grid(EwrHex, line<EwrHex>({ start: { col: a.col, row: a.row }, stop: { col: b.col, row: b.row } }));
  return g.toArray().map(ref);
}
