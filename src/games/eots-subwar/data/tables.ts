/**
 * The variant's numbers, as data. Where a value is printed in the rule text
 * (/work/shared/rules/eots-submarine-warfare-variant.txt, 11.21.B–11.24.A) the comment
 * names the rule; where the text does not give it, the comment says RECONSTRUCTED and a
 * scenario may override it (see scenario.ts).
 */

export const SIDES = ['allied', 'japanese'] as const;
export type Side = (typeof SIDES)[number];

export const SUB_BASE_IDS = ['wilkes', 'lockwood-4', 'fife', 'lockwood-6'] as const;
export type SubBaseId = (typeof SUB_BASE_IDS)[number];

export interface SubBaseUnit {
  id: SubBaseId;
  name: string;
  /** The unit it replaces in situ when it arrives (11.21.B), or null for a new unit. */
  replaces: SubBaseId | null;
  /** The Reinforcement Segment it arrives in (11.21.B), or null when it starts in play. */
  arrives: number | null;
}

/** 11.21.B: Wilkes → Lockwood (Turn 4, in situ) → Fife (Turn 6, in situ); a second Lockwood arrives new on Turn 6. */
export const ORDER_OF_BATTLE: readonly SubBaseUnit[] = [
  { id: 'wilkes', name: 'Wilkes', replaces: null, arrives: null },
  { id: 'lockwood-4', name: 'Lockwood (4)', replaces: 'wilkes', arrives: 4 },
  { id: 'fife', name: 'Fife', replaces: 'lockwood-4', arrives: 6 },
  { id: 'lockwood-6', name: 'Lockwood (6)', replaces: null, arrives: 6 },
];

export function unitOf(id: SubBaseId): SubBaseUnit {
  return ORDER_OF_BATTLE.find((u) => u.id === id)!;
}

/**
 * 11.21.B Scenario Starting Position table, verbatim: a hex number (on the map at the
 * start), "replaced" (already replaced in situ), or the turn the unit arrives; and the
 * SWM marker each start begins with.
 */
export const SCENARIO_TABLE = {
  1941: { wilkes: '2813', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6, swm: 2 },
  1942: { wilkes: '2813', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6, swm: 2 },
  1943: { wilkes: 'replaced', 'lockwood-4': '3727', fife: 6, 'lockwood-6': 6, swm: 1 },
  1944: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '4024', 'lockwood-6': '5108', swm: 0 },
} as const;

/**
 * 11.22.B: the SWM's year factor. The text gives 1942 +2, 1943 +1, 1944/1945 +0; RULING:
 * 1941 (Turn 1 of the 1941 start) counts +2 like 1942, as the Scenario Table's +2 SWM
 * marker for the 1941 start says.
 */
export const SWM_YEAR_FACTOR: Readonly<Record<number, number>> = { 1941: 2, 1942: 2, 1943: 1, 1944: 0, 1945: 0 };
/** 11.22.B.4–5: +2 each once the Japanese have played card #37 or card #38. */
export const SWM_CARD_37 = 2;
export const SWM_CARD_38 = 2;
/** 11.22.B.6: −2 for each Allied play of card #80. */
export const SWM_CARD_80 = -2;
/** 11.22.B.7: −1 for each earlier success on which the Allied player chose the SWM (11.23). */
export const SWM_STEP = -1;
/** 11.22.B: "The SWM may be negative, but it may not be less than -5." */
export const SWM_FLOOR = -5;

/** 11.22.C: the SLOC count is divided by five and rounded to the nearest integer. */
export const SLOC_DIVISOR = 5;
/** 11.22.C: Pusan is counted when within the SLOC Proximity Range. */
export const PUSAN = '3306';
/**
 * RECONSTRUCTED: the SLOC Proximity Range (hexes from the Sub Base, both ends counted as
 * in any Empire of the Sun range). The excerpt names the range but never gives it; 12
 * hexes (about 3,000 miles at 250 miles a hex) lets a base at 2813 reach Pusan and
 * western Japan, as the historical Asiatic Fleet boats did. A scenario may set its own.
 */
export const DEFAULT_SLOC_RANGE = 12;

/** 11.21.D: hits that displace a Sub Base. */
export const DISPLACE_HITS = 15;
/** 11.21.E: an emergency move places the Sub Base within this many hexes. */
export const EMERGENCY_RANGE = 10;
/** 11.23 (per 11.4): the Japanese hand is never reduced below four cards. */
export const MIN_JAPANESE_HAND = 4;

/** 11.24.A: the alternative event of Allied card #5, a ten-sided die read 0–9. */
export const CARD5_TABLE: readonly { from: number; to: number; divisions: number; text: string }[] = [
  { from: 0, to: 0, divisions: 2, text: 'Reduce the Japanese Divisions in China by 2' },
  { from: 1, to: 2, divisions: 1, text: 'Reduce the Japanese Divisions in China by 1' },
  { from: 3, to: 9, divisions: 0, text: 'No Effect' },
];
/** 11.24.A note: neither of the last two divisions in China may be removed this way. */
export const CARD5_LAST_DIVISIONS = 2;

/**
 * RECONSTRUCTED (Empire of the Sun's turn record track, not in the excerpt): four-month
 * turns from December 1941 — Turn 1 1941, Turns 2–4 1942, 5–7 1943, 8–10 1944, 11–12 1945.
 * It agrees with the Scenario Table: the 1943 start (Turn 5) has Lockwood (Turn 4) in play
 * and Fife still to come (Turn 6); the 1944 start (Turn 8) has both Turn 6 units in play.
 */
export const DEFAULT_YEARS: readonly number[] = [1941, 1942, 1942, 1942, 1943, 1943, 1943, 1944, 1944, 1944, 1945, 1945];

/** RECONSTRUCTED: the first turn of each campaign start (see DEFAULT_YEARS). */
export const START_TURN = { 1941: 1, 1942: 2, 1943: 5, 1944: 8 } as const;

/**
 * RECONSTRUCTED: the Japanese hand (cards drawn) before submarine warfare, by turn. The
 * published track gives it (from Turn 5 it follows the resource hexes Japan holds, never
 * fewer than four); these are placeholders a scenario should replace with the real values.
 */
export const DEFAULT_JAPANESE_HAND: readonly number[] = [7, 7, 7, 7, 6, 6, 6, 6, 5, 5, 5, 5];

export const LAST_TURN = 12;

/** The Strategy Cards the variant reads (11.22.B.4–6, 11.24.A): who holds each, and what becomes of it once played. */
export const VARIANT_CARDS = {
  5: { side: 'allied', name: '#5 Operation Matador / Cryptographic Intercepts', afterPlay: 'discard' },
  37: { side: 'japanese', name: '#37 First Convoy Escort Fleet', afterPlay: 'removed' },
  38: { side: 'japanese', name: '#38 Grand Escort Command', afterPlay: 'removed' },
  80: { side: 'allied', name: '#80 New Submarine Doctrine', afterPlay: 'discard' },
} as const;
export type VariantCard = keyof typeof VARIANT_CARDS;
export const VARIANT_CARD_IDS: readonly VariantCard[] = [5, 37, 38, 80];

/**
 * RECONSTRUCTED (Empire of the Sun's turn record track, not in the excerpt): the Allied hand
 * (cards drawn) each turn. A scenario should replace it with the published values.
 */
export const DEFAULT_ALLIED_HAND: readonly number[] = [5, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7];

/**
 * RECONSTRUCTED: the turns at whose start each side's discard pile is shuffled back into its
 * draw deck. A card played as an event is discarded (or, when its effect lasts, removed: #37
 * and #38) and cannot be played again until a reshuffle brings it back. A scenario may set its own.
 */
export const DEFAULT_RESHUFFLE_TURNS: readonly number[] = [4, 7, 10];

/** RECONSTRUCTED: the most activations a card gives an offensive (its Operations value). */
export const MAX_ACTIVATIONS = 4;
