/**
 * The state of a static intercept match: plain JSON (snapshotted as is). Everything
 * secret lives here; only view.ts decides what a viewer may see of it.
 */
import type { Visibility } from '../../engine';
import type { StepId } from './data/flowchart';
import { distance, hexKey, type HexRef } from './hex';
import type { Component, Scenario, Ship, Side } from './scenario';
import { COMPONENTS } from './scenario';

/** TFA moves on its initiative; TFZ intercepts. */
export type Role = 'tfa' | 'tfz';
export const ROLES: readonly Role[] = ['tfa', 'tfz'];
export const otherRole = (r: Role): Role => (r === 'tfa' ? 'tfz' : 'tfa');

export interface ShipState {
  hits: number;
  airLost: number;
}

export interface TfState {
  hex: HexRef;
  ships: Record<string, ShipState>;
  /** X.N.3.g: a retreating TF performs no operation until it refuels. */
  retreating: boolean;
  /** Retreated with no friendly base on the map: gone from the area. */
  offMap: boolean;
  /** VIII.D: in port refuelling (it cannot be engaged, and cannot move or intercept) until TFA's next initiative ends. */
  refuelling: boolean;
}

export interface Allocation {
  cap: number;
  escort: number;
  strike: number;
}

/** What the match waits for: a decision at a chart step, or a phase around the chart. */
export type Phase =
  | 'between'
  | 'move'
  | '1'
  | '2'
  | '3'
  | '5'
  | '6-after'
  | 'A1'
  | 'A2'
  | 'A4'
  | 'B1'
  | 'B4'
  /** B4: TFA has sighted TFZ from the adjacent hex it moved to; it may launch an airstrike. */
  | 'B4-strike'
  /** 6, B2 or B4's strike from the adjacent hex: the striker may launch an immediate second strike (V.B.2.c). */
  | 'second-strike'
  | 'alloc'
  | 'over';

export type StrikeStep = '6' | 'B2' | 'A4' | 'B4';
/** The strikes an immediate second strike may follow (V.B.2.c): every one but A4's ("no immediate second"). */
export type SecondStep = Exclude<StrikeStep, 'A4'>;

/**
 * An airstrike being set up (XI.H.1.c): the striker allocates in secret (its target has
 * declared), the target rolls to countersight (on a success the striker declares), then the
 * target allocates in secret; each allocation is its owner's until both are revealed.
 */
export interface Strike {
  step: StrikeStep;
  striker: Role;
  alloc: Partial<Record<Role, Allocation>>;
  /** The immediate second strike of V.B.2.c (there is never a third). */
  second: boolean;
  /** The target's countersight roll, once made (after the striker has allocated); null before. */
  countersighted: boolean | null;
}

/** The encounter between TFA and TFZ as the chart walks it. */
export interface Encounter {
  /**
   * 'none': the sequence has not begun (TFA is not within two hexes of TFZ in this
   * encounter). 'declined-1': step 1 was answered no (or could not be tried), so A1 comes
   * when TFA is adjacent. 'declined-A1': A1 was answered no, so B1 comes when TFA enters.
   * 'engaged': an intercept or B4 is under way. 'no-intercept': the sequence went to B4
   * ("There is no intercept") and is over; it does not begin again until TFA has moved three
   * or more hexes away (or the initiative ends).
   */
  approach: 'none' | 'declined-1' | 'declined-A1' | 'engaged' | 'no-intercept';
  /** The chart has reached B4 in this sequence. */
  b4: boolean;
  /** The hex each role has sighted the other in, during this encounter. */
  sightedAt: Record<Role, string | null>;
  /** Step 4's retained sighting number (the modified roll); it stands as TFZ's sighting at A3. */
  retained: number | null;
  /** Who sighted at A4 (TFZ, or TFA with the roles reversed, B4). */
  sighter: Role | null;
}

export interface Initiative {
  number: number;
  /** An operation, or an initiative spent refuelling in port (VIII.D). */
  kind: 'operation' | 'refuel';
  movesLeft: number;
  /** ERs this initiative expends once TFA moves (X.I.4 may have doubled them), and the markers set aside to pay them. */
  due: number;
  doubled: boolean;
  reserved: string[];
  /** Has TFA moved in this initiative (so expended its ERs)? */
  moved: boolean;
  /** ERs expended (settled when the initiative ends: `due` if TFA moved, else 0), and the markers that paid them. */
  cost: number;
  paidWith: string[];
  /** Pass-through missions: TFA moved through an exit hex (told when the initiative ends). */
  passedExit: boolean;
  /** B1: TFZ has tried to intercept during this initiative. */
  intercepted: boolean;
  /** X.I.4: a round of combat the moving TF started (not one an interception caused). */
  moverCombat: boolean;
  /** Any round of combat at all. */
  combat: boolean;
}

export interface StrikeRecord {
  step: StrikeStep;
  second: boolean;
  striker: Side;
  allocations: Partial<Record<Side, Allocation>>;
  countersighted: boolean;
}

export interface EwrState {
  scenario: Scenario;
  roles: Record<Role, Side>;
  tf: Record<Role, TfState>;
  phase: Phase;
  /** The chart step the match stands at (for clients to highlight). */
  step: StepId;
  initiative: Initiative | null;
  history: Initiative[];
  spentMarkers: string[];
  enc: Encounter;
  strike: Strike | null;
  /** 'second-strike': whose strike at which step may be followed by an immediate second. */
  secondFor: { step: SecondStep; striker: Role } | null;
  /** What each TF's owner has had to reveal (XI.H.1.c, VI.F.2): public. */
  revealed: Record<Role, { components: Component[] | null; submarines: boolean }>;
  /** The last airstrike's allocations, once revealed: public. */
  lastStrike: StrikeRecord | null;
  /** Every arrow walked, with who may know it was walked. */
  walked: { arrow: string; to: Visibility }[];
  /** TFZ's owner has answered the refuelling question of this pause between initiatives. */
  tfzRefuelAsked: boolean;
  /** Hits taken and air factors lost, by side. */
  losses: Record<Side, number>;
  /** The scenario's mission: achieved (in which initiative), or not yet. */
  mission: { achieved: boolean; initiative: number | null };
  endText: string | null;
}

export const newEncounter = (): Encounter => ({ approach: 'none', b4: false, sightedAt: { tfa: null, tfz: null }, retained: null, sighter: null });

export function roleOf(s: EwrState, side: string): Role | null {
  if (s.roles.tfa === side) return 'tfa';
  if (s.roles.tfz === side) return 'tfz';
  return null;
}

export const NAMES: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };

/** "TFA (Japanese)". */
export const label = (s: EwrState, r: Role): string => `${r.toUpperCase()} (${NAMES[s.roles[r]]})`;

export type Part = Component | 'submarines';
export const PARTS: readonly Part[] = [...COMPONENTS, 'submarines'];

export function shipsOf(s: EwrState, r: Role, part: Part): Ship[] {
  return s.scenario[r][part];
}

export const afloat = (s: EwrState, r: Role, sh: Ship): boolean => s.tf[r].ships[sh.id]!.hits < sh.hull;

export function afloatIn(s: EwrState, r: Role, part: Part): Ship[] {
  return shipsOf(s, r, part).filter((sh) => afloat(s, r, sh));
}

export const surfaceShips = (s: EwrState, r: Role): Ship[] => COMPONENTS.flatMap((c) => afloatIn(s, r, c));

export function airFactors(s: EwrState, r: Role): number {
  return surfaceShips(s, r).reduce((n, sh) => n + Math.max(0, sh.air - s.tf[r].ships[sh.id]!.airLost), 0);
}

export const surfaceFactors = (s: EwrState, r: Role): number => surfaceShips(s, r).reduce((n, sh) => n + sh.surface, 0);
export const aswFactors = (s: EwrState, r: Role): number => surfaceShips(s, r).reduce((n, sh) => n + sh.asw, 0);
export const subFactors = (s: EwrState, r: Role): number => afloatIn(s, r, 'submarines').reduce((n, sh) => n + sh.surface, 0);

/** Is anything of this TF still afloat and in the area? */
export function inPlay(s: EwrState, r: Role): boolean {
  return !s.tf[r].offMap && PARTS.some((p) => afloatIn(s, r, p).length > 0);
}

export const range = (s: EwrState): number => distance(s.scenario.map, s.tf.tfa.hex, s.tf.tfz.hex);

/** The friendly bases of `side` in `hex`, or within one hex of it when `within` is 1. */
export function friendlyBaseNear(s: EwrState, side: Side, hex: HexRef, within = 0): boolean {
  return s.scenario.bases.some((b) => b.side === side && distance(s.scenario.map, b.hex, hex) <= within);
}

/**
 * Does `viewer`'s side know where the `target` TF is? Adjacent or in the same hex, both
 * sides do; TFZ watches TFA from two hexes (the sequence begins there); and a side knows
 * a TF it has sighted in this encounter while it stays in that hex. A TF with nothing left
 * afloat watches nothing (TFA's initiative goes on after TFZ is sunk).
 */
export function knowsHex(s: EwrState, viewer: Role, target: Role): boolean {
  if (viewer === target) return true;
  if (s.tf.tfa.offMap || s.tf.tfz.offMap || !inPlay(s, viewer)) return false;
  const d = range(s);
  if (d <= 1) return true;
  if (viewer === 'tfz' && d <= 2) return true;
  return s.enc.sightedAt[viewer] === hexKey(s.tf[target].hex);
}

/**
 * Do both sides know where the `target` TF is, each knowing that the other does — what a
 * spectator may see? TFZ's hex: once TFA knows it (adjacent, the same hex, sighted), which
 * TFZ always knows too. TFA's hex: once TFZ knows it in a way TFA knows of — adjacent, the
 * same hex, or sighted in this encounter. Not when TFZ merely watches it from two hexes:
 * TFA cannot know that, and the spectator would learn where TFZ is.
 */
export function everyoneKnowsHex(s: EwrState, target: Role): boolean {
  if (target === 'tfz') return knowsHex(s, 'tfa', 'tfz');
  if (s.tf.tfa.offMap || s.tf.tfz.offMap || !inPlay(s, 'tfz')) return false;
  return range(s) <= 1 || s.enc.sightedAt.tfz === hexKey(s.tf.tfa.hex);
}

/** Records an arrow of the chart as walked, for `to` to know. */
export function walk(s: EwrState, arrow: string, to: Visibility = 'public'): void {
  s.walked.push({ arrow, to });
}
