/**
 * Sighting and countersighting rolls (steps 4, A2, A3, A4, B4; countersight in 6, A4, B2)
 * and what a successful sighting makes the defender declare (XI.H.1.c). Every roll goes
 * through ctx.dice and is logged, publicly, with its die, modifiers and the number needed.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { SIGHTING_AUTOMATIC_FAILURE, SIGHTING_MODIFIERS, sightingNeed } from './data/tables';
import { hexKey } from './hex';
import { COMPONENTS } from './scenario';
import { afloatIn, airFactors, friendlyBaseNear, label, otherRole, range, surfaceShips, type EwrState, type Role } from './state';

/** The "normal modifiers" of a sighting by `sighter` (see SIGHTING_MODIFIERS). */
export function sightingModifiers(s: EwrState, sighter: Role): Record<string, number> {
  const mods: Record<string, number> = {};
  const side = s.roles[sighter];
  if (friendlyBaseNear(s, side, s.tf[sighter].hex, 1)) mods.friendlyBaseWithinOneHex = SIGHTING_MODIFIERS.friendlyBaseWithinOneHex;
  if (side === 'allied' && s.scenario.year >= 1944) mods.alliedRadarFrom1944 = SIGHTING_MODIFIERS.alliedRadarFrom1944;
  const target = otherRole(sighter);
  if (surfaceShips(s, target).length === 0 && afloatIn(s, target, 'submarines').length > 0) {
    mods.targetOnlySubmarines = SIGHTING_MODIFIERS.targetOnlySubmarines;
  }
  return mods;
}

export interface SightingResult {
  success: boolean;
  /** The modified roll (step 4's "sighting number"), or null when no roll could be made. */
  total: number | null;
}

/** `sighter` rolls to sight (or countersight) the other TF at their present range. */
export function rollSighting(s: EwrState, ctx: ApplyContext, kind: 'sight' | 'countersight', sighter: Role, step: string, log: LogEntry[]): SightingResult {
  const target = otherRole(sighter);
  const d = range(s);
  const hasAir = airFactors(s, sighter) > 0;
  const need = sightingNeed(kind, hasAir, d);
  const what = kind === 'sight' ? 'sight' : 'countersight';
  if (need === null) {
    log.push({ to: 'public', text: `${step}: ${label(s, sighter)} cannot ${what} ${label(s, target)} at ${d} hexes without aircraft.` });
    return { success: false, total: null };
  }
  const why = `${step}: ${label(s, sighter)} ${what}s ${label(s, target)}`;
  const die = ctx.dice.d6(why);
  const modifiers = sightingModifiers(s, sighter);
  const total = die + Object.values(modifiers).reduce((a, b) => a + b, 0);
  const success = die !== SIGHTING_AUTOMATIC_FAILURE && total >= need;
  if (success) s.enc.sightedAt[sighter] = hexKey(s.tf[target].hex);
  const mods = Object.entries(modifiers)
    .map(([k, v]) => `${v > 0 ? '+' : ''}${v} ${k}`)
    .join(', ');
  log.push({
    to: 'public',
    text: `${why}: rolls ${die}${mods ? ` (${mods})` : ''} = ${total}, needs ${need}: ${success ? (kind === 'sight' ? 'sighted' : 'countersighted') : 'fails'}.`,
    data: { roll: { why, die, sides: 6, modifiers, total, need, range: d, success } },
  });
  return { success, total };
}

/**
 * XI.H.1.c: after a successful sighting the defender declares which components its TF
 * has, and that it has submarines (VI.F.2: not how many). The rule leaves no choice, so
 * the module makes the declaration.
 */
export function declareComponents(s: EwrState, defender: Role, log: LogEntry[]): void {
  const components = COMPONENTS.filter((c) => afloatIn(s, defender, c).length > 0);
  const submarines = afloatIn(s, defender, 'submarines').length > 0;
  s.revealed[defender] = { components, submarines: submarines || s.revealed[defender].submarines };
  log.push({
    to: 'public',
    text: `XI.H.1.c: ${label(s, defender)} declares its TF's components: ${components.length ? components.join(', ') : 'none'}${submarines ? '; it has submarines' : ''}.`,
    data: { declared: { role: defender, components, submarines } },
  });
}
