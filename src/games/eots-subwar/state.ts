/**
 * The state of a match: plain JSON (it is snapshotted and replayed as is). Nothing in it is
 * secret (see RULINGS.md, hidden information); view.ts still decides what a viewer gets.
 */
import type { Side, SubBaseId } from './data/tables';
import { ORDER_OF_BATTLE, SUB_BASE_IDS } from './data/tables';
import type { ScenarioData, ScenarioHexData, ScenarioHqData } from './scenario';
import type { Card5Record } from './card5';

/** Where a Sub Base is. */
export type SubBaseLoc =
  | { at: 'map'; hex: string }
  /** On the Turn Record Track, to return in the next Reinforcement Segment (11.21.D, 11.21.E). */
  | { at: 'trt' }
  /** Not in play yet: arrives in the Reinforcement Segment of `turn` (11.21.B). */
  | { at: 'pending'; turn: number }
  /** Replaced in situ by its successor (11.21.B). */
  | { at: 'replaced' };

export interface SwRoll {
  turn: number;
  base: SubBaseId;
  hex: string;
  die: number;
  swm: number;
  slocCount: number;
  slocPv: number;
  total: number;
  success: boolean;
  /** The Allied choice after a success (11.23); null while undecided or when there was none to make. */
  effect: 'asp' | 'swm' | 'none' | null;
}

export interface HandRecord {
  turn: number;
  /** The hand before submarine warfare (the scenario's track). */
  base: number;
  successes: number;
  /** The cards actually taken off (never below four, 11.23). */
  reduction: number;
  size: number;
}

/** What this turn has done so far (reset at the start of each turn). */
export interface TurnRecord {
  /** 11.22.A.4: the Sub Bases on the map when this turn's Reinforcement Segment began. */
  onMapAtReinforcement: SubBaseId[];
  /** The Sub Bases that conducted submarine warfare successfully this turn (11.23). */
  successes: SubBaseId[];
  /** 11.23: at most one ASP and one SWM step a turn. */
  aspTaken: boolean;
  swmTaken: boolean;
  /** Sub Bases relocated by activation this turn (11.24.A: "not relocated during the current strategy card phase"). */
  relocated: SubBaseId[];
  card5Played: boolean;
  japaneseOffensives: number;
}

export type OffensiveStep = 'movement' | 'declaration' | 'reaction' | 'air-naval' | 'ground' | 'conclusion' | 'late-reaction';

export interface Offensive {
  side: Side;
  hq: string;
  /** Allied offensives: the activations available (relocating a Sub Base takes two, 11.21.C). */
  activations: number | null;
  used: number;
  step: OffensiveStep;
  battleHexes: string[];
  relocated: SubBaseId[];
  /** Hits applied to each Sub Base in this offensive's Air-Naval Combat (15 displace it, 11.21.D). */
  hits: Partial<Record<SubBaseId, number>>;
  /** The first Japanese offensive of a start whose Wilkes may emergency-move at its end (11.21.E, 17.11). */
  iai: boolean;
}

export type Phase =
  /** A turn about to begin (once any emergency move due is made). */
  | { kind: 'turn-start' }
  | { kind: 'reinforcement'; toPlace: SubBaseId[] }
  | { kind: 'strategic-warfare'; rolled: SubBaseId[]; effectFor: SubBaseId | null }
  | { kind: 'operations' }
  | { kind: 'offensive'; offensive: Offensive }
  | { kind: 'political' }
  | { kind: 'turn-end' }
  | { kind: 'over' };

/** A Sub Base that must (or, for Wilkes in the 1941/1942 starts, may) make an emergency move (11.21.E). */
export interface EmergencyDue {
  base: SubBaseId;
  optional: boolean;
}

export interface EotsState {
  scenario: {
    id: string;
    name: string;
    startTurn: number;
    lastTurn: number;
    years: number[];
    japaneseHand: number[];
    slocRange: number;
    iaiEmergencyMove: ScenarioData['iaiEmergencyMove'];
    startAsp: number;
    startChinaDivisions: number;
    startSwmSteps: number;
  };
  turn: number;
  hexes: ScenarioHexData[];
  hqs: ScenarioHqData[];
  subBases: Record<SubBaseId, SubBaseLoc>;
  asp: number;
  chinaDivisions: number;
  events: { card37: boolean; card38: boolean; card80: number };
  swmSteps: number;
  record: TurnRecord;
  /** This turn's Japanese hand once the Strategy Card Draw has been made, else null. */
  japaneseHand: number | null;
  /** Offensives Phase: whose card play is next, and who has passed. */
  ops: { next: Side; passed: Side[] };
  phase: Phase;
  emergency: EmergencyDue[];
  history: { rolls: SwRoll[]; hands: HandRecord[]; card5: Card5Record[] };
}

export const other = (side: Side): Side => (side === 'allied' ? 'japanese' : 'allied');

export function emptyRecord(): TurnRecord {
  return { onMapAtReinforcement: [], successes: [], aspTaken: false, swmTaken: false, relocated: [], card5Played: false, japaneseOffensives: 0 };
}

export function initialState(sc: ScenarioData): EotsState {
  const subBases = {} as Record<SubBaseId, SubBaseLoc>;
  for (const id of SUB_BASE_IDS) {
    const p = sc.subBases[id];
    subBases[id] =
      typeof p === 'number' ? { at: 'pending', turn: p } : p === 'replaced' ? { at: 'replaced' } : p === 'trt' ? { at: 'trt' } : { at: 'map', hex: p };
  }
  return {
    scenario: {
      id: sc.id,
      name: sc.name,
      startTurn: sc.turn,
      lastTurn: sc.lastTurn,
      years: [...sc.years],
      japaneseHand: [...sc.japaneseHand],
      slocRange: sc.slocRange,
      iaiEmergencyMove: sc.iaiEmergencyMove,
      startAsp: sc.japaneseAsp,
      startChinaDivisions: sc.chinaDivisions,
      startSwmSteps: sc.swmSteps,
    },
    turn: sc.turn,
    hexes: structuredClone(sc.hexes),
    hqs: structuredClone(sc.hqs),
    subBases,
    asp: sc.japaneseAsp,
    chinaDivisions: sc.chinaDivisions,
    events: { ...sc.events },
    swmSteps: sc.swmSteps,
    record: emptyRecord(),
    japaneseHand: null,
    ops: { next: 'japanese', passed: [] },
    phase: { kind: 'turn-start' },
    emergency: [],
    history: { rolls: [], hands: [], card5: [] },
  };
}

export function yearOf(s: EotsState, turn = s.turn): number {
  return s.scenario.years[turn - 1]!;
}

export function hexOf(s: EotsState, id: string): ScenarioHexData | undefined {
  return s.hexes.find((h) => h.hex === id);
}

export function hqOf(s: EotsState, id: string): ScenarioHqData | undefined {
  return s.hqs.find((q) => q.id === id);
}

export function baseName(id: SubBaseId): string {
  return ORDER_OF_BATTLE.find((u) => u.id === id)!.name;
}

/** The Sub Bases on the map, in order of battle order, with their hexes. */
export function basesOnMap(s: EotsState): { base: SubBaseId; hex: string }[] {
  const out: { base: SubBaseId; hex: string }[] = [];
  for (const id of SUB_BASE_IDS) {
    const l = s.subBases[id];
    if (l.at === 'map') out.push({ base: id, hex: l.hex });
  }
  return out;
}

export function hexOfBase(s: EotsState, id: SubBaseId): string | null {
  const l = s.subBases[id];
  return l.at === 'map' ? l.hex : null;
}
