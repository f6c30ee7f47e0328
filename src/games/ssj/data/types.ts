/**
 * The shapes of Sky, Sea, and JUNGLE's game data. The data itself (ships, air and
 * ground units, bases, calendars, tables) lives in the files beside this one; all of it
 * is public knowledge (the counter sheet, the map and the charts every player holds).
 */

export type Side = 'allied' | 'japanese';
export const SIDES: readonly Side[] = ['allied', 'japanese'];

/** The nine 15-day turns, AugI to DecI. */
export const TURNS = ['AugI', 'AugII', 'SepI', 'SepII', 'OctI', 'OctII', 'NovI', 'NovII', 'DecI'] as const;
export type TurnId = (typeof TURNS)[number];

/** South Pacific, the Slot, the Coral Sea. */
export const SEA_AREAS = ['SP', 'SL', 'CS'] as const;
export type SeaAreaId = (typeof SEA_AREAS)[number];

/** The time-of-day-present boxes: "Day Only", "Day and Night", "Night Only". */
export const BOXES = ['day', 'daynight', 'night'] as const;
export type BoxId = (typeof BOXES)[number];

export type BaseId = 'espiritu-santo' | 'australia' | 'port-moresby' | 'guadalcanal' | 'bougainville' | 'buna' | 'rabaul' | 'truk';

export type ShipClass = 'CV' | 'CVL' | 'CVE' | 'SBB' | 'BB' | 'B' | 'BC' | 'CA' | 'CL' | 'CLAA' | 'DL' | 'DD' | 'TR' | 'SS';

/** The general classes of III.B. */
export type GeneralClass = 'carrier' | 'capital' | 'cruiser' | 'destroyer' | 'transport' | 'submarine';

export type Nation = 'IJN' | 'USN' | 'RAN' | 'RNZN';

/** How a unit enters the game. */
export type Arrival =
  /** On the map at set-up, at this base (or aboard this carrier, for air units). */
  | { kind: 'start'; at: BaseId; carrier?: string }
  /** From the calendar on this turn, at this base (Japanese: always Truk). */
  | { kind: 'calendar'; turn: TurnId; at: BaseId }
  /**
   * Allied ship reinforcements chosen one turn ahead (VI.A): DD divisions in the
   * numerical `order`; cruisers and other ships by choice, not before `from`.
   */
  | { kind: 'pool'; order?: number; from?: TurnId };

export interface ShipUnit {
  id: string;
  side: Side;
  nation: Nation;
  cls: ShipClass;
  /** The name on the counter: "YAMATO", "DesDiv 15". */
  name: string;
  /** The ships a division counter stands for. */
  members?: readonly string[];
  /** The torpedo mark in the counter's lower right-hand corner: T, or T* (Long Lance). */
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  /** Carriers: how many air units the carrier holds. */
  airCapacity?: number;
  arrival: Arrival;
  /** Where the figures come from (history, a rule's fixed point, or a reconstruction). */
  source: string;
}

export type AirType = 'B-17' | 'Betty' | 'MAR' | 'JAAF' | 'NAV' | 'IJN';

export interface AirUnit {
  id: string;
  side: Side;
  type: AirType;
  name: string;
  arrival: Arrival;
  source: string;
}

export interface GroundUnit {
  id: string;
  side: Side;
  name: string;
  arrival: Arrival;
  source: string;
}

export interface PtUnit {
  id: string;
  side: 'allied';
  name: string;
  arrival: Arrival;
  source: string;
}

export interface Base {
  id: BaseId;
  name: string;
  /** Who holds it at set-up. */
  heldBy: Side;
  /** A naval base (harbour): only Australia, Espiritu Santo, Rabaul and Truk (VI.F.1.a). */
  naval: boolean;
  airfield: boolean;
  /** A home base (VI.H): always in supply, ground units move between home bases strategically. */
  home: boolean;
  /** The sea area the base is attached to (its land air covers it), if any. */
  seaArea: SeaAreaId | null;
  /** The island or land mass, for ground combat and supply (VI.G). */
  land: string;
  /** Victory points to its holder for each turn it is occupied (IV), where it is an objective. */
  vpPerTurn: number;
  source: string;
}
