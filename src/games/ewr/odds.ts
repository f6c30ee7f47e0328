/**
 * What a roll needs and its odds, said in the prompt before the decision that makes it (issue
 * #42 item 2): the table the rule reads (src/games/ewr/data/tables.ts, all reconstructed), its
 * row or column for the deciding side, and the chance on a d6. Each reads only what the deciding
 * side may know — its own TF's factors, the public bases and year, the range both TFs know when a
 * roll is offered — never the enemy's ships: an enemy-dependent modifier is named, not applied.
 */
import {
  AIRSTRIKE_TABLE,
  AIR_COMBAT_TABLE,
  ASW_TABLE,
  COUNTERSIGHT_NUMBER,
  SIGHTING_AUTOMATIC_FAILURE,
  SIGHTING_MODIFIERS,
  SUBMARINE_TABLE,
  SURFACE_TABLE,
  columnOf,
  sightingNeed,
  type Bracketed,
} from './data/tables';
import { friendlyBaseNear, airFactors, aswFactors, subFactors, surfaceFactors, type EwrState, type Role } from './state';
import type { HexRef } from './hex';

const RANGE_WORDS = ['in the same hex', 'from the adjacent hex', 'at two hexes'];
const MOD_WORDS: Record<string, string> = {
  friendlyBaseWithinOneHex: 'a friendly base within one hex',
  alliedRadarFrom1944: 'Allied radar, 1944–45',
};

/** The sighter-known modifiers of a sighting from `hex` (SIGHTING_MODIFIERS; the target's make-up is not known, so not applied). */
function knownModifiers(s: EwrState, sighter: Role, hex: HexRef): Record<string, number> {
  const side = s.roles[sighter];
  const mods: Record<string, number> = {};
  if (friendlyBaseNear(s, side, hex, 1)) mods.friendlyBaseWithinOneHex = SIGHTING_MODIFIERS.friendlyBaseWithinOneHex;
  if (side === 'allied' && s.scenario.year >= 1944) mods.alliedRadarFrom1944 = SIGHTING_MODIFIERS.alliedRadarFrom1944;
  return mods;
}

/** The dice (2–6: an unmodified 1 always fails) that reach `need` with `mod`, as "4–6 (3 in 6)". */
export function diceThatReach(need: number, mod: number): { text: string; count: number } {
  const ok = [1, 2, 3, 4, 5, 6].filter((d) => d !== SIGHTING_AUTOMATIC_FAILURE && d + mod >= need);
  if (ok.length === 0) return { text: 'no die (0 in 6)', count: 0 };
  const lo = ok[0]!;
  return { text: `${lo === 6 ? '6' : `${lo}–6`} (${ok.length} in 6)`, count: ok.length };
}

/**
 * A sighting `sighter` would roll at `range` from `hex`: "Sighting from the adjacent hex (sighting
 * table, with aircraft): needs 4, +1 a friendly base within one hex: succeeds on 3–6 (4 in 6) …".
 */
export function sightOdds(s: EwrState, sighter: Role, range: number, hex: HexRef = s.tf[sighter].hex): string {
  const hasAir = airFactors(s, sighter) > 0;
  const need = sightingNeed('sight', hasAir, range);
  const row = hasAir ? 'with aircraft' : 'without aircraft';
  if (need === null) return `Sighting ${RANGE_WORDS[range] ?? `at ${range} hexes`} cannot be tried ${row} (sighting table).`;
  const mods = knownModifiers(s, sighter, hex);
  const mod = Object.values(mods).reduce((a, b) => a + b, 0);
  const modText = Object.entries(mods)
    .map(([k, v]) => `, ${v > 0 ? '+' : '−'}${Math.abs(v)} ${MOD_WORDS[k] ?? k}`)
    .join('');
  const { text } = diceThatReach(need, mod);
  return (
    `Sighting ${RANGE_WORDS[range]} (sighting table, ${row}, step 4's "normal modifiers"): needs ${need}${modText}: succeeds on a d6 of ${text}; ` +
    `an unmodified 1 always fails, and a TF of submarines only is sighted at −${Math.abs(SIGHTING_MODIFIERS.targetOnlySubmarines)}.`
  );
}

/** A bracketed table's column for `factors`, in words ("4–6"), or null below its first column. */
function columnWords(t: Bracketed, factors: number): string | null {
  const c = columnOf(t, factors);
  if (c < 0) return null;
  const lo = t.columns[c]!;
  const next = t.columns[c + 1];
  return next === undefined ? `${lo}+` : next - 1 === lo ? `${lo}` : `${lo}–${next - 1}`;
}

/** "on the surface table, 7–10 column: hits by die 1–6: 1, 1, 2, 3, 3, 4". */
function tableRow(name: string, t: Bracketed, factors: number, of: string): string | null {
  const col = columnWords(t, factors);
  if (!col) return null;
  const c = columnOf(t, factors);
  return `${factors} ${factors === 1 ? of.replace('factors', 'factor') : of} on the ${name} table, ${col} column: hits on a d6 of 1–6: ${t.rows.map((r) => r[c]).join(', ')}`;
}

/** B3, before a side chooses surface/ASW combat: the rows its own factors fight on. */
export function surfaceOdds(s: EwrState, r: Role): string {
  const rows = [
    tableRow('surface', SURFACE_TABLE, surfaceFactors(s, r), 'surface factors'),
    tableRow('submarine', SUBMARINE_TABLE, subFactors(s, r), 'submarine factors'),
    tableRow('ASW', ASW_TABLE, aswFactors(s, r), 'ASW factors (against submarines only)'),
  ].filter((x): x is string => !!x);
  return `Surface/ASW combat (B3, one round, all hits land together): ${rows.length ? rows.join('; ') : 'your TF has no factors to fight with'}.`;
}

/** An airstrike `striker` would launch at `range`: the countersight it faces and the table its strike factors are read on. */
export function strikeOdds(s: EwrState, striker: Role, range: number): string {
  const air = airFactors(s, striker);
  const cs = (row: 'air' | 'surface') => COUNTERSIGHT_NUMBER[row][range];
  const withAir = cs('air');
  const without = cs('surface');
  const counter =
    withAir == null
      ? 'the target cannot countersight at this range'
      : `the target rolls to countersight (countersight table: needs ${withAir} with aircraft${without == null ? ', cannot without' : `, ${without} without`}; an unmodified 1 always fails)`;
  const all = tableRow('airstrike', AIRSTRIKE_TABLE, air, 'strike factors');
  return (
    `Airstrike (XI.H): you allocate your ${air} air factor${air === 1 ? '' : 's'} in secret (XI.H.1.c), then ${counter}. ` +
    `The enemy CAP less your escort shoots down strike factors (air combat table, by CAP − escort); ` +
    `what gets through is read on the airstrike table${all ? ` (all ${all})` : ''}.`
  );
}

/** The allocation prompt's reading of the tables: the airstrike table's columns and, for CAP, what it shoots down. */
export function allocationOdds(): string {
  const cols = AIRSTRIKE_TABLE.columns.map((_, c) => `${columnWords(AIRSTRIKE_TABLE, AIRSTRIKE_TABLE.columns[c]!)}: ${AIRSTRIKE_TABLE.rows.map((r) => r[c]).join(', ')}`);
  const cap = AIR_COMBAT_TABLE.columns.map((_, c) => `${columnWords(AIR_COMBAT_TABLE, AIR_COMBAT_TABLE.columns[c]!)}: ${AIR_COMBAT_TABLE.rows.map((r) => r[c]).join(', ')}`);
  return `Airstrike table (strike factors through; hits on a d6 of 1–6): ${cols.join('; ')}. Air combat table (CAP − escort; strike factors shot down on a d6 of 1–6): ${cap.join('; ')}.`;
}
