/**
 * The charts and tables the rule text names but does not print, reconstructed, and the
 * numbers the text does print, as data and small pure lookups. No randomness: every lookup
 * takes the die value (1–6) as an argument.
 *
 * Each reconstructed table says which fixed points of the text it honours; everything else
 * in it is reconstructed and can be replaced by the published values without touching the
 * engine.
 */

import type { AirType, BaseId, SeaAreaId, ShipClass, Side } from './types';
import { BASES } from './bases';
import type {
  AntiShipColumn,
  AntiShipResult,
  Bombarder,
  BombardTarget,
  DamageState,
  DetectionArea,
  Exchange,
  GroundColumn,
  GroundCombatResult,
  Holding,
  NightColumn,
  NightSurprise,
} from './tables-types';

/** Throws unless `die` is a whole number 1–6. */
export function checkDie(die: number): void {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new RangeError(`die roll must be 1–6, got ${die}`);
}

/** Half of a group, fractions rounded up (out of supply, VI.G; the volcano, VI.I). */
export function halfRoundedUp(n: number): number {
  return Math.ceil(n / 2);
}

// ─────────────────────────────── Anti-Ship table ───────────────────────────────

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
  SBB: 'SBB', BB: 'BB', B: 'B', BC: 'BC', CA: 'CA', CL: 'CL', CLAA: 'CL',
  DL: 'DD', DD: 'DD', TR: 'TR', CV: 'CV', CVL: 'CVL', CVE: 'CVE',
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
  return (
    (m.longLance ? ANTI_SHIP_SHIFT.longLance : 0) +
    (m.targetHeavilyDamaged ? ANTI_SHIP_SHIFT.heavilyDamagedTarget : 0) +
    (m.anchored ? ANTI_SHIP_SHIFT.anchored : 0)
  );
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
export function damageRoll(
  damage: 'D' | 'HD',
  die: number,
  enemyLandAirInArea: boolean,
): { sunk: boolean; turnsOut: number } {
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

// ─────────────────────────────── Anti-aircraft ───────────────────────────────

/**
 * Anti-aircraft (VII.B): a 1 always shoots the attacking air unit down, except an unopposed
 * high-altitude B-17; a 2 too when attacking, in the "afternoon", a land base with an active
 * airfield (never a B-17).
 */
export function airUnitShotDown(
  die: number,
  o: { b17: boolean; unopposedHighAltitude?: boolean; afternoonVsActiveAirfield?: boolean },
): boolean {
  checkDie(die);
  if (die === 1) return !(o.b17 && o.unopposedHighAltitude);
  if (die === 2) return !o.b17 && !!o.afternoonVsActiveAirfield;
  return false;
}

// ─────────────────────────────── Bombardment table ───────────────────────────────

/**
 * The Bombardment table (VI.F.1.a, VI.F.1.h, VI.F.2.f): units eliminated by one bombarding
 * ship unit or air unit, by die 1–6, against ground units or against air units on a base.
 *
 * Fixed points honoured: only that it exists, is used by ships and by air units attacking
 * land targets, and that an air unit's 1 is an anti-aircraft loss (VII.B) — so 1 never
 * eliminates anything. Reconstructed: all values (capital ships hit hardest, as the
 * KONGO/HARUNA bombardment of 13–14 Oct showed).
 */
export const BOMBARDMENT_TABLE: Readonly<Record<Bombarder, Readonly<Record<BombardTarget, readonly number[]>>>> = {
  capital: { ground: [0, 0, 0, 1, 1, 1], air: [0, 0, 0, 1, 1, 2] },
  cruiser: { ground: [0, 0, 0, 0, 1, 1], air: [0, 0, 0, 0, 1, 1] },
  destroyer: { ground: [0, 0, 0, 0, 0, 1], air: [0, 0, 0, 0, 0, 1] },
  air: { ground: [0, 0, 0, 0, 0, 1], air: [0, 0, 0, 0, 1, 1] },
};

/** Which Bombardment row a ship class fires on; carriers, transports and submarines do not bombard. */
export function bombarderOf(cls: ShipClass): Bombarder | null {
  switch (cls) {
    case 'SBB': case 'BB': case 'B': case 'BC': return 'capital';
    case 'CA': case 'CL': case 'CLAA': return 'cruiser';
    case 'DL': case 'DD': return 'destroyer';
    default: return null;
  }
}

export function bombardment(by: Bombarder, target: BombardTarget, die: number): number {
  checkDie(die);
  return BOMBARDMENT_TABLE[by][target][die - 1] ?? 0;
}

// ─────────────────────────────── Ground Combat/Exchange table ───────────────────────────────

/** The columns, weakest first, with their attacker:defender ratios. */
export const GROUND_COLUMNS: readonly GroundColumn[] = ['1:3', '1:2', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '6:1'];
const COLUMN_RATIO: Readonly<Record<GroundColumn, readonly [number, number]>> = {
  '1:3': [1, 3], '1:2': [1, 2], '1:1': [1, 1], '3:2': [3, 2], '2:1': [2, 1],
  '3:1': [3, 1], '4:1': [4, 1], '5:1': [5, 1], '6:1': [6, 1],
};

/**
 * The Ground Combat/Exchange table (VI.F.2.g.1): for each column and die 1–6, the exchange
 * ratio [attackers lost, defenders eliminated]. The defenders "fully covered" by the
 * attacker's losses at that ratio are eliminated (see `groundCombat`).
 *
 * Fixed points honoured (the Henderson Field example, 3 attackers against 2 defenders,
 * 3:2): a 6 eliminates both defenders for 1 attacker; 4–5 both for 2 attackers; a 3 loses
 * all 3 attackers and both defenders; 1–2 loses all 3 attackers and 1 defender. Ratios are
 * rounded down (5:3 → 3:2, 5:2 → 2:1); at least one attacker is always lost; an attacker who
 * cannot cover one defender loses every risked unit for nothing. Reconstructed: every other
 * column (monotone: better odds and better rolls never cost more per defender).
 */
export const GROUND_COMBAT_TABLE: Readonly<Record<GroundColumn, readonly Exchange[]>> = {
  //        die:  1       2       3       4       5       6
  '1:3': [[4, 1], [4, 1], [4, 1], [3, 1], [2, 1], [3, 2]],
  '1:2': [[4, 1], [4, 1], [3, 1], [2, 1], [3, 2], [1, 1]],
  '1:1': [[3, 1], [3, 1], [2, 1], [3, 2], [1, 1], [1, 1]],
  '3:2': [[3, 1], [3, 1], [3, 2], [1, 1], [1, 1], [1, 2]],
  '2:1': [[3, 1], [3, 2], [1, 1], [1, 1], [1, 2], [1, 2]],
  '3:1': [[3, 2], [1, 1], [1, 1], [1, 2], [1, 2], [1, 3]],
  '4:1': [[1, 1], [1, 1], [1, 2], [1, 2], [1, 3], [1, 3]],
  '5:1': [[1, 1], [1, 2], [1, 2], [1, 3], [1, 3], [1, 4]],
  '6:1': [[1, 2], [1, 2], [1, 3], [1, 3], [1, 4], [1, 6]],
};

/**
 * The column for a ratio, rounded down to the defender's advantage (VI.F.2.g.1).
 * RULING (VI.F.2.g.1): odds below 1:3 are read on 1:3 and odds above 6:1 on 6:1 (the
 * "closest" columns).
 */
export function groundColumn(attackers: number, defenders: number): GroundColumn {
  let col: GroundColumn = '1:3';
  for (const c of GROUND_COLUMNS) {
    const [a, d] = COLUMN_RATIO[c];
    if (attackers * d >= defenders * a) col = c;
  }
  return col;
}

/**
 * Resolves a ground attack of `attackers` risked units on all `defenders` (VI.F.2.g.1).
 * RULING (VI.F.2.g.1): "fully covered" — with exchange [a, d], k defenders cost
 * ceil(k·a/d) attackers; the most defenders the risked attackers can pay for are
 * eliminated, at that cost (never less than 1 attacker). If not even one can be paid for,
 * all risked attackers are lost and no defender.
 */
export function groundCombat(attackers: number, defenders: number, die: number): GroundCombatResult {
  checkDie(die);
  if (!Number.isInteger(attackers) || attackers < 1) throw new RangeError('at least one attacker must be risked');
  if (!Number.isInteger(defenders) || defenders < 1) throw new RangeError('there must be a defender');
  const column = groundColumn(attackers, defenders);
  const exchange = GROUND_COMBAT_TABLE[column][die - 1] ?? [1, 1];
  const [a, d] = exchange;
  let k = defenders;
  while (k > 0 && Math.ceil((k * a) / d) > attackers) k--;
  if (k === 0) return { column, exchange, attackersLost: attackers, defendersLost: 0 };
  return { column, exchange, attackersLost: Math.max(1, Math.ceil((k * a) / d)), defendersLost: k };
}

// ─────────────────────────── Strategic/Daylight Detection/Surprise ───────────────────────────

/**
 * The Strategic/Daylight Detection/Surprise table (VI.E): the die roll (or more) each side
 * needs for "morning" detection in each sea area, by who holds the area's key bases
 * ('both' = both sides have ground units there). Recon and Magic add to the roll.
 *
 * Fixed point honoured: with troops of both sides on Guadalcanal and only Japanese troops
 * on Bougainville, the Allies detect in the Slot on 3–6 and the Japanese on 4–6 (VI.E
 * example — the Allies' coastwatchers outweigh Japanese Bougainville). Reconstructed: every
 * other entry. Slot: Allied need 4 − (Guadalcanal: Allied 2, both 1) − (Bougainville:
 * Allied 1), Japanese 3 + (Guadalcanal: both 1, Allied 2) + (Bougainville: both or Allied 1);
 * Coral Sea likewise for Port Moresby and Buna; South Pacific by Guadalcanal only
 * (Espiritu Santo's patrol planes always search it). Needs are kept within 2–6.
 */
export const STRATEGIC_DETECTION: Readonly<Record<SeaAreaId, DetectionArea>> = {
  SL: {
    keys: ['guadalcanal', 'bougainville'],
    rows: [
      { when: ['allied', 'allied'], allied: 2, japanese: 6 },
      { when: ['allied', 'both'], allied: 2, japanese: 6 },
      { when: ['allied', 'japanese'], allied: 2, japanese: 5 },
      { when: ['both', 'allied'], allied: 2, japanese: 5 },
      { when: ['both', 'both'], allied: 3, japanese: 5 },
      { when: ['both', 'japanese'], allied: 3, japanese: 4 },
      { when: ['japanese', 'allied'], allied: 3, japanese: 4 },
      { when: ['japanese', 'both'], allied: 4, japanese: 4 },
      { when: ['japanese', 'japanese'], allied: 4, japanese: 3 },
    ],
  },
  CS: {
    keys: ['port-moresby', 'buna'],
    rows: [
      { when: ['allied', 'allied'], allied: 2, japanese: 6 },
      { when: ['allied', 'both'], allied: 3, japanese: 5 },
      { when: ['allied', 'japanese'], allied: 3, japanese: 4 },
      { when: ['both', 'allied'], allied: 3, japanese: 5 },
      { when: ['both', 'both'], allied: 4, japanese: 4 },
      { when: ['both', 'japanese'], allied: 4, japanese: 3 },
      { when: ['japanese', 'allied'], allied: 4, japanese: 4 },
      { when: ['japanese', 'both'], allied: 5, japanese: 3 },
      { when: ['japanese', 'japanese'], allied: 5, japanese: 2 },
    ],
  },
  SP: {
    keys: ['guadalcanal'],
    rows: [
      { when: ['allied'], allied: 3, japanese: 5 },
      { when: ['both'], allied: 3, japanese: 4 },
      { when: ['japanese'], allied: 4, japanese: 4 },
    ],
  },
};

/** The roll a side needs for strategic detection; bases left out of `holdings` count as held by their set-up holder. */
export function detectionNeeded(side: Side, area: SeaAreaId, holdings: Readonly<Partial<Record<BaseId, Holding>>>): number {
  const table = STRATEGIC_DETECTION[area];
  const key = table.keys.map((b) => holdings[b] ?? BASES[b].heldBy);
  const row = table.rows.find((r) => r.when.every((h, i) => h === key[i]));
  if (!row) throw new Error(`no detection row for ${area} ${key.join('/')}`);
  return row[side];
}

/** VI.E: 1 reconning unit adds 1, 3 add 2, 5 add 3 (2 and 4 count as 1 and 3; more than 5 as 5). */
export function reconBonus(count: number): number {
  if (count >= 5) return 3;
  if (count >= 3) return 2;
  if (count >= 1) return 1;
  return 0;
}

/** VI.E: a successful Magic roll adds 1 to the Allied roll in all three sea areas. */
export const MAGIC_DETECTION_BONUS = 1;

export function detects(
  side: Side,
  area: SeaAreaId,
  holdings: Readonly<Partial<Record<BaseId, Holding>>>,
  die: number,
  o: { recon?: number; magic?: boolean } = {},
): boolean {
  checkDie(die);
  const bonus = reconBonus(o.recon ?? 0) + (side === 'allied' && o.magic ? MAGIC_DETECTION_BONUS : 0);
  return die + bonus >= detectionNeeded(side, area, holdings);
}

// ─────────────────────── Night Surface Battle Detection/Surprise ───────────────────────

/**
 * The Night Surface Battle Detection/Surprise table (VI.F.2.a): the Japanese player rolls;
 * the calendar's column reflects early Japanese night optics (A) and growing Allied radar
 * (B, C). The roll is +1 if the Japanese had daylight strategic detection in the sea area,
 * −1 if the Allies had (both or neither: no change), kept within 1–6.
 *
 * Fixed points honoured: the Japanese player rolls; the column comes from the calendar;
 * daylight detection helps; a task force with a damaged ship gets no surprise (applied by
 * `nightSurprise`). Reconstructed: every entry and the size of the daylight modifier.
 */
export const NIGHT_SURPRISE_TABLE: Readonly<Record<NightColumn, readonly NightSurprise[]>> = {
  //     die: 1          2          3          4           5           6
  A: ['allied', 'none', 'none', 'japanese', 'japanese', 'japanese'],
  B: ['allied', 'allied', 'none', 'none', 'japanese', 'japanese'],
  C: ['allied', 'allied', 'allied', 'none', 'none', 'japanese'],
};

export function nightSurprise(
  column: NightColumn,
  die: number,
  o: { japaneseDaylightDetection?: boolean; alliedDaylightDetection?: boolean; japaneseDamaged?: boolean; alliedDamaged?: boolean } = {},
): NightSurprise {
  checkDie(die);
  const roll = Math.min(6, Math.max(1, die + (o.japaneseDaylightDetection ? 1 : 0) - (o.alliedDaylightDetection ? 1 : 0)));
  const result = NIGHT_SURPRISE_TABLE[column][roll - 1] ?? 'none';
  if ((result === 'japanese' && o.japaneseDamaged) || (result === 'allied' && o.alliedDamaged)) return 'none';
  return result;
}

// ─────────────────────────────── Magic, volcano, first turn ───────────────────────────────

/** VI.C: the Allied player names 3 of the 6 numbers (a 50% chance). */
export const MAGIC_NUMBERS_NAMED = 3;
/** VI.C: each turn of Magic above 4 in a game gives Japan 5 VP; each turn below 4 gives the Allies 5 VP. */
export const MAGIC_BASELINE_TURNS = 4;
export const MAGIC_VP_PER_TURN = 5;

export function magicSucceeds(named: readonly number[], die: number): boolean {
  checkDie(die);
  if (named.length !== MAGIC_NUMBERS_NAMED || new Set(named).size !== MAGIC_NUMBERS_NAMED) {
    throw new RangeError('name exactly 3 different numbers');
  }
  named.forEach(checkDie);
  return named.includes(die);
}

export function magicVictoryPoints(turnsWithMagic: number): Record<Side, number> {
  return {
    allied: Math.max(0, MAGIC_BASELINE_TURNS - turnsWithMagic) * MAGIC_VP_PER_TURN,
    japanese: Math.max(0, turnsWithMagic - MAGIC_BASELINE_TURNS) * MAGIC_VP_PER_TURN,
  };
}

/**
 * VI.I: the volcano erupts when the end-of-turn roll is a 6 on four consecutive turns.
 * RULING (VI.I): the text's "1/1296" is the chance of four 6s in a row, (1/6)^4; once three
 * 6s have been rolled, the next roll erupts on a 6 like any other.
 */
export const VOLCANO_SIXES_NEEDED = 4;
export const VOLCANO_CHANCE = (1 / 6) ** VOLCANO_SIXES_NEEDED;

/** The run of consecutive 6s after this end-of-turn roll. */
export function volcanoStreak(previous: number, die: number): number {
  checkDie(die);
  return die === 6 ? previous + 1 : 0;
}

export function volcanoErupts(streak: number): boolean {
  return streak >= VOLCANO_SIXES_NEEDED;
}

/**
 * V: the Japanese "early activation" of Truk on the first turn is a 50% roll; if it
 * succeeds the Allies get 5 VP.
 * RULING (V): the roll succeeds on 4, 5 or 6.
 */
export const EARLY_ACTIVATION_NUMBERS: readonly number[] = [4, 5, 6];
export const EARLY_ACTIVATION_ALLIED_VP = 5;

export function earlyActivation(die: number): boolean {
  checkDie(die);
  return EARLY_ACTIVATION_NUMBERS.includes(die);
}

/** VI.G: each B-17 flying supply keeps 3 ground units in supply. */
export const B17_SUPPLY_UNITS = 3;

// ─────────────────────────────── Victory ───────────────────────────────

/**
 * Victory points for destroying replaceable units (IV, VI.A), to the side that destroyed them.
 * RULING (IV): the losing side's opponent scores them. Reconstructed values: 2 per air or
 * ground unit, 3 for a B-17 or a Japanese carrier air group (scarce crews), 1 per PT unit.
 */
export const AIR_LOSS_VP: Readonly<Record<AirType, number>> = { 'B-17': 3, Betty: 2, MAR: 2, JAAF: 2, NAV: 2, IJN: 3 };
export const GROUND_LOSS_VP = 2;
export const PT_LOSS_VP = 1;

/**
 * RULING (IV): only the losses the text names score — replaceable air, ground and PT
 * units — not ships: a ship sunk by a secret roll (VII.A) would otherwise show in the
 * running score.
 */

export type VictoryLevel = 'draw' | 'marginal' | 'strategic';

/** IV: a draw if the greater total is under 110% of the lesser; strategic at 2:1 or more; else marginal. */
export function victoryLevel(allied: number, japanese: number): { winner: Side | null; level: VictoryLevel } {
  const hi = Math.max(allied, japanese);
  const lo = Math.min(allied, japanese);
  if (hi * 10 < lo * 11 || hi === lo) return { winner: null, level: 'draw' };
  const winner: Side = allied > japanese ? 'allied' : 'japanese';
  return { winner, level: hi >= 2 * lo ? 'strategic' : 'marginal' };
}

// ─────────────────────────────── Air strike reach (VI.F.1.a, b) ───────────────────────────────

/**
 * Where air units may strike from (VI.F.1.a, b). The text names the cases; this is the
 * reading the project plays (see RULINGS.md), as data:
 * - long-range B-17s (Espiritu Santo) and Bettys (Rabaul) reach naval targets in every sea
 *   area and land targets at every base but the enemy's far main base (Rabaul for the
 *   Allies, Espiritu Santo for the Japanese) and Truk;
 * - staging: one B-17 a turn from Espiritu Santo through Allied Guadalcanal to Rabaul, one
 *   from Australia through Allied Port Moresby to Rabaul or Buna (its only attack that turn);
 * - raids: B-17s or Bettys based on Guadalcanal may raid Rabaul or Espiritu Santo, morning
 *   and afternoon;
 * - short-range air (MAR, JAAF, land-based NAV and IJN) based in the Slot strikes the Slot
 *   and its bases; at Port Moresby or Buna, the Coral Sea and each other's base;
 * - carriers strike their own and adjacent sea areas (never from the Slot; SP and CS carriers
 *   never strike each other's carriers) and land targets in the Slot, from the CS on New
 *   Guinea or Australia, from the SP Rabaul or Espiritu Santo. Truk may never be attacked.
 */
export const LONG_RANGE_HOME: Readonly<Record<Side, BaseId>> = { allied: 'espiritu-santo', japanese: 'rabaul' };
export const FAR_MAIN_BASE: Readonly<Record<Side, BaseId>> = { allied: 'rabaul', japanese: 'espiritu-santo' };
export const STAGING: readonly { side: Side; from: BaseId; via: BaseId; to: readonly BaseId[] }[] = [
  { side: 'allied', from: 'espiritu-santo', via: 'guadalcanal', to: ['rabaul'] },
  { side: 'allied', from: 'australia', via: 'port-moresby', to: ['rabaul', 'buna'] },
];
export const RAID_FROM_GUADALCANAL: Readonly<Record<Side, BaseId>> = { allied: 'rabaul', japanese: 'espiritu-santo' };
export const SLOT_AIR_BASES: readonly BaseId[] = ['guadalcanal', 'bougainville', 'rabaul'];
export const NEW_GUINEA_AIR_BASES: readonly BaseId[] = ['port-moresby', 'buna'];
export const CARRIER_LAND_TARGETS: Readonly<Record<SeaAreaId, readonly BaseId[]>> = {
  SP: ['guadalcanal', 'bougainville', 'rabaul', 'espiritu-santo'],
  CS: ['guadalcanal', 'bougainville', 'rabaul', 'port-moresby', 'buna', 'australia'],
  SL: [],
};
export const NEVER_ATTACKED: readonly BaseId[] = ['truk'];
