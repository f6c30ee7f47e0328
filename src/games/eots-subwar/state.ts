/**
 * The state of a match: plain JSON (it is snapshotted and replayed as is). Nothing in it is
 * secret (see RULINGS.md, hidden information); view.ts still decides what a viewer gets.
 */
import type { Side, SubBaseId, VariantCard } from './data/tables';
import { ORDER_OF_BATTLE, SUB_BASE_IDS, VARIANT_CARD_IDS } from './data/tables';
import type { Report } from './fact';
import type { ScenarioData, ScenarioHexData, ScenarioHqData } from './scenario-schema';
import { computeSwm } from './swm-factors';

/** One play of card #5's alternative event (11.24.A). */
export interface Card5Record {
  turn: number;
  base: SubBaseId;
  die: number;
  /** What the table says (0, 1 or 2 divisions). */
  reduction: number;
  /** What was removed (never either of the last two divisions). */
  removed: number;
  divisionsAfter: number;
}

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
  /** Reports made this turn outside an offensive — card plays in the Offensives Phase, facts in the Political Phase (each at most once, report-keys.ts). */
  reported: string[];
}

export type OffensiveStep = 'movement' | 'declaration' | 'reaction' | 'air-naval' | 'ground' | 'conclusion' | 'late-reaction';

export interface Offensive {
  side: Side;
  hq: string;
  /** Allied offensives: the activations the card gives, once the Japanese player has confirmed them (relocating a Sub Base takes two, 11.21.C). */
  activations: number | null;
  /** The HQ has moved (once an offensive). */
  hqMoved: boolean;
  /** Reports made during this offensive (each at most once, report-keys.ts). */
  proposed: string[];
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

/** A card's place: in the deck or a hand (playable), in the discard pile until a reshuffle, or out of the game. */
export type CardPlace = 'deck' | 'discard' | 'removed';

/** A fact of the larger game, or a play of it, one side has put to the other (reports.ts). */
export interface Proposal {
  by: Side;
  fact: Report;
  status: 'proposed' | 'disputed';
}

export interface DisputeRecord {
  turn: number;
  by: Side;
  fact: Report;
  text: string;
}

export interface SwmChange {
  turn: number;
  change: number;
  /** The marker after the change (never below −5). */
  value: number;
  why: string;
}

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
    alliedHand: number[];
    reshuffleTurns: number[];
    startSwm: number;
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
  /** How often each event the SWM counts has been played (in the scenario's past, then in the match). */
  events: { card37: boolean; card38: boolean; card80: number };
  swmSteps: number;
  /** 11.22.B: the SWM marker, moved change by change and never below −5, with its track. */
  swm: number;
  swmTrack: SwmChange[];
  /** The variant's cards (11.22.B.4–6, 11.24.A). */
  cards: Record<VariantCard, CardPlace>;
  /** Cards left in each side's hand this turn (counts only: which cards they are is not modelled). */
  hands: Record<Side, number>;
  /** A fact put by one side to the other, waiting for an answer. */
  proposal: Proposal | null;
  /** Disputes the proposer insisted on: left unresolved (listed in the result), not applied. */
  disputes: DisputeRecord[];
  record: TurnRecord;
  /** This turn's Japanese hand once the Strategy Card Draw has been made, else null. */
  japaneseHand: number | null;
  /** Offensives Phase: whose card play is next, and who has passed. */
  ops: { next: Side; passed: Side[] };
  phase: Phase;
  emergency: EmergencyDue[];
  history: { rolls: SwRoll[]; hands: HandRecord[]; card5: Card5Record[]; plays: CardPlay[]; lost: SubBaseLoss[]; arrivals: SubBaseArrival[] };
}

/** A Sub Base arriving (11.21.B): in situ on the map or the TRT, or as a new unit. */
export interface SubBaseArrival {
  turn: number;
  base: SubBaseId;
  replaces: SubBaseId | null;
  where: 'map' | 'trt' | 'new';
}

/** A card played: for an offensive, or one of the variant's cards. */
export interface CardPlay {
  turn: number;
  side: Side;
  card: VariantCard | 'offensive';
}

/** A Sub Base sent to the Turn Record Track, and why (11.21.D, 11.21.E). */
export interface SubBaseLoss {
  turn: number;
  base: SubBaseId;
  how: 'hits' | 'ground' | 'emergency';
}

export const other = (side: Side): Side => (side === 'allied' ? 'japanese' : 'allied');

export function emptyRecord(): TurnRecord {
  return { onMapAtReinforcement: [], successes: [], aspTaken: false, swmTaken: false, relocated: [], card5Played: false, japaneseOffensives: 0, reported: [] };
}

export function initialState(sc: ScenarioData): EotsState {
  const swm = sc.swmMarker ?? computeSwm({ year: sc.years[sc.turn - 1]!, events: sc.events, swmSteps: sc.swmSteps });
  const subBases = {} as Record<SubBaseId, SubBaseLoc>;
  for (const id of SUB_BASE_IDS) {
    const p = sc.subBases[id];
    subBases[id] = typeof p === 'number' ? { at: 'pending', turn: p } : p === 'replaced' ? { at: 'replaced' } : p === 'trt' ? { at: 'trt' } : { at: 'map', hex: p };
  }
  return {
    scenario: {
      id: sc.id,
      name: sc.name,
      startTurn: sc.turn,
      lastTurn: sc.lastTurn,
      years: [...sc.years],
      japaneseHand: [...sc.japaneseHand],
      alliedHand: [...sc.alliedHand],
      reshuffleTurns: [...sc.reshuffleTurns],
      startSwm: swm,
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
    swm,
    swmTrack: [],
    cards: Object.fromEntries(VARIANT_CARD_IDS.map((c) => [c, (c === 37 && sc.events.card37) || (c === 38 && sc.events.card38) ? 'removed' : 'deck'])) as Record<
      VariantCard,
      CardPlace
    >,
    hands: { allied: 0, japanese: 0 },
    proposal: null,
    disputes: [],
    record: emptyRecord(),
    japaneseHand: null,
    ops: { next: 'japanese', passed: [] },
    phase: { kind: 'turn-start' },
    emergency: [],
    history: { rolls: [], hands: [], card5: [], plays: [], lost: [], arrivals: [] },
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
