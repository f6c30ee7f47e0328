/**
 * The state of a match of Sky, Sea, and JUNGLE: plain JSON (it is snapshotted as is).
 * Everything secret lives here; only view.ts decides what a viewer may see of it.
 */
import type { BaseId, BoxId, SeaAreaId, Side } from './data/types';

/** Where a ship unit is. */
export type Place =
  | { at: 'base'; base: BaseId }
  | { at: 'group'; group: string }
  /** The "Returning to Truk" holding box (VI.H): back at Truk and ready the turn after. */
  | { at: 'returning-to-truk' }
  /** Not in play yet: a calendar reinforcement of a later turn, or an Allied pool ship. */
  | { at: 'pool' }
  | { at: 'sunk' };

export interface ShipState {
  id: string;
  side: Side;
  place: Place;
  damage: null | 'D' | 'HD';
  /** The base it left (or moved from) during this turn's deployment; null when it has not moved. */
  from: BaseId | null;
  /** In the Returning to Truk box: the turn (index) it is back at Truk, ready for use. */
  readyTurn?: number;
}

/** A task force group: ships deployed together, face down, in one box of one sea area. */
export interface Group {
  id: string;
  side: Side;
  area: SeaAreaId;
  box: BoxId;
  ships: string[];
}

export type Phase =
  | 'japanese-deployment' // VI.B
  | 'magic' // VI.C, from AugII
  | 'allied-deployment' // VI.C
  | 'turn-end' // VI.D–VI.I: not yet in this build; the Japanese player closes the turn
  | 'over';

export interface MagicRoll {
  turn: number;
  numbers: number[];
  die: number;
  success: boolean;
}

export interface SsjState {
  /** Index into TURNS (0 = AugI). */
  turn: number;
  phase: Phase;
  ships: Record<string, ShipState>;
  groups: Record<string, Group>;
  /**
   * This turn's opaque tag of every piece, drawn anew each time the screen goes up, so a
   * face-down piece is named to the other side by a tag that says nothing about it.
   */
  tags: Record<string, string>;
  /** The sides that see the other side's map (face down) this turn. */
  fogLiftedFor: Side[];
  /** Ship pieces that have left Rabaul this turn (at most 8, VI.B). */
  rabaulSorties: number;
  magic: { successes: number; rolls: MagicRoll[] };
  vp: Record<Side, number>;
}

export const other = (side: Side): Side => (side === 'allied' ? 'japanese' : 'allied');
