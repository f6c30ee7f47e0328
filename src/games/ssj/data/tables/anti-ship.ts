/** The Anti-Ship table (VII.A) and what its results do: damage, troops and air lost aboard, torpedoes, submarines and PT boats. */
import type { ShipClass, Side } from '../types';
import type { AntiShipColumn, AntiShipResult, DamageState } from '../tables-types';
import { checkDie } from './dice';

/**
 * The Anti-Ship combat results table (VII.A; used by gunfire, torpedoes, air and submarines).
 * Rows 1–8 (the die 1–6 plus shifts), columns by target class.
 *
 * Fixed points honoured: a die roll of 1 always misses whatever the shift (VII.A — applied
 * by `antiShipResult`, not by the table); T* torpedoes read one row higher (VI.F.2.b.1);
 * Heavily Damaged targets +1 (VI.F.1.c, VII.A example); ships anchored in a harbour are
 * attacked "with the bonus shift up" (VI.F.1.a); results are D, HD (2D) and sunk (VII.A).
 * Reconstructed: every entry; the bonus shift for anchored ships is one row; the rows end at 8.
 */
export const ANTI_SHIP_TABLE: Readonly<Record<AntiShipColumn, readonly AntiShipResult[]>> = {
  //      row:  1       2       3       4       5       6       7       8
  SBB: ['miss', 'miss', 'miss', 'miss', 'miss', 'D', 'D', 'HD'],
  BB: ['miss', 'miss', 'miss', 'miss', 'D', 'D', 'HD', 'HD'],
  B: ['miss', 'miss', 'miss', 'miss', 'D', 'D', 'HD', 'sunk'],
  BC: ['miss', 'miss', 'miss', 'miss', 'D', 'D', 'HD', 'sunk'],
  CA: ['miss', 'miss', 'miss', 'D', 'D', 'HD', 'HD', 'sunk'],
  CL: ['miss', 'miss', 'miss', 'D', 'D', 'HD', 'sunk', 'sunk'],
  DD: ['miss', 'miss', 'miss', 'D', 'HD', 'sunk', 'sunk', 'sunk'],
  TR: ['miss', 'miss', 'D', 'D', 'HD', 'sunk', 'sunk', 'sunk'],
  CV: ['miss', 'miss', 'miss', 'D', 'D', 'HD', 'HD', 'sunk'],
  CVL: ['miss', 'miss', 'miss', 'D', 'HD', 'HD', 'sunk', 'sunk'],
  CVE: ['miss', 'miss', 'D', 'D', 'HD', 'sunk', 'sunk', 'sunk'],
};

export const ANTI_SHIP_ROWS = 8;

/**
 * The column each class is read on. CLAAs read as light cruisers, DLs as destroyers.
 * RULING (VII.A): submarines are never targets on the Anti-Ship table (the text only lets
 * them be sunk by the escorts' 1/2 rule of VI.D), so SS has no column.
 */
export const ANTI_SHIP_COLUMN: Readonly<Record<Exclude<ShipClass, 'SS'>, AntiShipColumn>> = {
  SBB: 'SBB',
  BB: 'BB',
  B: 'B',
  BC: 'BC',
  CA: 'CA',
  CL: 'CL',
  CLAA: 'CL',
  DL: 'DD',
  DD: 'DD',
  TR: 'TR',
  CV: 'CV',
  CVL: 'CVL',
  CVE: 'CVE',
};

/** The row shifts of the text: each moves the result one row down the table (higher). */
export const ANTI_SHIP_SHIFT = {
  /** VI.F.2.b.1: "T*" (Long Lance) torpedoes are read one row higher. */
  longLance: 1,
  /** VI.F.1.c / VII.A: Heavily Damaged ships are attacked with a bonus of 1. */
  heavilyDamagedTarget: 1,
  /** VI.F.1.a: ships anchored in a harbour are attacked "with the bonus shift up" (reconstructed: 1). */
  anchored: 1,
} as const;

export interface AntiShipModifiers {
  longLance?: boolean;
  targetHeavilyDamaged?: boolean;
  anchored?: boolean;
}

/** The total row shift for an attack. */
export function antiShipShift(m: AntiShipModifiers): number {
  return (m.longLance ? ANTI_SHIP_SHIFT.longLance : 0) + (m.targetHeavilyDamaged ? ANTI_SHIP_SHIFT.heavilyDamagedTarget : 0) + (m.anchored ? ANTI_SHIP_SHIFT.anchored : 0);
}

/**
 * One roll on the Anti-Ship table. A natural 1 always misses (VII.A); otherwise the row is
 * die + shift, kept within 1–8.
 */
export function antiShipResult(targetClass: ShipClass, die: number, shift = 0): AntiShipResult {
  checkDie(die);
  if (targetClass === 'SS') throw new RangeError('submarines are not targets on the Anti-Ship table');
  if (die === 1) return 'miss';
  const row = Math.min(ANTI_SHIP_ROWS, Math.max(1, die + shift));
  return ANTI_SHIP_TABLE[ANTI_SHIP_COLUMN[targetClass]][row - 1] ?? 'miss';
}

/**
 * Adds a result to a ship's damage (VII.A): D then D is HD ("Heavy Damage (2D or HD)");
 * further D or HD on an HD ship leave it HD (the VII.A example: a D and two HD results
 * "stay at HD"); only a sunk result (or the repair roll) sinks it.
 */
export function accumulateDamage(current: DamageState, result: AntiShipResult): DamageState {
  if (current === 'sunk' || result === 'sunk') return 'sunk';
  if (result === 'miss') return current;
  if (result === 'HD' || current === 'HD' || current === 'D') return 'HD';
  return 'D';
}

/**
 * The after-phase damage roll (VII.A): a D ship is out for die + 1 turns; an HD ship for
 * twice the die, but sinks on a 6, or on a 5 as well in a sea area with an attached active
 * land air base that still has an air unit at the end of the turn.
 * RULING (VII.A): that air base is an enemy one (the ship's opponent holds it).
 */
export function damageRoll(damage: 'D' | 'HD', die: number, enemyLandAirInArea: boolean): { sunk: boolean; turnsOut: number } {
  checkDie(die);
  if (damage === 'D') return { sunk: false, turnsOut: die + 1 };
  if (die === 6 || (die === 5 && enemyLandAirInArea)) return { sunk: true, turnsOut: 0 };
  return { sunk: false, turnsOut: 2 * die };
}

/** Troop units lost by a transport division (VII.A): D 1, HD 2, sunk all 3. */
export const TRANSPORT_TROOP_LOSS: Readonly<Record<Exclude<AntiShipResult, 'miss'>, number>> = { D: 1, HD: 2, sunk: 3 };

/** Troop units a division can carry (VI.B): transports 3, a cruiser or destroyer division 1. */
export const TROOP_CAPACITY = { transport: 3, cruiserOrDestroyer: 1 } as const;

/** A carrier's air capacity after a result (VII.A): D −1, HD (or sunk) none. */
export function carrierCapacityAfter(capacity: number, result: AntiShipResult): number {
  if (result === 'miss') return capacity;
  if (result === 'D') return Math.max(0, capacity - 1);
  return 0;
}

/**
 * Surprise torpedoes (VI.F.2.b.1): every natural 1 is rolled again; the torpedo "turns" and
 * is rolled against the firer's own task force on a second 1 for IJN, RAN or RNZN ships,
 * on a 1 or 2 for US Navy ships.
 */
export function torpedoTurns(firer: 'IJN' | 'USN' | 'RAN' | 'RNZN', reroll: number): boolean {
  checkDie(reroll);
  return firer === 'USN' ? reroll <= 2 : reroll === 1;
}

/** Battles in which one task force may make surprise torpedo attacks (VI.F.2.b.1). */
export const SURPRISE_TORPEDO_BATTLES: Readonly<Record<Side, number>> = { japanese: 2, allied: 1 };

/**
 * Whether an attacking submarine is sunk (VI.D): on a 1 if the target's group has at least
 * one destroyer division; a Japanese sub also on a 2 if there are 2 destroyer divisions, or a
 * destroyer division and a carrier.
 * RULING (VI.D): destroyer leaders (DL) count as destroyer divisions here.
 */
export function submarineSunk(subSide: Side, die: number, destroyers: number, carriers: number): boolean {
  checkDie(die);
  if (die === 1) return destroyers >= 1;
  if (die === 2 && subSide === 'japanese') return destroyers >= 2 || (destroyers >= 1 && carriers >= 1);
  return false;
}

/** PT boats (VI.F.1.c, VI.F.2.d): by day each gunfire roll against them sinks them on 4–6; at night only their own 1. */
export const PT_DAY_SUNK_FROM = 4;
export const PT_NIGHT_SELF_SUNK_ON = 1;
