/**
 * The state of a match of Sky, Sea, and JUNGLE: plain JSON but for the units, a table
 * (unit-table.ts) whose JSON is the record of units by id (snapshotted as is; `revive` makes it a table again).
 * Everything secret lives here; only view.ts decides what a viewer may see of it. The
 * phase-local state is a union discriminated by `phase` (`PhaseSlice`): the flow (flow.ts)
 * sets a phase's fields on entry and clears them on leaving, so nothing stale hangs off it.
 */
import { TURNS, type BaseId, type BoxId, type SeaAreaId, type Side } from './data/types';
import type { BattleState } from './battle/state';
import type { AirState, AirTurn } from './air/state';
import type { TagTable } from './tag-table';
import type { UnitTable } from './unit-table';

export type { Damage, Place, UnitFields, UnitKind, UnitState } from './unit-table';

/**
 * A task force group: ships deployed together, face down, in one box of one sea area. Its fields as
 * `ownGroup` (groups.ts) hands them out for changing; everywhere else a group is read only (`Group`),
 * as copies of the state share it.
 */
export interface GroupFields {
  id: string;
  side: Side;
  area: SeaAreaId;
  box: BoxId;
  ships: string[];
  /**
   * The task force has withdrawn from a battle, leaving only its slow and HD ships, which
   * stay under the protection of another task force of their side (VI.F.2 note, VII.A).
   */
  withdrawn?: boolean;
}

/** A group as the state holds it: read only, ships and all, because copies of the state share it (see groups.ts). */
export type Group = Readonly<Omit<GroupFields, 'ships'>> & { readonly ships: readonly string[] };

export type Phase =
  | 'early-activation' // V, AugI: the Japanese may roll for early activation of Truk
  | 'allied-reinforcements' // VI.A: place arrivals, choose next turn's ships
  | 'japanese-deployment' // VI.B
  | 'magic' // VI.C, from AugII
  | 'allied-deployment' // VI.C
  | 'submarines' // VI.D
  | 'air-morning' // VI.F.1.a: morning land-based air strikes (Allied, then Japanese)
  | 'carrier-strikes' // VI.F.1.b: morning carrier strikes (Japanese allocate first; simultaneous)
  | 'counterattack' // VI.F.1.b: land-based counterattacks on the raiding carriers (Japanese first)
  | 'withdrawal' // VI.F.1: after each phase of the day, ships may be withdrawn home one by one (Japanese first)
  | 'day-combat' // VI.F.1.c: daylight surface battles where both sides choose to engage (or the pursued side will not abandon its slow ships)
  | 'air-afternoon' // VI.F.1.d: afternoon land-based air strikes
  | 'day-end-combat' // VI.F.1.f: the mandatory daylight battles, until only one side is left by day
  | 'day-only' // VI.F.1.f: the day's victor may shift ships from Day and Night to Day Only (Japanese first)
  | 'day-landings' // VI.F.1.g: daylight landings, one unit per undamaged troop ship (Japanese first)
  | 'bombard-day' // VI.F.1.h: daytime shore bombardment (Japanese first)
  | 'night-combat' // VI.F.2.a–b: night surface battles, sea area by sea area
  | 'after-midnight' // VI.F.2.c: Day Only task forces may sail into an adjacent area's Night Only box
  | 'pt-boats' // VI.F.2.d: PT boat attacks in the Slot
  | 'combat' // VI.F.1.g / VI.F.2.e: landings
  | 'bombard-night' // VI.F.2.f: night-time shore bombardment (Japanese first)
  | 'ground-combat' // VI.F.2.g: ground combat, then control
  | 'supply' // VI.G: supply, resolved with no decision (the B-17s flying aerial supply are designated at the Allied deployment)
  | 'return' // VI.H: return to base and strategic transfers
  | 'over';

export interface MagicRoll {
  turn: number;
  numbers: number[];
  die: number;
  success: boolean;
}

export interface VpEntry {
  turn: number;
  side: Side;
  points: number;
  why: string;
  /**
   * Points from a loss in a secret roll (an HD ship sinking on a 6): the side named here
   * does not know of them, so they stay out of the running score until the game ends.
   */
  hiddenFrom?: Side;
}

/** A submarine attack waiting for its target (VI.D). */
export interface SubAttack {
  sub: string;
  group: string;
  /** The attack is rolled: the target's owner resolves it (VI.D), sending `ship` home if it is damaged (null: nothing to send). */
  resolve?: { owner: Side; ship: string | null };
}

/** What every phase shares: the turn, the map and the record of the game. */
export interface TurnState {
  /** Index into TURNS (0 = AugI). */
  turn: number;
  /** Whose decision it is (null: no one's; both sides take some phases in turn). */
  actor: Side | null;
  /** Every unit, by its fixed slot (unit-table.ts): as JSON, a record of units by id. Shared by copies of the state until a step changes a unit (`own` in units.ts). */
  units: UnitTable;
  /** The task force groups by id. Shared by copies of the state until a step changes a group (`ownGroup` in groups.ts), so read only here. */
  groups: Readonly<Record<string, Group>>;
  /**
   * This turn's opaque tag of every piece, drawn anew each time the screen goes up, so a
   * face-down piece is named to the other side by a tag that says nothing about it.
   * Replaced, never changed in place (copies of the state share it).
   */
  tags: TagTable;
  /** The sides that see the other side's map (face down) this turn. */
  fogLiftedFor: readonly Side[];
  /**
   * Ships turned face up for the other side right now (a group flipped for a submarine's target choice, VI.D).
   * This record and the others read only here (`fogLiftedFor`, `magic`, `early`, `alliedPicks`, `detection`, `subsDone`,
   * `airSupply`, `holder`, `volcano`, `vp`, `engaged`, `airTurn`) are shared by copies of the state until a step changes
   * one, through `change` (shared.ts).
   */
  revealed: Readonly<Record<string, readonly Side[]>>;
  /**
   * Pieces whose identity a side (or everyone: 'public') has learned in play: seen face up,
   * or named in a result both players saw. Log entries may name a piece to a reader only
   * if it is the reader's own or known to it (the leak tests check this). Shared by copies of the
   * state, frozen, until a step learns something (`learn` copies it then), so read only here.
   */
  known: Readonly<Record<string, readonly ('allied' | 'japanese' | 'public')[]>>;
  /** Ship pieces that have left Rabaul this turn (at most 8, VI.B). */
  rabaulSorties: number;
  /** The rolls are replaced, never changed in place (copies of the state share them); so are `volcano.rolls` and `vpLog`. */
  magic: Readonly<{ successes: number; rolls: readonly MagicRoll[] }>;
  /** V: the early-activation roll (null until decided). */
  early: Readonly<{ rolled: boolean; success: boolean }> | null;
  /** VI.A: the Allied ship reinforcements chosen for the next turn. */
  alliedPicks: Readonly<{ cruiser: string | null; other: string | null }>;
  /** VI.E: this turn's detection results. */
  detection: Readonly<Record<Side, Readonly<Record<string, boolean>>>>;
  /** VI.D: submarines that have attacked or passed this turn (one attack a turn). */
  subsDone: readonly string[];
  /** VI.D: the sides that have closed their submarine decision this turn (replaced, never changed in place). */
  subsClosed?: Side[];
  /** VI.G: B-17s flying aerial supply this turn (designated at the Allied deployment), each with the base it supplies. */
  airSupply: Readonly<Record<string, BaseId>>;
  /** Who holds each base (its ground units, or the last side that had units there, VI.G). */
  holder: Readonly<Record<BaseId, Side>>;
  /** VI.I: consecutive end-of-turn 6s, and whether Rabaul has blown up. */
  volcano: Readonly<{ streak: number; erupted: boolean; rolls: readonly number[] }>;
  vp: Readonly<Record<Side, number>>;
  vpLog: readonly VpEntry[];
  /** VI.F: ships (and PT units) that have fought a surface battle or bombarded this turn (they may not bombard, VI.F.1.h, F.2.f). */
  engaged: readonly string[];
  /** VI.F.1.a, b: what this turn's air strikes leave for its later stages (staged B-17s, carrier raids). */
  airTurn: { readonly staged: readonly string[]; readonly stagedFrom: readonly string[]; readonly raids: readonly Readonly<AirTurn['raids'][number]>[] };
}

/** Every phase-local field, with its type (each belongs to the slice of the phases that use it). */
export interface Locals {
  /** VI.D: a submarine attack waiting for its target. */
  subAttack: SubAttack | null;
  /** VI.F.1.a, b, d: the air strike stage under way (null until the stage has started). */
  air: AirState | null;
  /** VI.F: the battle being fought (null between battles). */
  battle: BattleState | null;
  /** VI.F.2.c: this night-combat phase is the one after the After Midnight moves. */
  afterMidnight: boolean;
  /** VI.F.2.b.1: the surprise torpedo battles each task force has fought this night. */
  torpedoBattles: Record<string, number>;
  /** VI.F.1.g: ships that have landed a unit by day. */
  dayLanded: string[];
  /** VI.F.2.g: the ground-combat decisions made, as "base/side". */
  groundDone: string[];
  /** VI.F.1: the phase of the day this withdrawal step follows (absent: the counterattacks, VI.F.1.b). */
  withdrawAfter: WithdrawAfter;
}

/** VI.F.1 "After any phase below": the phases of the day a withdrawal step follows (after VI.F.1.f it is part of the Day Only step). */
export type WithdrawAfter = 'air-morning' | 'counterattack' | 'day-combat' | 'air-afternoon' | 'day-landings' | 'bombard-day';

/** The phases with no state of their own. */
type PlainPhase = Exclude<Phase, 'submarines' | AirPhase | DayCombatPhase | 'night-combat' | 'after-midnight' | 'day-landings' | 'ground-combat' | 'withdrawal'>;
/** VI.F.1.c (the battles both sides choose) and VI.F.1.f (the mandatory ones). */
export type DayCombatPhase = 'day-combat' | 'day-end-combat';
export type AirPhase = 'air-morning' | 'carrier-strikes' | 'counterattack' | 'air-afternoon';

/** Each phase with the state it keeps while the flow is in it (set on entry, gone on leaving). */
type Slices =
  | { phase: PlainPhase }
  | { phase: 'submarines'; subAttack: SubAttack | null }
  | { phase: AirPhase; air: AirState | null }
  | { phase: DayCombatPhase; battle: BattleState | null }
  | { phase: 'withdrawal'; withdrawAfter?: WithdrawAfter }
  | { phase: 'night-combat'; battle: BattleState | null; afterMidnight: boolean; torpedoBattles: Record<string, number> }
  | { phase: 'after-midnight'; torpedoBattles: Record<string, number> }
  | { phase: 'day-landings'; dayLanded: string[] }
  | { phase: 'ground-combat'; groundDone: string[] };

/** A slice, with every other slice's fields absent (so any of them may be read, as undefined, without narrowing first). */
type Exclusive<U> = U extends unknown ? U & { [K in Exclude<keyof Locals, keyof U>]?: undefined } : never;

/** The phase-local state: a union discriminated by `phase`. */
export type PhaseSlice = Exclusive<Slices>;

/** The state of a match: the turn's state and the slice of the phase it is in. */
export type SsjState = TurnState & PhaseSlice;

/** The state in phase(s) `P`. */
export type At<P extends Phase> = SsjState & { phase: P };

/** The names of the phase-local fields (cleared when the flow leaves a phase). */
export const LOCAL_KEYS = [
  'subAttack',
  'air',
  'battle',
  'afterMidnight',
  'torpedoBattles',
  'dayLanded',
  'groundDone',
  'withdrawAfter',
] as const satisfies readonly (keyof Locals)[];
type Unlisted = Exclude<keyof Locals, (typeof LOCAL_KEYS)[number]>;
/** Fails to compile when a phase-local field is missing from LOCAL_KEYS. */
export const LOCAL_KEYS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

export const other = (side: Side): Side => (side === 'allied' ? 'japanese' : 'allied');
export const SIDE_NAME: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };
/** The side's name with its article, opening a sentence: "An Allied …", "A Japanese …". */
export const A_SIDE: Record<Side, string> = { allied: 'An Allied', japanese: 'A Japanese' };
/** The name of the turn (AugI …), for texts. */
export const turnName = (s: { turn: number }): string => TURNS[s.turn]!;

/** Records that `who` has learned the identity of piece `id` (null: nobody new): the only change made to `known`. */
export function learn(s: SsjState, id: string, who: 'allied' | 'japanese' | 'public' | null): void {
  if (!who) return;
  const k = s.known[id] ?? [];
  if (k.includes(who)) return;
  // A record shared with another state (frozen, `shareKnown`) is copied first, once a step.
  const known = Object.isFrozen(s.known) ? { ...s.known } : (s.known as Record<string, readonly ('allied' | 'japanese' | 'public')[]>);
  known[id] = [...k, who];
  s.known = known;
}

/** The record of what each side knows, for a copy of `s` to share (clone.ts): frozen, so `learn` copies it before a change. */
export function shareKnown(s: SsjState): SsjState['known'] {
  return Object.isFrozen(s.known) ? s.known : Object.freeze(s.known);
}
