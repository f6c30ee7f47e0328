/**
 * The shapes of the Sky, Sea, and JUNGLE view (src/games/ssj/view.ts) as the client reads
 * them. Read loosely: fields the server has not always sent are optional, and older
 * views (`ships` rather than `units`) are read too.
 */

export type Side = 'allied' | 'japanese';
export type Visibility = 'full' | 'face-down' | 'screened';

export type Place =
  | { at: 'base'; base: string; box?: 'harbour' | 'airfield' | 'land' }
  | { at: 'group'; group: string }
  | { at: 'aboard'; ship: string }
  | { at: 'recon'; area: string; base?: string }
  | { at: 'slot' }
  | { at: 'returning-to-truk' }
  | { at: 'repair'; until: number; base: string }
  | { at: 'pool' }
  | { at: 'sunk' }
  | { at: 'destroyed' };

/** A unit seen face up: a ship, an air unit, a ground unit or PT boats. */
export interface UnitFace {
  id: string;
  kind?: string;
  name: string;
  cls?: string;
  nation?: string;
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  airCapacity?: number;
  /** Carriers: the air units they can hold now. */
  capacity?: number;
  /** Air units: B-17, Betty, MAR, JAAF, NAV, IJN. */
  type?: string;
  damage: null | 'D' | 'HD';
  place: Place;
  arriving?: boolean;
}

/** The older name of a unit face (ships only). */
export type ShipFace = UnitFace;

export interface HiddenPiece {
  tag: string;
  place: Place;
}

export interface GroupView {
  id: string;
  area: string;
  box: string;
  size: number;
  ships?: string[];
  pieces?: string[];
}

export interface SideView {
  visibility: Visibility;
  units?: UnitFace[];
  ships?: UnitFace[];
  hidden: HiddenPiece[];
  /** Face-down pieces turned face up for this viewer, by tag. */
  faces?: Record<string, UnitFace>;
  groups: GroupView[];
  rabaulSorties?: number;
  picks?: { cruiser: string | null; other: string | null };
}

export interface MagicRoll {
  turn: number;
  numbers: number[];
  die: number;
  success: boolean;
}

export interface VpEntry {
  turn: number;
  side: Side;
  points: number;
  why: string;
}

export interface SsjView {
  turn: number;
  turnName: string;
  phase: string;
  /** Whose decision it is, where the view says so. */
  actor?: Side | null;
  magic: { successes: number; rolls: MagicRoll[] };
  vp: Record<Side, number>;
  vpLog?: VpEntry[];
  /** Who holds each base now ('both': contested). */
  holder?: Record<string, string>;
  volcano?: { streak: number; erupted: boolean; rolls: number[] };
  /** A submarine attack waiting for its target. */
  subAttack?: { group: string; sub?: string } | null;
  sides: Record<Side, SideView>;
}

export function isSsjView(v: unknown): v is SsjView {
  const o = v as SsjView | null;
  return !!o && typeof o === 'object' && typeof o.turn === 'number' && !!o.sides?.allied && !!o.sides?.japanese;
}

/** A side's face-up units, whichever name the view gives them. */
export function unitsOf(sv: SideView): UnitFace[] {
  return sv.units ?? sv.ships ?? [];
}

/** Every unit the viewer sees face up, on both sides. */
export function allFaces(view: SsjView): UnitFace[] {
  const out: UnitFace[] = [];
  for (const side of ['allied', 'japanese'] as const) {
    const sv = view.sides[side];
    out.push(...unitsOf(sv), ...Object.values(sv.faces ?? {}));
  }
  return out;
}
