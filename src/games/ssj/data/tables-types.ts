/**
 * Shapes of the routes and reconstructed tables. These are additions beside
 * `types.ts` (which is fixed); nothing here changes a type declared there.
 */

import type { BaseId, SeaAreaId, Side } from './types';

/** Where a returning ship may go: a base, or the Japanese "Returning to Truk" holding box (VI.H). */
export type ShipReturnTarget = BaseId | 'returning-to-truk';

/** One side's ship movement between bases and sea areas (VI.B, VI.H). */
export interface ShipRoutes {
  /** The sea areas a ship in this base may sail to in deployment (VI.B). Bases not listed: none. */
  readonly sortie: Readonly<Partial<Record<BaseId, readonly SeaAreaId[]>>>;
  /** Where a ship in each sea area may return to (VI.H). */
  readonly returnTo: Readonly<Record<SeaAreaId, readonly ShipReturnTarget[]>>;
}

/** Who has ground units at (or, if empty, last held) a base: one side, or both ("contested"). */
export type Holding = Side | 'both';

/** An Anti-Ship result: no effect, Damaged, Heavily Damaged, sunk. */
export type AntiShipResult = 'miss' | 'D' | 'HD' | 'sunk';

/** The damage a ship unit carries. */
export type DamageState = 'none' | 'D' | 'HD' | 'sunk';

/** The Anti-Ship table's target columns. */
export type AntiShipColumn = 'SBB' | 'BB' | 'B' | 'BC' | 'CA' | 'CL' | 'DD' | 'TR' | 'CV' | 'CVL' | 'CVE';

/** Who bombards (the Bombardment table's rows group the firers). */
export type Bombarder = 'capital' | 'cruiser' | 'destroyer' | 'air';

/** What is bombarded. */
export type BombardTarget = 'ground' | 'air';

/** The Ground Combat/Exchange table's columns, attacker:defender, rounded down (VI.F.2.g). */
export type GroundColumn = '1:3' | '1:2' | '1:1' | '3:2' | '2:1' | '3:1' | '4:1' | '5:1' | '6:1';

/**
 * One Ground Combat/Exchange entry: the exchange ratio of attacking units lost to
 * defending units eliminated, e.g. [1, 2] = one attacker lost for every two defenders.
 */
export type Exchange = readonly [attackersLost: number, defendersEliminated: number];

/** The result of one ground attack. */
export interface GroundCombatResult {
  column: GroundColumn;
  exchange: Exchange;
  attackersLost: number;
  defendersLost: number;
}

/** The Night Surface Battle Detection/Surprise table's columns (the calendar says which is in use). */
export type NightColumn = 'A' | 'B' | 'C';

/** One row of the Strategic/Daylight Detection/Surprise table: the holdings of the area's key bases, and the roll each side needs. */
export interface DetectionRow {
  readonly when: readonly Holding[];
  readonly allied: number;
  readonly japanese: number;
}

/** One sea area's part of the Strategic/Daylight Detection/Surprise table. */
export interface DetectionArea {
  /** The bases whose holdings select the row, in the order of `when`. */
  readonly keys: readonly BaseId[];
  readonly rows: readonly DetectionRow[];
}

/** Who has night surprise. */
export type NightSurprise = Side | 'none';
