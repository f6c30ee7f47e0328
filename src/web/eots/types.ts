/** The Empire of the Sun submarine-warfare view (src/games/eots-subwar/view.ts) as the client reads it. */

export type Side = 'allied' | 'japanese';

export type SubBaseLoc = { at: 'map'; hex: string } | { at: 'trt' } | { at: 'pending'; turn: number } | { at: 'replaced' };

export interface SubBaseView {
  id: string;
  name: string;
  location: SubBaseLoc;
  eligibility?: string[];
  halfRangeHqs?: string[];
  sloc?: { hexes: string[]; hqs: string[]; count: number; pv: number };
}

export interface EotsHex {
  hex: string;
  name?: string;
  port: boolean;
  airfield: boolean;
  coastal: boolean;
  homeIslandPort: boolean;
  resource: boolean;
  control: 'allied' | 'japanese' | 'none';
  alliedSupply: boolean;
  japaneseZoi: boolean;
  note?: string;
}

export interface EotsHq {
  id: string;
  name: string;
  side: Side;
  american: boolean;
  hex: string | null;
  activationRange: number;
  activatesSubBases: boolean;
}

export interface SwRoll {
  turn: number;
  base: string;
  hex: string;
  die: number;
  swm: number;
  slocCount: number;
  slocPv: number;
  total: number;
  success: boolean;
  effect: 'asp' | 'swm' | 'none' | null;
}

export interface EotsView {
  viewer: string;
  scenario: { id: string; name: string; startTurn: number; lastTurn: number; slocRange: number };
  turn: number;
  year: number;
  phase: {
    kind: string;
    toPlace?: string[];
    rolled?: string[];
    effectFor?: string | null;
    offensive?: { side: Side; hq: string; activations: number | null; used: number; step: string; battleHexes: string[]; relocated: string[]; hits: Record<string, number> };
  };
  waitingFor: { side: Side; kind: string; text: string } | null;
  emergency: { base: string; optional: boolean }[];
  subBases: SubBaseView[];
  swm: { value: number; raw: number; factors: { factor: string; value: number }[] };
  japanese: { asp: number; hand: number | null; handOnTrack?: number; chinaDivisions: number };
  events: { card37: boolean; card38: boolean; card80: number };
  thisTurn: {
    successes: string[];
    aspTaken: boolean;
    swmTaken: boolean;
    relocated: string[];
    card5Played: boolean;
    card5Candidates: unknown[];
    onMapAtReinforcement: string[];
  };
  offensives: { next: Side; passed: Side[] };
  hexes: EotsHex[];
  hqs: EotsHq[];
  history: { rolls: SwRoll[]; hands: { turn: number; base: number; successes: number; reduction: number; size: number }[]; card5: unknown[] };
}

export function isEotsView(v: unknown): v is EotsView {
  const x = v as EotsView | null;
  return !!x && typeof x === 'object' && typeof x.turn === 'number' && Array.isArray(x.hexes) && Array.isArray(x.subBases) && Array.isArray(x.hqs) && !!x.swm;
}

export const PHASE_NAMES: Record<string, string> = {
  'turn-start': 'Start of the turn',
  reinforcement: 'Reinforcement Segment (11.21.B–C)',
  'strategic-warfare': 'Strategic Warfare Segment (11.22)',
  operations: 'Offensives Phase: card plays',
  offensive: 'Offensive',
  political: 'Political Phase',
  'turn-end': 'End of the turn',
  over: 'Match over',
};

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
