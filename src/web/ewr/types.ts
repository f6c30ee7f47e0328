/**
 * The East Wind Rain view (src/games/ewr/view.ts) as the client reads it. Written out here
 * rather than imported, so that nothing of the game's modules (its scenarios list every
 * ship of both task forces) can find its way into the bundle.
 */

export type Side = 'allied' | 'japanese';
export type Role = 'tfa' | 'tfz';
export type Component = 'main' | 'screen' | 'reserve';
export type Part = Component | 'submarines';

export interface HexRef {
  col: number;
  row: number;
}

export interface ShipView {
  id: string;
  name: string;
  type: string;
  surface: number;
  asw: number;
  air: number;
  airLost: number;
  hull: number;
  hits: number;
  sunk: boolean;
}

interface TfCommon {
  role: Role;
  side: Side;
  name: string;
  hex: HexRef | null;
  retreating: boolean;
  offMap: boolean;
}

export interface OwnTfView extends TfCommon {
  morale: { rating: number; effective: number; reservePenalty: number };
  factors: { air: number; surface: number; asw: number; submarines: number };
  parts: Record<Part, ShipView[]>;
}

export interface EnemyTfView extends TfCommon {
  components: Component[] | null;
  hasSubmarines: boolean;
}

export type TfView = OwnTfView | EnemyTfView;

export const isOwnTf = (t: TfView): t is OwnTfView => 'parts' in t && typeof (t as OwnTfView).parts === 'object';

export interface Allocation {
  cap: number;
  escort: number;
  strike: number;
}

export interface EwrBase {
  id: string;
  name: string;
  hex: HexRef;
  side: Side;
  size: 'major' | 'minor';
}

export interface EwrMarker {
  id: string;
  name: string;
  hex: HexRef;
  value: number;
  zone: Side | null;
  spent: boolean;
}

export interface EwrView {
  viewer: string;
  you: Role | null;
  scenario: {
    id: string;
    name: string;
    description: string;
    year: number;
    map: { width: number; height: number };
    bases: EwrBase[];
    markers: EwrMarker[];
  };
  roles: Record<Role, Side>;
  phase: string;
  step: string;
  stepText: string;
  waitingFor: Side[];
  initiative: { number: number; cost: number; paidWith: string[]; intercepted: boolean; combat: boolean; moverCombat: boolean; movesLeft?: number } | null;
  history: { number: number; cost: number; combat: boolean; moverCombat: boolean }[];
  nextInitiative: { cost: number; doubled: boolean; ersAvailable?: number };
  tfs: Partial<Record<Role, TfView>>;
  yourAllocation?: Allocation;
  allocations?: Partial<Record<Role, Allocation>>;
  lastStrike: unknown;
  walked: string[];
  losses: Record<Side, number>;
  endText: string | null;
}

export function isEwrView(v: unknown): v is EwrView {
  const x = v as EwrView | null;
  return !!x && typeof x === 'object' && typeof x.step === 'string' && !!x.scenario?.map && typeof x.tfs === 'object' && Array.isArray(x.walked);
}

/** The flowchart as the game's public data gives it (GET /api/games/ewr → data.flowchart). */
export interface FlowStep {
  id: string;
  decides: string;
  text: string;
}
export interface FlowArrow {
  id: string;
  from: string;
  to: string;
  label: string;
}
export interface Flowchart {
  steps: FlowStep[];
  arrows: FlowArrow[];
}

export const ROLE_NAMES: Record<Role, string> = { tfa: 'TFA', tfz: 'TFZ' };
export const hexKey = (h: HexRef) => `${h.col},${h.row}`;
