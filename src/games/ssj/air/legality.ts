/**
 * VI.F.1.a, b, d: what each air unit may strike in a stage (its reach, detection, targets),
 * the legal choices of each air decision, who decides, and where carrier air in the air may
 * land (VI.F.1.b note, VII.A).
 */
import {
  ADJACENT,
  BASES,
  BASE_IDS,
  CARRIER_LAND_TARGETS,
  FAR_MAIN_BASE,
  LONG_RANGE_HOME,
  NEVER_ATTACKED,
  NEW_GUINEA_AIR_BASES,
  RAID_FROM_GUADALCANAL,
  SEA_AREAS,
  SLOT_AIR_BASES,
  STAGING,
} from '../data';
import type { BaseId, SeaAreaId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { baseUsable } from '../routes';
import { other, type SsjState, type UnitState } from '../state';
import { SORTED_UNIT_IDS } from '../unit-table';
import { aboard, airBaseOf, airUnit, isCarrier, isSub, slotsOf } from '../units';
import type { AirStage, AirState } from './state';

/** The actions of the air stages' decisions. */
export type AirAction = Extract<SsjAction, { type: 'air-strike' | 'air-raid' | 'air-target' | 'air-land' | 'done' }>;

export const DAY_BOXES = ['day', 'daynight'];

export const carrierOf = (s: SsjState, u: UnitState): UnitState | null => (u.place.at === 'aboard' ? (s.units.get(u.place.ship) ?? null) : null);
export const groupArea = (s: SsjState, ship: UnitState): SeaAreaId | null => (ship.place.at === 'group' ? (s.groups[ship.place.group]?.area ?? null) : null);

/** An active airfield of `side` at `base` (held, usable). */
export const activeAirfield = (s: SsjState, side: Side, b: BaseId) => BASES[b].airfield && s.holder[b] === side && baseUsable(s, b);

/**
 * Enemy units of a kind at a base, in counter-sheet order. Air units: those on its airfield and,
 * RULING (VI.F.1.b), those aboard carriers in its harbour ("presumed to be land-based during their
 * carriers' stay in port"): raided, lost and defending alike (VI.F.1.a, VII.B).
 */
export function enemyAt(s: SsjState, side: Side, base: BaseId, kind: 'ground' | 'air' | 'ship'): UnitState[] {
  const out: UnitState[] = [];
  // The other side's units of that kind alone, in counter-sheet order (their slots), not a scan of every unit.
  for (const slot of slotsOf(other(side), kind)) {
    const u = s.units.at(slot);
    if (kind === 'air' ? airBaseOf(s, u) === base : u.place.at === 'base' && u.place.base === base) out.push(u);
  }
  return out;
}

/** Where a unit may strike this stage: sea areas (at their Day boxes) and bases. */
export function reach(s: SsjState, u: UnitState, stage: AirStage): { areas: SeaAreaId[]; bases: BaseId[]; staged: BaseId[] } {
  const side = u.side;
  const type = airUnit(u.id).type;
  const none = { areas: [], bases: [], staged: [] };
  if (stage === 'carriers') {
    const c = carrierOf(s, u);
    const area = c ? groupArea(s, c) : null;
    if (!c || !area || area === 'SL' || c.damage === 'HD') return none;
    return { areas: [area, ...ADJACENT[area]], bases: [...CARRIER_LAND_TARGETS[area]], staged: [] };
  }
  if (u.place.at !== 'base' || !activeAirfield(s, side, u.place.base)) return none;
  const base = u.place.base;
  const longRange = type === 'B-17' || type === 'Betty';
  const areas = new Set<SeaAreaId>();
  const bases = new Set<BaseId>();
  const staged: BaseId[] = [];
  if (longRange && base === LONG_RANGE_HOME[side]) {
    for (const a of SEA_AREAS) areas.add(a);
    for (const b of BASE_IDS) if (b !== FAR_MAIN_BASE[side]) bases.add(b);
  }
  if (longRange && base === 'guadalcanal') bases.add(RAID_FROM_GUADALCANAL[side]);
  if (SLOT_AIR_BASES.includes(base)) {
    areas.add('SL');
    for (const b of SLOT_AIR_BASES) bases.add(b);
  }
  if (NEW_GUINEA_AIR_BASES.includes(base)) {
    areas.add('CS');
    for (const b of NEW_GUINEA_AIR_BASES) bases.add(b);
  }
  if (type === 'B-17' && stage === 'morning-land') {
    for (const st of STAGING) {
      if (st.side !== side || st.from !== base || s.holder[st.via] !== side) continue;
      if (s.airTurn.stagedFrom.includes(st.from)) continue;
      for (const b of st.to) if (!bases.has(b)) staged.push(b);
    }
  }
  return { areas: [...areas], bases: [...bases].filter((b) => !NEVER_ATTACKED.includes(b) && b !== base), staged: staged.filter((b) => !NEVER_ATTACKED.includes(b)) };
}

/** The units of `side` that may still strike in this stage. */
export function strikers(s: SsjState, side: Side, stage: AirStage): UnitState[] {
  const a = s.air!;
  const taken = new Set([...a.flown, ...s.airTurn.staged, ...a.strikes[side].map((x) => x.unit)]);
  const out: UnitState[] = [];
  // The side's air units alone, in counter-sheet order (their slots).
  for (const slot of slotsOf(side, 'air')) {
    const u = s.units.at(slot);
    // RULING (VI.E): an air unit sent on recon from a carrier flies no strike that turn, wherever it lands; RULING (VI.G):
    // nor does a B-17 flying aerial supply.
    if (taken.has(u.id) || u.recon !== undefined || s.airSupply[u.id] !== undefined) continue;
    // RULING (VI.F.1.b): carrier air in port counts as land-based for the counterattack only; it flies no morning or afternoon land-based strike.
    const ready = stage === 'carriers' ? u.place.at === 'aboard' : stage === 'counter' ? airBaseOf(s, u) !== null : u.place.at === 'base';
    if (ready) out.push(u);
  }
  return out;
}

/**
 * Enemy groups that may be struck in `area` now: every Day Only and Day and Night group, whatever
 * its face-down pieces are (VI.F.1.b "Anti-ship airstrikes against face-down enemy task forces ...
 * are always pre-allocated"): a group of submarines only is struck too, and finds no target.
 */
function targetGroups(s: SsjState, side: Side, area: SeaAreaId): string[] {
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side !== side && g.area === area && DAY_BOXES.includes(g.box)) out.push(g.id);
  }
  return out.sort();
}

export function airChoices(s: SsjState, side: Side): AirAction[] {
  const a = s.air!;
  if (a.step === 'aim') {
    const f = a.flying!;
    const unit = f.units[0]!;
    return aimTargets(s, f, unit).map((ship) => ({ type: 'air-target', unit, ship }));
  }
  if (a.step === 'land') {
    const unit = a.airborne[0]!;
    if (s.units.of(unit).side !== side) return [];
    const l = landings(s, unit);
    return [...l.ships.map((ship) => ({ type: 'air-land' as const, unit, ship })), ...l.bases.map((base) => ({ type: 'air-land' as const, unit, base }))];
  }
  const out: AirAction[] = [];
  const enemy = other(side);
  if (a.stage === 'counter') {
    // VI.F.1.b: the surviving air units at a base struck by carrier air — carrier air ashore, and carrier air aboard
    // carriers in its harbour ("presumed to be land-based during their carriers' stay in port") — may strike back at
    // the raiding carriers' task forces.
    for (const u of strikers(s, side, a.stage)) {
      const base = airBaseOf(s, u)!;
      const groups = new Set(s.airTurn.raids.filter((r) => r.side !== side && r.base === base && s.groups[r.group]).map((r) => r.group));
      for (const group of [...groups].sort()) out.push({ type: 'air-strike', unit: u.id, group });
    }
    out.push({ type: 'done' });
    return out;
  }
  // What each side has at each base (one pass over the units, not one per striker and base). A harbour
  // with face-down ship pieces may be raided whatever they are (VI.F.1.a), submarines only included.
  const present = new Map<BaseId, { ground: number; air: number; ship: number }>();
  for (const slot of slotsOf(enemy)) {
    const u = s.units.at(slot);
    if (u.place.at !== 'base') continue;
    if (u.kind !== 'ground' && u.kind !== 'air' && u.kind !== 'ship') continue;
    let p = present.get(u.place.base);
    if (!p) present.set(u.place.base, (p = { ground: 0, air: 0, ship: 0 }));
    p[u.kind]++;
  }
  const groupsIn = new Map<SeaAreaId, string[]>();
  for (const area of SEA_AREAS) groupsIn.set(area, targetGroups(s, side, area));
  for (const u of strikers(s, side, a.stage)) {
    const r = reach(s, u, a.stage);
    // Naval targets: in the morning only where the side has detection (VI.F.1.a, b).
    for (const area of r.areas) {
      if (a.stage !== 'afternoon-land' && !s.detection[side]?.[area]) continue;
      for (const group of groupsIn.get(area)!) out.push({ type: 'air-strike', unit: u.id, group });
    }
    for (const base of [...r.bases, ...r.staged]) {
      const p = present.get(base);
      if (!p) continue;
      if (p.ground) out.push({ type: 'air-raid', unit: u.id, base, target: 'ground' });
      // RULING (VI.F.1.a, b): a naval base's air units are raided whenever its harbour holds ship pieces too, as any
      // of them may be a carrier in port with its air aboard (which counts at the base): whether it has air is hidden.
      if (p.air || (BASES[base].naval && p.ship)) out.push({ type: 'air-raid', unit: u.id, base, target: 'air' });
      if (BASES[base].naval && p.ship) out.push({ type: 'air-raid', unit: u.id, base, target: 'harbour' });
    }
  }
  out.push({ type: 'done' });
  return out;
}

/**
 * The ships a flying unit may aim at: the struck group's (or harbour's) ships still there, but not
 * submarines (they have no column on the Anti-Ship table); SP and CS carriers never strike each other's carriers.
 */
export function aimTargets(s: SsjState, f: NonNullable<AirState['flying']>, unit: string): string[] {
  const u = s.units.of(unit);
  const c = carrierOf(s, u);
  const from = c ? groupArea(s, c) : null;
  const at = f.group ? (s.groups[f.group]?.area ?? null) : null;
  return f.ships.filter((id) => {
    const t = s.units.of(id);
    const there = f.group ? t.place.at === 'group' && t.place.group === f.group : t.place.at === 'base' && t.place.base === f.base;
    if (!there || isSub(id)) return false;
    if (isCarrier(id) && from && at && ((from === 'SP' && at === 'CS') || (from === 'CS' && at === 'SP'))) return false;
    return true;
  });
}

/** Who allocates first in each stage: the Allies for land-based air (VI.F.1.a), the Japanese for carrier strikes and counterattacks (RULING). */
export const FIRST: Record<AirStage, Side> = { 'morning-land': 'allied', carriers: 'japanese', counter: 'japanese', 'afternoon-land': 'allied' };

/** Whose decision it is; null when the stage is over. */
export function airActor(s: SsjState): Side | null {
  const a = s.air;
  if (!a) return null;
  if (a.step === 'land') return s.units.of(a.airborne[0]!).side;
  return a.step === 'aim' ? a.flying!.side : a.closed.includes(a.side) && a.closed.length === 2 ? null : a.side;
}

/** Whether a side has anything it could strike in this stage. */
export function hasStrikes(s: SsjState, side: Side): boolean {
  return airChoices(s, side).length > 1;
}

/**
 * Whether a side is asked for its allocation in this stage (else it is closed for it): when it has
 * anything to strike. RULING (VI.F.1.b): in the counterattack, whenever the task force of an enemy
 * carrier that struck one of its bases is still at sea and that base holds any of its air or ship
 * pieces (which everyone sees), whether or not an air unit there may counterattack: whether carriers
 * in its harbour have air aboard is hidden, and being asked must not tell it.
 */
export function asked(s: SsjState, side: Side): boolean {
  if (s.air!.stage !== 'counter') return hasStrikes(s, side);
  const bases = new Set(s.airTurn.raids.filter((r) => r.side !== side && s.groups[r.group]).map((r) => r.base));
  if (!bases.size) return false;
  for (const slot of slotsOf(side)) {
    const u = s.units.at(slot);
    if ((u.kind === 'air' || u.kind === 'ship') && u.place.at === 'base' && bases.has(u.place.base)) return true;
  }
  return false;
}

/** Room left on a carrier: its capacity less the air units settled aboard (those still in the air not counted). */
export function carrierRoom(s: SsjState, c: UnitState): number {
  if (c.place.at !== 'group') return 0;
  const inAir = new Set(s.air?.airborne ?? []);
  return (c.capacity ?? 0) - aboard(s, c.id, 'air').filter((x) => !inAir.has(x.id)).length;
}

/**
 * Where a carrier air unit in the air may land (VI.F.1.b note, VII.A): its own carrier if it is afloat with room;
 * RULING (VII.A transfer): a carrier of its side with room in its carrier's sea area, or an active friendly airfield
 * attached to that sea area (Buna from the Coral Sea); if its own carrier is sunk or cannot take it, also those of an
 * adjacent sea area. None: it is lost.
 */
export function landings(s: SsjState, unit: string): { ships: string[]; bases: BaseId[] } {
  const a = s.air!;
  const u = s.units.of(unit);
  const own = u.place.at === 'aboard' ? s.units.of(u.place.ship) : null;
  const ownOk = !!own && own.place.at === 'group' && carrierRoom(s, own) > 0;
  const area = a.airborneArea?.[unit] ?? (own && own.place.at === 'group' ? s.groups[own.place.group]!.area : null);
  const areas: SeaAreaId[] = area ? (ownOk ? [area] : [area, ...ADJACENT[area]]) : [];
  const ships: string[] = ownOk ? [own!.id] : [];
  // In the order of the ids (sorted, not the counter sheet's).
  for (const k of SORTED_UNIT_IDS) {
    const c = s.units.of(k);
    if (c.side !== u.side || !isCarrier(c.id) || c.id === own?.id || c.place.at !== 'group') continue;
    if (!areas.includes(s.groups[c.place.group]!.area) || carrierRoom(s, c) <= 0) continue;
    ships.push(c.id);
  }
  const bases = BASE_IDS.filter((b) => activeAirfield(s, u.side, b) && BASES[b].seaArea !== null && areas.includes(BASES[b].seaArea!));
  return { ships, bases };
}
