/** Sizes of the board drawing (SVG user units) and a simple flow layout. */

export const W = 1000;
export const PAD = 12;
export const CW = 64;
export const CH = 48;
export const CELL_W = CW + 6;
export const CELL_H = CH + 6;
/** Face-down pieces are smaller: they carry only a tag. */
export const DW = 44;
export const DH = 34;

export interface Cell {
  w: number;
  h: number;
}
export const FACE_CELL: Cell = { w: CELL_W, h: CELL_H };
export const DOWN_CELL: Cell = { w: DW + 6, h: DH + 6 };

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Places boxes of the given sizes left to right in rows of at most `width`; returns their offsets and the height used. */
export function flow(sizes: { w: number; h: number }[], width: number, gap: number): { at: { x: number; y: number }[]; h: number } {
  const at: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const s of sizes) {
    if (x > 0 && x + s.w > width) {
      x = 0;
      y += rowH + gap;
      rowH = 0;
    }
    at.push({ x, y });
    x += s.w + gap;
    rowH = Math.max(rowH, s.h);
  }
  return { at, h: sizes.length ? y + rowH : 0 };
}

/** A grid of `n` counters at most `maxCols` wide: its columns, rows and size (without padding). */
export function grid(n: number, maxCols: number, cell: Cell = FACE_CELL): { cols: number; rows: number; w: number; h: number } {
  const cols = Math.max(1, Math.min(n, maxCols));
  const rows = Math.ceil(n / cols);
  return { cols, rows, w: cols * cell.w - 6, h: rows > 0 ? rows * cell.h - 6 : 0 };
}

export const textWidth = (s: string, size: number) => s.length * size * 0.58;
