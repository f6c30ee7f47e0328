/**
 * Where everything goes on the SSJ board: the turn track on top, then two mapsheets
 * facing each other across the Fog Of War screen — the other side's above (bases, then
 * its sea areas), yours below (sea areas, then bases), so the two sides' boxes of each
 * sea area meet at the screen.
 */
import type { HiddenPlace, Place, Side, SideView, SsjView, UnitFace, Visibility } from '../../../../protocol/games/ssj';
import { DOWN_CELL, FACE_CELL, flow, grid, PAD, textWidth, W, type Cell, type Rect } from '../../../board/geometry';
import { sideName } from '../../../links';
import { RETURNING_TO_TRUK, type SsjData } from '../data';

export type Piece =
  /** A unit seen face up: your own, or an enemy's turned face up for you (`revealed`). */
  { kind: 'face'; side: Side; ship: UnitFace; cargo?: UnitFace[]; revealed?: boolean; tag?: string } | { kind: 'down'; side: Side; tag: string };

export interface Slot {
  x: number;
  y: number;
  piece: Piece;
}

export interface RowLabel {
  x: number;
  y: number;
  text: string;
}

export interface BaseLayout extends Rect {
  id: string;
  name: string;
  naval: boolean;
  airfield: boolean;
  /** A holding box (Returning to Truk, repair) rather than a base. */
  holding: boolean;
  /** The base whose ground combat is being decided (VI.F.2.g). */
  contested: boolean;
  labels: RowLabel[];
  slots: Slot[];
}

export interface GroupLayout extends Rect {
  id: string;
  size: number;
  /** 1-based number of the group within its box, for its label. */
  n: number;
  slots: Slot[];
}

export interface BoxLayout extends Rect {
  area: string;
  box: string;
  groups: GroupLayout[];
}

export interface AreaLayout extends Rect {
  id: string;
  name: string;
  /** Air recon (and, in the Slot, PT boats) in this sea area. */
  strip: (Rect & { label: string; slots: Slot[] }) | null;
}

export interface SheetLayout extends Rect {
  side: Side;
  title: string;
  visibility: Visibility;
  titleBar: Rect;
  bases: BaseLayout[];
  areas: AreaLayout[];
  boxes: BoxLayout[];
  rabaulSorties?: number;
}

export interface BoardLayout {
  w: number;
  /** A phone's layout: the sea areas one under another, the counters at their own size. */
  narrow: boolean;
  h: number;
  track: Rect;
  sheets: SheetLayout[];
  screen: Rect;
}

export const TRACK_H = 64;
/** The turn track of the narrow layout: the turns on one line, the phase and scores on the next. */
export const NARROW_TRACK_H = 96;
/** Below this width (user units = CSS pixels at the board's own size) the board is laid out narrow. */
export const NARROW_BELOW = 600;
const TITLE_H = 26;
const BASE_HEAD = 30;
const ROW_LABEL = 13;
const BP = 8;
const AREA_HEAD = 22;
const BOX_HEAD = 22;
const STRIP_HEAD = 16;
const GP = 5;
const GROUP_HEAD = 15;
const GAP = 8;
const SCREEN_H = 28;
/** The height of a screened mapsheet: nothing of it can be drawn but the screen. */
const SCREENED_H = 150;
const AREA_ORDER: Record<string, number> = { SP: 0, SL: 1, CS: 2 };
const REPAIR = 'repair';

type Row = 'harbour' | 'airfield' | 'land';
const ROW_NAMES: Record<Row, string> = { harbour: 'Harbour', airfield: 'Airfield', land: 'Troops' };

interface Placed {
  /** Where a piece lies: a unit's place, or (face down) as much of it as the view tells. */
  place: Place | HiddenPlace;
  piece: Piece;
  row: Row;
}

function rowOfUnit(u: UnitFace): Row {
  return u.kind === 'air' ? 'airfield' : u.kind === 'ground' ? 'land' : 'harbour';
}

function placedOf(side: Side, sv: SideView): Placed[] {
  if (sv.visibility === 'full') {
    const units = sv.units;
    const cargo = new Map<string, UnitFace[]>();
    for (const u of units) if (u.place.at === 'aboard') cargo.set(u.place.ship, [...(cargo.get(u.place.ship) ?? []), u]);
    return units
      .filter((u) => u.place.at !== 'aboard')
      .map((u) => {
        const c = cargo.get(u.id);
        return { place: u.place, row: rowOfUnit(u), piece: { kind: 'face', side, ship: u, ...(c ? { cargo: c } : {}) } };
      });
  }
  if (sv.visibility === 'face-down') {
    return sv.hidden.map((h) => {
      const face = sv.faces?.[h.tag];
      const row: Row = h.place.at === 'base' && h.place.box ? h.place.box : face ? rowOfUnit(face) : 'harbour';
      const piece: Piece = face ? { kind: 'face', side, ship: face, revealed: true, tag: h.tag } : { kind: 'down', side, tag: h.tag };
      return { place: h.place, row, piece };
    });
  }
  return [];
}

function groupPieces(side: Side, sv: SideView, g: SideView['groups'][number]): Piece[] {
  if (g.ships && sv.visibility === 'full') {
    const byId = new Map(sv.units.map((s) => [s.id, s]));
    const cargo = new Map<string, UnitFace[]>();
    for (const u of sv.units) if (u.place.at === 'aboard') cargo.set(u.place.ship, [...(cargo.get(u.place.ship) ?? []), u]);
    return g.ships.flatMap((id): Piece[] => {
      const ship = byId.get(id);
      const c = cargo.get(id);
      return ship ? [{ kind: 'face', side, ship, ...(c ? { cargo: c } : {}) }] : [];
    });
  }
  return (g.pieces ?? []).map((tag): Piece => {
    const face = sv.faces?.[tag];
    return face ? { kind: 'face', side, ship: face, revealed: true, tag } : { kind: 'down', side, tag };
  });
}

type BaseInfo = SsjData['bases'][keyof SsjData['bases']];
const baseInfo = (data: SsjData, id: string): BaseInfo | undefined => (data.bases as Record<string, BaseInfo | undefined>)[id];

/** The bases on `side`'s sheet: those it holds (now, where the view says), and any its pieces are at. */
function baseIds(data: SsjData, view: SsjView, side: Side, placed: Placed[]): string[] {
  const all = Object.values(data.bases);
  const holds = (b: BaseInfo) => {
    const h = (view.holder as Record<string, Side | undefined>)[b.id];
    return h ? h === side : b.heldBy === side;
  };
  const ids = new Set(all.filter(holds).map((b) => b.id as string));
  for (const p of placed) if (p.place.at === 'base') ids.add(p.place.base);
  const col = (id: string) => {
    const s = baseInfo(data, id)?.seaArea;
    return s ? (AREA_ORDER[s] ?? 3) : 3;
  };
  const out = [...ids].sort((a, b) => col(a) - col(b) || a.localeCompare(b));
  if (side === 'japanese' || placed.some((p) => p.place.at === RETURNING_TO_TRUK)) out.push(RETURNING_TO_TRUK);
  if (placed.some((p) => p.place.at === REPAIR)) out.push(REPAIR);
  return out;
}

const cellOf = (sv: SideView): Cell => (sv.visibility === 'face-down' ? DOWN_CELL : FACE_CELL);

function layoutBases(data: SsjData, view: SsjView, side: Side, sv: SideView, y0: number, w: number): { bases: BaseLayout[]; h: number } {
  const placed = placedOf(side, sv);
  const ids = baseIds(data, view, side, placed);
  const inner = w - 2 * PAD;
  const cell = cellOf(sv);
  const maxCols = Math.floor((inner - 2 * BP + 6) / cell.w);
  const items = ids.map((id) => {
    const here = placed.filter((p) => (id === RETURNING_TO_TRUK || id === REPAIR ? p.place.at === id : p.place.at === 'base' && p.place.base === id));
    const rows = (['harbour', 'airfield', 'land'] as Row[])
      .map((row) => ({ row, pieces: here.filter((p) => p.row === row).map((p) => p.piece) }))
      .filter((r) => r.pieces.length > 0);
    const labelled = rows.length > 1 || rows.some((r) => r.row !== 'harbour');
    const b = baseInfo(data, id);
    const name = b ? b.name : id === REPAIR ? 'In repair' : 'Returning to Truk';
    const grids = rows.map((r) => ({ ...r, g: grid(r.pieces.length, maxCols, cell) }));
    const contentW = Math.max(0, ...grids.map((r) => r.g.w));
    const contentH = grids.reduce((h, r) => h + r.g.h + (labelled ? ROW_LABEL : 0) + 6, 0);
    const bw = Math.min(inner, Math.max(150, textWidth(name, 12) + 56, contentW ? contentW + 2 * BP : 0));
    const h = BASE_HEAD + (grids.length ? contentH + BP - 6 : 6);
    return { id, name, b, grids, labelled, w: bw, h };
  });
  const f = flow(items, inner, GAP);
  const bases = items.map((it, i): BaseLayout => {
    const x = PAD + f.at[i]!.x;
    const y = y0 + f.at[i]!.y;
    const labels: RowLabel[] = [];
    const slots: Slot[] = [];
    let ry = y + BASE_HEAD;
    for (const r of it.grids) {
      if (it.labelled) {
        labels.push({ x: x + BP, y: ry + 9, text: ROW_NAMES[r.row] });
        ry += ROW_LABEL;
      }
      r.pieces.forEach((piece, k) => slots.push({ x: x + BP + (k % r.g.cols) * cell.w, y: ry + Math.floor(k / r.g.cols) * cell.h, piece }));
      ry += r.g.h + 6;
    }
    return {
      id: it.id,
      name: it.name,
      naval: !!it.b?.naval,
      airfield: !!it.b?.airfield,
      holding: !it.b,
      contested: view.groundCombat?.base === it.id,
      x,
      y,
      w: it.w,
      h: it.h,
      labels,
      slots,
    };
  });
  return { bases, h: f.h };
}

type AreasLayout = { areas: AreaLayout[]; boxes: BoxLayout[]; h: number };

/** The sea areas side by side (wide), or one under another (narrow: each its own band, the full width). */
function layoutAreas(data: SsjData, side: Side, sv: SideView, y0: number, w: number): AreasLayout {
  const bands = w < NARROW_BELOW ? data.seaAreas.map((a) => [a]) : [[...data.seaAreas]];
  const out: AreasLayout = { areas: [], boxes: [], h: 0 };
  let y = y0;
  for (const band of bands) {
    const r = layoutBand(data, side, sv, y, w, band);
    out.areas.push(...r.areas);
    out.boxes.push(...r.boxes);
    y += r.h + GAP;
  }
  out.h = y - GAP - y0;
  return out;
}

/** Sea areas in columns, their time-of-day boxes in rows. */
function layoutBand(data: SsjData, side: Side, sv: SideView, y0: number, w: number, seaAreas: readonly string[]): AreasLayout {
  const inner = w - 2 * PAD;
  const n = seaAreas.length;
  const colW = (inner - (n - 1) * GAP) / n;
  const colX = (i: number) => PAD + i * (colW + GAP);
  const boxInner = colW - 2 * BP;
  const cell = cellOf(sv);
  const maxCols = Math.max(1, Math.floor((boxInner - 2 * GP + 6) / cell.w));
  const placed = placedOf(side, sv);
  let y = y0 + AREA_HEAD;
  // Air recon (and PT boats in the Slot) above the time-of-day boxes, where there are any.
  const strips = seaAreas.map((area) => {
    const pieces = placed.filter((p) => (p.place.at === 'recon' && p.place.area === area) || (area === 'SL' && p.place.at === 'slot')).map((p) => p.piece);
    return { area, pieces, g: grid(pieces.length, Math.max(1, Math.floor((boxInner + 6) / cell.w)), cell) };
  });
  const stripH = strips.some((s) => s.pieces.length) ? STRIP_HEAD + Math.max(...strips.map((s) => s.g.h)) + BP : 0;
  const stripAt = y;
  if (stripH) y += stripH + 6;
  const boxes: BoxLayout[] = [];
  for (const box of data.boxes) {
    const cells = seaAreas.map((area, i) => {
      const groups = sv.groups.filter((g) => g.area === area && g.box === box);
      const items = groups.map((g) => {
        const pieces = groupPieces(side, sv, g);
        const gr = grid(Math.max(pieces.length, 1), maxCols, cell);
        return { g, pieces, gr, w: gr.w + 2 * GP, h: GROUP_HEAD + gr.h + GP };
      });
      const f = flow(items, boxInner, 6);
      return { area, i, items, f };
    });
    const rowH = BOX_HEAD + Math.max(w < NARROW_BELOW ? 30 : 46, ...cells.map((c) => c.f.h + BP));
    for (const c of cells) {
      const bx = colX(c.i);
      boxes.push({
        area: c.area,
        box,
        x: bx,
        y,
        w: colW,
        h: rowH,
        groups: c.items.map((it, k): GroupLayout => {
          const gx = bx + BP + c.f.at[k]!.x;
          const gy = y + BOX_HEAD + c.f.at[k]!.y;
          return {
            id: it.g.id,
            size: it.g.size,
            n: k + 1,
            x: gx,
            y: gy,
            w: it.w,
            h: it.h,
            slots: it.pieces.map((piece, j) => ({
              x: gx + GP + (j % it.gr.cols) * cell.w,
              y: gy + GROUP_HEAD + Math.floor(j / it.gr.cols) * cell.h,
              piece,
            })),
          };
        }),
      });
    }
    y += rowH + 6;
  }
  const h = y - 6 - y0;
  const areas = seaAreas.map((id, i): AreaLayout => {
    const s = strips[i]!;
    const x = colX(i);
    return {
      id,
      name: `${(data.seaAreaNames as Record<string, string>)[id] ?? id} (${id})`,
      x,
      y: y0,
      w: colW,
      h,
      strip: stripH
        ? {
            x,
            y: stripAt,
            w: colW,
            h: stripH,
            label: id === 'SL' ? 'Air recon · PT boats' : 'Air recon',
            slots: s.pieces.map((piece, k) => ({ x: x + BP + (k % s.g.cols) * cell.w, y: stripAt + STRIP_HEAD + Math.floor(k / s.g.cols) * cell.h, piece })),
          }
        : null,
    };
  });
  return { areas, boxes, h };
}

/** One side's mapsheet from `y0`; `basesFirst` puts its bases above its sea areas. */
function layoutSheet(data: SsjData, view: SsjView, side: Side, y0: number, basesFirst: boolean, w: number): SheetLayout {
  const sv = view.sides[side];
  const head = { side, title: `${sideName(side)} map`, visibility: sv.visibility, x: 0, y: y0, w };
  if (sv.visibility === 'screened') {
    const titleBar = { x: 0, y: basesFirst ? y0 : y0 + SCREENED_H, w, h: TITLE_H };
    return { ...head, h: TITLE_H + SCREENED_H, titleBar, bases: [], areas: [], boxes: [] };
  }
  let y = y0;
  const titleBar = { x: 0, y: y0, w, h: TITLE_H };
  let b: { bases: BaseLayout[]; h: number };
  let a: { areas: AreaLayout[]; boxes: BoxLayout[]; h: number };
  if (basesFirst) {
    y += TITLE_H + GAP;
    b = layoutBases(data, view, side, sv, y, w);
    y += b.h + GAP * 2;
    a = layoutAreas(data, side, sv, y, w);
    y += a.h + GAP;
  } else {
    y += GAP;
    a = layoutAreas(data, side, sv, y, w);
    y += a.h + GAP * 2;
    b = layoutBases(data, view, side, sv, y, w);
    y += b.h + GAP;
    titleBar.y = y;
    y += TITLE_H;
  }
  return {
    ...head,
    titleBar,
    h: y - y0,
    bases: b.bases,
    areas: a.areas,
    boxes: a.boxes,
    ...(sv.rabaulSorties !== undefined ? { rabaulSorties: sv.rabaulSorties } : {}),
  };
}

/** The whole board with `top`'s mapsheet above the screen, `w` wide (narrower than NARROW_BELOW: a phone's layout). */
export function layoutBoard(data: SsjData, view: SsjView, top: Side, w: number = W): BoardLayout {
  const bottom: Side = top === 'allied' ? 'japanese' : 'allied';
  const narrow = w < NARROW_BELOW;
  const track = { x: 0, y: 0, w, h: narrow ? NARROW_TRACK_H : TRACK_H };
  const a = layoutSheet(data, view, top, track.h + 6, true, w);
  const screen = { x: 0, y: a.y + a.h, w, h: SCREEN_H };
  const b = layoutSheet(data, view, bottom, screen.y + SCREEN_H, false, w);
  return { w, narrow, h: b.y + b.h + 4, track, sheets: [a, b], screen };
}
