/**
 * VI.F.1.a, b, d and VII.B: air strikes. Three stages a turn: morning land-based air
 * (the Allies allocate and resolve first, then the Japanese), morning carrier strikes (the
 * Japanese allocate first; the strikes are simultaneous: air already launched survives its
 * carrier's loss), and afternoon land-based air (detection no longer needed). Allocation
 * steps are private until the side closes them.
 *
 * A strike at a face-down task force is pre-allocated to the group; the group is then
 * turned face up for the attacker, who aims his air units one at a time at its ships (so
 * he may switch targets); afterwards the undamaged ships are turned face down again, the
 * damaged stay face up. A raid on a base hits land targets (ground or air units, on the
 * Bombardment table) or ships in its harbour (with the anchored bonus); either way the
 * harbour is turned face up for the attacker. VII.B: a 1 shoots the attacker down (not an
 * unopposed high-altitude B-17); in the afternoon a 2 too over a base with an active
 * airfield (not B-17s).
 */
import type { ApplyContext, LogEntry } from '../../engine';
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
  SEA_AREA_NAMES,
  SLOT_AIR_BASES,
  STAGING,
  airUnitShotDown,
  antiShipResult,
  antiShipShift,
  bombardment,
} from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';
import type { SsjAction } from './actions';
import { destroyUnit, hitShip } from './damage';
import { baseUsable } from './routes';
import { baseName } from './setup';
import { learn, other, SIDE_NAME, type SsjState, type UnitState } from './state';
import { SHIP_BY_ID, aboard, airUnit, isCarrier, isSub, unitName } from './units';

export type AirStage = 'morning-land' | 'carriers' | 'counter' | 'afternoon-land';

/** One allocated strike: at a group at sea, or at a base's ground, air or harbour. */
export interface Strike {
  unit: string;
  group?: string;
  base?: BaseId;
  target?: 'ground' | 'air' | 'harbour';
  /** A staged B-17 (VI.F.1.a): its one attack of the turn. */
  staged?: boolean;
}

export interface AirState {
  stage: AirStage;
  /** The side allocating or resolving now. */
  side: Side;
  /** 'land': carrier air in the air (`airborne`, first in line first) waits for its owner to pick where it lands. */
  step: 'allocate' | 'aim' | 'land';
  /** Allocated strikes not yet flown, by side. */
  strikes: Record<Side, Strike[]>;
  /** Sides that have closed their allocation in this stage. */
  closed: Side[];
  /** The strike being flown at a group or harbour: its units still to aim, and the ships turned up. */
  flying: { side: Side; group?: string; base?: BaseId; units: string[]; ships: string[] } | null;
  /** Units that have struck this stage (one strike a stage). */
  flown: string[];
  /** Staged B-17s this turn (no other attack), and the staging bases used. */
  staged: string[];
  stagedFrom: string[];
  /** Carrier air in the air this stage: it survives its carrier's loss and lands afterwards (VI.F.1.b note). */
  airborne: string[];
  /** Carrier strikes: both sides have closed and the strikes are in the air. */
  launched?: boolean;
  /** Bases struck by carrier air this turn, and the raiding carriers' groups (for the counterattack, VI.F.1.b). */
  raids?: { side: Side; base: BaseId; group: string }[];
  /** The sea area each airborne unit's carrier was in when it launched (where it may land). */
  airborneArea?: Record<string, SeaAreaId>;
}

type AirAction = Extract<SsjAction, { type: 'air-strike' | 'air-raid' | 'air-target' | 'air-land' | 'done' }>;

const DAY_BOXES = ['day', 'daynight'];

const carrierOf = (s: SsjState, u: UnitState): UnitState | null => (u.place.at === 'aboard' ? s.units[u.place.ship] ?? null : null);
const groupArea = (s: SsjState, ship: UnitState): SeaAreaId | null => (ship.place.at === 'group' ? s.groups[ship.place.group]?.area ?? null : null);

/** An active airfield of `side` at `base` (held, usable). */
const activeAirfield = (s: SsjState, side: Side, b: BaseId) => BASES[b].airfield && s.holder[b] === side && baseUsable(s, b);

/** Enemy units of a kind at a base. */
function enemyAt(s: SsjState, side: Side, base: BaseId, kind: 'ground' | 'air' | 'ship'): UnitState[] {
  const out: UnitState[] = [];
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.side !== side && u.kind === kind && u.place.at === 'base' && u.place.base === base) out.push(u);
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
      if (s.air?.stagedFrom.includes(st.from)) continue;
      for (const b of st.to) if (!bases.has(b)) staged.push(b);
    }
  }
  return { areas: [...areas], bases: [...bases].filter((b) => !NEVER_ATTACKED.includes(b) && b !== base), staged: staged.filter((b) => !NEVER_ATTACKED.includes(b)) };
}

/** The units of `side` that may still strike in this stage. */
function strikers(s: SsjState, side: Side, stage: AirStage): UnitState[] {
  const a = s.air!;
  const taken = new Set([...a.flown, ...a.staged, ...a.strikes[side].map((x) => x.unit)]);
  const out: UnitState[] = [];
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.side !== side || u.kind !== 'air' || taken.has(u.id)) continue;
    if (stage === 'carriers' ? u.place.at === 'aboard' : u.place.at === 'base') out.push(u);
  }
  return out;
}

/** Enemy groups that may be struck in `area` now: Day Only and Day and Night groups with a ship an aircraft can hit. */
function targetGroups(s: SsjState, side: Side, area: SeaAreaId): string[] {
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side !== side && g.area === area && DAY_BOXES.includes(g.box) && g.ships.some((id) => !isSub(id))) out.push(g.id);
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
    if (s.units[unit]!.side !== side) return [];
    const l = landings(s, unit);
    return [...l.ships.map((ship) => ({ type: 'air-land' as const, unit, ship })), ...l.bases.map((base) => ({ type: 'air-land' as const, unit, base }))];
  }
  const out: AirAction[] = [];
  const enemy = other(side);
  if (a.stage === 'counter') {
    // VI.F.1.b: the surviving air units at a base struck by carrier air (carrier air ashore included) may strike back at the raiding carriers' task forces.
    for (const u of strikers(s, side, a.stage)) {
      const base = (u.place as { base: BaseId }).base;
      const groups = new Set((a.raids ?? []).filter((r) => r.side !== side && r.base === base && s.groups[r.group]).map((r) => r.group));
      for (const group of [...groups].sort()) out.push({ type: 'air-strike', unit: u.id, group });
    }
    out.push({ type: 'done' });
    return out;
  }
  // What each side has at each base (one pass over the units, not one per striker and base).
  const present = new Map<BaseId, { ground: number; air: number; ship: number }>();
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.side === side || u.place.at !== 'base' || (u.kind === 'ship' && isSub(u.id))) continue;
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
      if (p.air) out.push({ type: 'air-raid', unit: u.id, base, target: 'air' });
      if (BASES[base].naval && p.ship) out.push({ type: 'air-raid', unit: u.id, base, target: 'harbour' });
    }
  }
  void enemy;
  out.push({ type: 'done' });
  return out;
}

/** The ships a flying unit may aim at: the struck group's (or harbour's) ships still there; SP and CS carriers never strike each other's carriers. */
function aimTargets(s: SsjState, f: NonNullable<AirState['flying']>, unit: string): string[] {
  const u = s.units[unit]!;
  const c = carrierOf(s, u);
  const from = c ? groupArea(s, c) : null;
  const at = f.group ? s.groups[f.group]?.area ?? null : null;
  return f.ships.filter((id) => {
    const t = s.units[id]!;
    const there = f.group ? t.place.at === 'group' && t.place.group === f.group : t.place.at === 'base' && t.place.base === f.base;
    if (!there) return false;
    if (isCarrier(id) && from && at && ((from === 'SP' && at === 'CS') || (from === 'CS' && at === 'SP'))) return false;
    return true;
  });
}

// ─────────────────────────────── flow ───────────────────────────────

/** Who allocates first in each stage: the Allies for land-based air (VI.F.1.a), the Japanese for carrier strikes and counterattacks (RULING). */
const FIRST: Record<AirStage, Side> = { 'morning-land': 'allied', carriers: 'japanese', counter: 'japanese', 'afternoon-land': 'allied' };

export function startAir(s: SsjState, stage: AirStage): void {
  const prev = s.air;
  s.air = {
    stage,
    side: FIRST[stage],
    raids: prev?.raids ?? [],
    step: 'allocate',
    strikes: { allied: [], japanese: [] },
    closed: [],
    flying: null,
    flown: [],
    staged: prev?.staged ?? [],
    stagedFrom: prev?.stagedFrom ?? [],
    airborne: [],
  };
}

/** Whose decision it is; null when the stage is over. */
export function airActor(s: SsjState): Side | null {
  const a = s.air;
  if (!a) return null;
  if (a.step === 'land') return s.units[a.airborne[0]!]!.side;
  return a.step === 'aim' ? a.flying!.side : a.closed.includes(a.side) && a.closed.length === 2 ? null : a.side;
}

/** Whether a side has anything it could strike in this stage (else its allocation is closed for it). */
function hasStrikes(s: SsjState, side: Side): boolean {
  return airChoices(s, side).length > 1;
}

/** Moves the stage on through everything that needs no decision. Returns true while a decision is pending. */
export function advanceAir(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  const a = s.air!;
  for (let guard = 0; guard < 500; guard++) {
    if (a.step === 'land') {
      log.push(...recoverAirborne(s));
      return log;
    }
    if (a.step === 'aim') {
      const f = a.flying!;
      // Units whose targets are gone (all sunk) go home without attacking.
      while (f.units.length && aimTargets(s, f, f.units[0]!).length === 0) f.units.shift();
      if (f.units.length) return log;
      log.push(...endFlight(s));
      continue;
    }
    // Allocation.
    if (!a.closed.includes(a.side)) {
      if (hasStrikes(s, a.side) || a.strikes[a.side].length) return log;
      a.closed.push(a.side);
    }
    if (a.stage === 'carriers') {
      if (a.closed.length < 2) {
        a.side = other(a.side);
        continue;
      }
      // Both closed: the strikes fly together (Japanese resolved first; launched air survives).
      if (!a.launched) {
        a.launched = true;
        a.airborne = [...a.strikes.japanese, ...a.strikes.allied].map((x) => x.unit);
        a.airborneArea = {};
        for (const id of a.airborne) {
          const c = carrierOf(s, s.units[id]!);
          const area = c ? groupArea(s, c) : null;
          if (area) a.airborneArea[id] = area;
        }
      }
      const next = nextFlight(s, ctx, log);
      if (next) continue;
      a.step = 'land';
      log.push(...recoverAirborne(s));
      return log;
    }
    // Land-based and counterattacks: each side resolves its own strikes once closed, in turn.
    if (nextFlight(s, ctx, log)) continue;
    if (a.side === FIRST[a.stage]) {
      a.side = other(a.side);
      continue;
    }
    return log;
  }
  return log;
}

/** Resolves strikes of the resolving side(s) until one needs aiming; false when there are none left. */
function nextFlight(s: SsjState, ctx: ApplyContext, log: LogEntry[]): boolean {
  const a = s.air!;
  const sides: Side[] = a.stage === 'carriers' ? ['japanese', 'allied'] : [a.side];
  for (const side of sides) {
    const list = a.strikes[side];
    if (!list.length) continue;
    const first = list[0]!;
    if (first.group) {
      const batch = list.filter((x) => x.group === first.group);
      a.strikes[side] = list.filter((x) => x.group !== first.group);
      if (!s.groups[first.group]) {
        // The group is gone (sunk or withdrawn): the strike finds nothing and goes home.
        for (const x of batch) a.flown.push(x.unit);
        log.push({ to: 'public', text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} find their target gone.` });
        return true;
      }
      startFlight(s, side, batch, undefined, first.group, log);
      return true;
    }
    if (first.target === 'harbour') {
      const batch = list.filter((x) => x.base === first.base && x.target === 'harbour');
      a.strikes[side] = list.filter((x) => !(x.base === first.base && x.target === 'harbour'));
      startFlight(s, side, batch, first.base, undefined, log);
      return true;
    }
    a.strikes[side] = list.slice(1);
    log.push(...raidLand(s, side, first, ctx));
    return true;
  }
  return false;
}

/** Turns a base's harbour face up for the attacker (VI.F.1.a). */
function harbourUp(s: SsjState, side: Side, base: BaseId): { ships: string[]; log: LogEntry[] } {
  const ships = enemyAt(s, side, base, 'ship').map((u) => u.id).filter((id) => !isSub(id));
  for (const id of ships) {
    s.revealed[id] = [...new Set([...(s.revealed[id] ?? []), side])];
    learn(s, id, side);
  }
  if (!ships.length) return { ships, log: [] };
  return {
    ships,
    log: [
      { to: 'public', text: `The harbour of ${baseName(base)} is turned face up for the ${SIDE_NAME[side]} player.` },
      { to: [side], text: `In the harbour of ${baseName(base)}: ${ships.map(unitName).join(', ')}.`, data: { units: ships } },
    ],
  };
}

/** Records a carrier raid on a base, for the defender's counterattack. */
function noteRaid(s: SsjState, side: Side, unit: string, base: BaseId): void {
  const a = s.air!;
  if (a.stage !== 'carriers') return;
  const c = carrierOf(s, s.units[unit]!);
  if (c && c.place.at === 'group') a.raids = [...(a.raids ?? []), { side, base, group: c.place.group }];
}

function startFlight(s: SsjState, side: Side, batch: Strike[], base: BaseId | undefined, group: string | undefined, log: LogEntry[]): void {
  const a = s.air!;
  if (base) for (const x of batch) noteRaid(s, side, x.unit, base);
  for (const x of batch) a.flown.push(x.unit);
  for (const x of batch) if (x.staged) markStaged(s, x);
  let ships: string[];
  if (group) {
    const g = s.groups[group]!;
    ships = g.ships.filter((id) => !isSub(id));
    for (const id of ships) {
      s.revealed[id] = [...new Set([...(s.revealed[id] ?? []), side])];
      learn(s, id, side);
    }
    log.push({ to: 'public', text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} strike a group in the ${SEA_AREA_NAMES[g.area]}; it is turned face up for the ${SIDE_NAME[side]} player.`, data: { group } });
    log.push({ to: [side], text: `The group: ${ships.map(unitName).join(', ')}.`, data: { units: ships, group } });
  } else {
    log.push({ to: 'public', text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} strike the harbour of ${baseName(base!)}.` });
    const up = harbourUp(s, side, base!);
    ships = up.ships;
    log.push(...up.log);
  }
  a.step = 'aim';
  a.flying = { side, units: batch.map((x) => x.unit), ships, ...(group ? { group } : { base: base! }) };
}

function markStaged(s: SsjState, x: Strike): void {
  const a = s.air!;
  const u = s.units[x.unit]!;
  a.staged.push(x.unit);
  if (u.place.at === 'base') a.stagedFrom.push(u.place.base);
}

/** After a flight: the undamaged ships go face down again; the damaged stay face up for everyone. */
function endFlight(s: SsjState): LogEntry[] {
  const a = s.air!;
  const f = a.flying!;
  // RULING (VI.F.1.a): a harbour turned face up for the attacker stays up for him for the rest of the turn.
  for (const id of f.group ? f.ships : []) {
    const u = s.units[id]!;
    if (u.kind === 'ship' && (u.damage === null || u.place.at === 'sunk')) {
      const r = (s.revealed[id] ?? []).filter((x) => x !== f.side);
      if (r.length) s.revealed[id] = r;
      else delete s.revealed[id];
    }
  }
  a.flying = null;
  a.step = 'allocate';
  return [{ to: 'public', text: 'The strike is over; undamaged ships are turned face down again.' }];
}

/** VII.B: is the attacker shot down by this roll? */
function shotDown(s: SsjState, unit: string, die: number, o: { opposed: boolean; base?: BaseId }): boolean {
  const a = s.air!;
  const b17 = airUnit(unit).type === 'B-17';
  const defender = other(s.units[unit]!.side);
  return airUnitShotDown(die, {
    b17,
    unopposedHighAltitude: b17 && !o.opposed,
    afternoonVsActiveAirfield: a.stage === 'afternoon-land' && !!o.base && activeAirfield(s, defender, o.base),
  });
}

const airType = (id: string) => airUnit(id).type;

/** A land raid: the Bombardment table's air row against ground or air units at the base (VI.F.1.a). */
function raidLand(s: SsjState, side: Side, x: Strike, ctx: ApplyContext): LogEntry[] {
  const a = s.air!;
  const base = x.base!;
  a.flown.push(x.unit);
  noteRaid(s, side, x.unit, base);
  if (x.staged) markStaged(s, x);
  const log: LogEntry[] = [...harbourUp(s, side, base).log];
  const enemyAir = enemyAt(s, side, base, 'air');
  const die = ctx.dice.d6(`air raid (${side})`);
  const type = airType(x.unit);
  if (shotDown(s, x.unit, die, { opposed: enemyAir.length > 0, base })) {
    destroyUnit(s, s.units[x.unit]!, 'shot down');
    log.push({ to: 'public', text: `A ${SIDE_NAME[side]} ${type} raiding ${baseName(base)} rolled ${die}: shot down (VII.B).`, data: { roll: { why: 'air raid', die } } });
    return log;
  }
  const victims = enemyAt(s, side, base, x.target as 'ground' | 'air');
  const n = Math.min(victims.length, bombardment('air', x.target as 'ground' | 'air', die));
  const lost = victims.slice(0, n);
  for (const v of lost) destroyUnit(s, v, `air raid on ${baseName(base)}`);
  log.push({
    to: 'public',
    text: `A ${SIDE_NAME[side]} ${type} raids the ${x.target === 'ground' ? 'ground units' : 'airfield'} at ${baseName(base)}: rolled ${die}, ${n} ${SIDE_NAME[other(side)]} unit${n === 1 ? '' : 's'} eliminated.`,
    data: { roll: { why: 'air raid', die } },
  });
  if (lost.length) log.push({ to: [other(side)], text: `Lost at ${baseName(base)}: ${lost.map((u) => unitName(u.id)).join(', ')}.`, data: { units: lost.map((u) => u.id) } });
  return log;
}

/** One air unit's attack on a face-up ship (VI.F.1.b), with VII.B anti-aircraft. */
function aim(s: SsjState, side: Side, unit: string, ship: string, ctx: ApplyContext): LogEntry[] {
  const a = s.air!;
  const f = a.flying!;
  f.units = f.units.filter((x) => x !== unit);
  const t = s.units[ship]!;
  const area: SeaAreaId = f.group ? s.groups[f.group]!.area : BASES[f.base!].seaArea ?? 'SP';
  // Opposed: enemy air aboard a carrier of the struck group, or at the struck base.
  const opposed = f.group
    ? s.groups[f.group]!.ships.some((id) => isCarrier(id) && aboard(s, id, 'air').some((x) => !a.airborne.includes(x.id)))
    : enemyAt(s, side, f.base!, 'air').length > 0;
  const die = ctx.dice.d6(`air attack (${side})`);
  const type = airType(unit);
  const tag = s.tags[ship]!;
  const log: LogEntry[] = [];
  if (shotDown(s, unit, die, { opposed, ...(f.base ? { base: f.base } : {}) })) {
    destroyUnit(s, s.units[unit]!, 'shot down');
    log.push({ to: 'public', text: `A ${SIDE_NAME[side]} ${type} attacking piece ${tag} rolled ${die}: shot down (VII.B).`, data: { roll: { why: 'air attack', die } } });
    return log;
  }
  const cls = SHIP_BY_ID.get(ship)!.cls;
  const result = cls === 'SS' ? 'miss' : antiShipResult(cls, die, antiShipShift({ anchored: !!f.base, targetHeavilyDamaged: t.damage === 'HD' }));
  const after = hitShip(s, t, result, area, `${side} air attack`, undefined, new Set(a.airborne));
  if (result === 'miss') {
    log.push({ to: [side, other(side)], text: `A ${SIDE_NAME[side]} ${type} attacked ${unitName(ship)}: rolled ${die}, no effect.`, data: { units: [ship], roll: { why: 'air attack', die } } });
    log.push({ to: 'public', text: `A ${SIDE_NAME[side]} ${type} attacked piece ${tag}: rolled ${die}, no effect.` });
    return log;
  }
  // Damaged or sunk: turned face up for everyone.
  s.revealed[ship] = ['allied', 'japanese'];
  learn(s, ship, 'public');
  log.push({
    to: 'public',
    text: `A ${SIDE_NAME[side]} ${type} attacked ${unitName(ship)} (piece ${tag}): rolled ${die} — ${after === 'sunk' ? 'sunk' : `${result}${after !== result ? ` (now ${after})` : ''}`}.`,
    data: { units: [ship], roll: { why: 'air attack', die }, result, after },
  });
  return log;
}

/** Room left on a carrier: its capacity less the air units settled aboard (those still in the air not counted). */
function carrierRoom(s: SsjState, c: UnitState): number {
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
  const u = s.units[unit]!;
  const own = u.place.at === 'aboard' ? s.units[u.place.ship]! : null;
  const ownOk = !!own && own.place.at === 'group' && carrierRoom(s, own) > 0;
  const area = a.airborneArea?.[unit] ?? (own && own.place.at === 'group' ? s.groups[own.place.group]!.area : null);
  const areas: SeaAreaId[] = area ? (ownOk ? [area] : [area, ...ADJACENT[area]]) : [];
  const ships: string[] = ownOk ? [own!.id] : [];
  for (const k of Object.keys(s.units).sort()) {
    const c = s.units[k]!;
    if (c.side !== u.side || !isCarrier(c.id) || c.id === own?.id || c.place.at !== 'group') continue;
    if (!areas.includes(s.groups[c.place.group]!.area) || carrierRoom(s, c) <= 0) continue;
    ships.push(c.id);
  }
  const bases = BASE_IDS.filter((b) => activeAirfield(s, u.side, b) && BASES[b].seaArea !== null && areas.includes(BASES[b].seaArea!));
  return { ships, bases };
}

/** Lands one air unit (off the `airborne` list). */
function landAt(s: SsjState, unit: string, to: { ship?: string; base?: BaseId }): LogEntry[] {
  const a = s.air!;
  const u = s.units[unit]!;
  const own = u.place.at === 'aboard' ? u.place.ship : null;
  a.airborne = a.airborne.filter((x) => x !== unit);
  if (to.ship) u.place = { at: 'aboard', ship: to.ship };
  else u.place = { at: 'base', base: to.base! };
  if (to.ship === own) return [];
  return [{ to: [u.side], text: `${unitName(unit)} lands ${to.base ? `at ${baseName(to.base)}` : `on ${unitName(to.ship!)}`}.`, data: { units: [unit] } }];
}

/**
 * Carrier air in the air lands, unit by unit (VI.F.1.b note, VII.A): where it has a choice its owner picks
 * (the stage waits in step 'land'); with one place it lands there; with none it is lost.
 */
function recoverAirborne(s: SsjState): LogEntry[] {
  const a = s.air!;
  const log: LogEntry[] = [];
  while (a.airborne.length) {
    const id = a.airborne[0]!;
    const u = s.units[id]!;
    if (u.place.at !== 'aboard') {
      a.airborne.shift();
      continue;
    }
    const l = landings(s, id);
    const n = l.ships.length + l.bases.length;
    if (n > 1) return log;
    if (n === 1) {
      log.push(...landAt(s, id, l.ships.length ? { ship: l.ships[0]! } : { base: l.bases[0]! }));
      continue;
    }
    a.airborne.shift();
    destroyUnit(s, u, 'no carrier or airfield to land on');
    log.push({ to: [u.side], text: `${unitName(id)} has nowhere to land and is lost.`, data: { units: [id] } });
    log.push({ to: 'public', text: `A ${SIDE_NAME[u.side]} air unit with nowhere to land is lost.` });
  }
  a.step = 'allocate';
  return log;
}

export interface AirApplied {
  log: LogEntry[];
  private: boolean;
}

export function applyAir(s: SsjState, side: Side, act: AirAction, ctx: ApplyContext): AirApplied {
  const a = s.air!;
  switch (act.type) {
    case 'air-strike':
      a.strikes[side].push({ unit: act.unit, group: act.group });
      return { log: [{ to: [side], text: `${unitName(act.unit)} will strike a group in the ${SEA_AREA_NAMES[s.groups[act.group]!.area]}.`, data: { units: [act.unit], group: act.group } }], private: true };
    case 'air-raid': {
      const u = s.units[act.unit]!;
      const staged = !reach(s, u, a.stage).bases.includes(act.base);
      a.strikes[side].push({ unit: act.unit, base: act.base, target: act.target, ...(staged ? { staged: true } : {}) });
      if (staged && u.place.at === 'base') a.stagedFrom.push(u.place.base);
      return { log: [{ to: [side], text: `${unitName(act.unit)} will raid ${baseName(act.base)} (${act.target})${staged ? ', staging' : ''}.`, data: { units: [act.unit] } }], private: true };
    }
    case 'done': {
      a.closed.push(side);
      const log: LogEntry[] = [{ to: 'public', text: `The ${SIDE_NAME[side]} player has allocated his ${a.stage === 'carriers' ? 'carrier strikes' : 'air strikes'} (${a.strikes[side].length}).` }];
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
    case 'air-land': {
      const log = landAt(s, act.unit, act.ship ? { ship: act.ship } : { base: act.base! });
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
    case 'air-target': {
      const log = aim(s, side, act.unit, act.ship, ctx);
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
  }
}

/** What a viewer sees of the air stage: the stage, who acts; own allocations; the flight being aimed (its ships only to the attacker). */
export function airView(s: SsjState, viewer: string) {
  const a = s.air;
  if (!a) return null;
  const full = viewer === 'referee';
  return {
    stage: a.stage,
    step: a.step,
    side: a.side,
    ...(full || viewer === 'allied' ? { alliedStrikes: a.strikes.allied.map((x) => ({ ...x })) } : {}),
    ...(full || viewer === 'japanese' ? { japaneseStrikes: a.strikes.japanese.map((x) => ({ ...x })) } : {}),
    flying: a.flying
      ? {
          side: a.flying.side,
          ...(a.flying.group ? { group: a.flying.group } : { base: a.flying.base }),
          units: full || viewer === a.flying.side ? [...a.flying.units] : a.flying.units.length,
        }
      : null,
  };
}
