/**
 * The numbers East Wind Rain's sighting procedure uses but the rule text does not print:
 * sighting and countersighting, air combat, airstrikes, surface, submarine and ASW combat,
 * and morale. All of them are RECONSTRUCTED; each says which fixed points of the text it
 * honours, and lives here as data so the published values can replace it without touching
 * the rules code. Every lookup takes the die (1–6) as an argument: no randomness here.
 */

/** 0 = the same hex, 1 = adjacent, 2 = two hexes away. */
export type Range = 0 | 1 | 2;

export interface Bracketed {
  /** The lowest factor count of each column, ascending. */
  columns: readonly number[];
  /** rows[die − 1][column]: the result for that die and column. */
  rows: readonly (readonly number[])[];
}

/**
 * Sighting (steps 4, A3, A4, A2, B4): the die plus modifiers must reach this number. The
 * "air" row is for a sighter with air factors aboard (search planes), "surface" without.
 * Fixed points honoured: sighting is a die roll "using all normal modifiers" (4); any TF can
 * try to sight in the same hex (A3, A4, B4) and from an adjacent hex (3, 4, whose surface-
 * only follow-up is 5 → A2); only air can reach two hexes, and only in 1944–45 (2); a
 * sighting in the same hex is easier than from next door (A2: TFA tries from the adjacent
 * hex only if it means to launch an airstrike). Reconstructed: every number.
 */
export const SIGHTING_NUMBER: Readonly<Record<'air' | 'surface', readonly (number | null)[]>> = {
  //        same hex, adjacent, two hexes
  air: [3, 4, 5],
  surface: [3, 5, null],
};

/**
 * Countersighting (6, A4, B2): the defender's die plus modifiers must reach this number to
 * see the striker. Fixed points honoured: the defender of an airstrike rolls to countersight
 * after the strike is set up (6, A4, B2); in A4 a countersight cancels the strike. Reconstructed:
 * every number (one harder than sighting, as the striker's planes are already on their way).
 */
export const COUNTERSIGHT_NUMBER: Readonly<Record<'air' | 'surface', readonly (number | null)[]>> = {
  air: [4, 5, 6],
  surface: [4, 6, null],
};

/**
 * The "normal modifiers" to sighting and countersighting. Reconstructed: the text names
 * none. A friendly base in or next to the sighter's hex flies searches; Allied radar in
 * 1944–45; a TF of submarines only is hard to find.
 */
export const SIGHTING_MODIFIERS = {
  friendlyBaseWithinOneHex: 1,
  alliedRadarFrom1944: 1,
  targetOnlySubmarines: -2,
} as const;

/** An unmodified 1 always fails a sighting or countersighting roll (reconstructed). */
export const SIGHTING_AUTOMATIC_FAILURE = 1;

/**
 * Air combat (XI.H): the defender's CAP, less the attacker's escort, shoots down strike
 * factors. Columns: effective CAP (CAP − escort) 1–2, 3–4, 5–6, 7–9, 10+. Result: strike
 * factors shot down (never more than flew). Fixed points honoured: the three missions CAP,
 * Escort and Strike of XI.H.1.c, escort protects the strike. Reconstructed: every entry.
 */
export const AIR_COMBAT_TABLE: Bracketed = {
  columns: [1, 3, 5, 7, 10],
  rows: [
    [0, 0, 1, 1, 2],
    [0, 1, 1, 2, 2],
    [1, 1, 2, 2, 3],
    [1, 2, 2, 3, 4],
    [1, 2, 3, 4, 5],
    [2, 3, 4, 5, 6],
  ],
};

/**
 * Airstrike (XI.H): strike factors that get through, by column 1–2, 3–4, 5–6, 7–9, 10–12,
 * 13+. Result: hits on the target TF, the main component first. Fixed points honoured: only
 * strike factors attack; A4 allows one strike, no immediate second. Reconstructed: every entry.
 */
export const AIRSTRIKE_TABLE: Bracketed = {
  columns: [1, 3, 5, 7, 10, 13],
  rows: [
    [0, 0, 0, 1, 1, 2],
    [0, 0, 1, 1, 2, 3],
    [0, 1, 1, 2, 3, 4],
    [1, 1, 2, 3, 4, 5],
    [1, 2, 3, 4, 5, 6],
    [2, 3, 4, 5, 6, 8],
  ],
};

/**
 * Surface combat (B3): a TF's surface factors, by column 1–3, 4–6, 7–10, 11–15, 16+.
 * Result: hits on the enemy's ships, the screen first. Fixed points honoured: surface
 * combat needs the two TFs in one hex (A3, A4, B3); TFs in port cannot be engaged
 * (VIII.D). Reconstructed: every entry.
 */
export const SURFACE_TABLE: Bracketed = {
  columns: [1, 4, 7, 11, 16],
  rows: [
    [0, 0, 1, 1, 2],
    [0, 1, 1, 2, 3],
    [1, 1, 2, 3, 4],
    [1, 2, 3, 4, 5],
    [1, 2, 3, 5, 6],
    [2, 3, 4, 6, 8],
  ],
};

/**
 * Submarine attack (B3's ASW warfare): a TF's submarine factors, by column 1–2, 3–4, 5+.
 * Result: hits on the enemy's ships, the main component first. Fixed points honoured:
 * submarines are part of a TF (VI.F.2, XI.H.1.c) and fight in "surface or ASW warfare" (A4).
 * Reconstructed: every entry.
 */
export const SUBMARINE_TABLE: Bracketed = {
  columns: [1, 3, 5],
  rows: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 1],
    [1, 1, 1],
    [1, 1, 2],
    [1, 2, 3],
  ],
};

/**
 * ASW (B3): a TF's ASW factors against enemy submarines, by column 1–2, 3–5, 6+. Result:
 * hits on the enemy's submarines. Reconstructed: every entry.
 */
export const ASW_TABLE: Bracketed = {
  columns: [1, 3, 6],
  rows: [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 1],
    [1, 1, 2],
    [1, 2, 2],
    [1, 2, 3],
  ],
};

/** Where hits land, component by component (reconstructed; air and submarines seek the main body, gunfire meets the screen). */
export const HIT_ORDER = {
  air: ['main', 'screen', 'reserve'],
  surface: ['screen', 'main', 'reserve'],
  submarine: ['main', 'reserve', 'screen'],
} as const;

/**
 * Morale (XIII.M): a TF that took hits in a strike or a combat rolls a die; it breaks (and
 * retreats, X.N.3) if the die is at least MORALE_BREAKS_ON[effective morale]. Effective
 * morale = the TF's rating − 1 with any ship in its reserve component (XIII.M.6.c, honoured)
 * − 1 for every MORALE_HITS_PER_POINT hits taken in that strike or combat. Fixed points
 * honoured: XIII.M.6.c; a broken TF ends the intercept (6, A4, B2). Reconstructed: the rest
 * (the table reads "breaks on a die above the effective morale").
 */
export const MORALE_BREAKS_ON: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
export const MORALE_HITS_PER_POINT = 3;
export const MORALE_RESERVE_PENALTY = 1;

/** Throws unless `die` is a whole number 1–6. */
export function checkDie(die: number): void {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new RangeError(`die roll must be 1–6, got ${die}`);
}

/** The column of `factors` in a bracketed table, or −1 below its first column. */
export function columnOf(t: Bracketed, factors: number): number {
  let col = -1;
  t.columns.forEach((min, i) => {
    if (factors >= min) col = i;
  });
  return col;
}

/** The result of a bracketed table for `factors` and `die` (0 for no factors). */
export function lookup(t: Bracketed, factors: number, die: number): number {
  checkDie(die);
  const col = columnOf(t, factors);
  return col < 0 ? 0 : t.rows[die - 1]![col]!;
}

/** The number a sighting (or countersighting) at `range` needs, or null if it cannot be tried. */
export function sightingNeed(kind: 'sight' | 'countersight', hasAir: boolean, range: number): number | null {
  const table = kind === 'sight' ? SIGHTING_NUMBER : COUNTERSIGHT_NUMBER;
  return table[hasAir ? 'air' : 'surface'][range] ?? null;
}

/** Does this effective morale break on `die`? */
export function moraleBreaks(effective: number, die: number): boolean {
  checkDie(die);
  const m = Math.max(0, Math.min(MORALE_BREAKS_ON.length - 1, effective));
  return die >= MORALE_BREAKS_ON[m]!;
}

/**
 * Victory points for the end of the operations phase (RULING, ours — the text gives the
 * procedure, not its scoring). A ship sunk is worth its type's value to the side that sank
 * it, a ship damaged but afloat half of it (rounded down), and every AIR_FACTORS_PER_VP air
 * factors shot down one point. Capital ships and carriers weigh most, a transport least, so
 * a hit on a transport no longer counts as much as one on a battleship.
 */
export const SHIP_VALUES: Readonly<Record<string, number>> = {
  CV: 6,
  CVL: 3,
  CVE: 2,
  BB: 5,
  BC: 4,
  CA: 3,
  CL: 2,
  DD: 1,
  DE: 1,
  AP: 1,
  SS: 1,
};
export const AIR_FACTORS_PER_VP = 2;
