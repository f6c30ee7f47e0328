/**
 * VI.B (and the Allied half of VI.C): deploying behind the Fog Of War screen. A
 * deployment is a sequence of private steps — sail a ship (or submarine) face down into
 * a box of a sea area, in a new or an existing group; move it to another friendly naval
 * base; load a ground unit (or fly naval air aboard a carrier); send an air unit to recon a
 * sea area; take any of these back —
 * closed by `done`, the only step the other side learns of. Both deployment phases
 * (phases/japanese-deployment.ts, phases/allied-deployment.ts) take these steps.
 */
import { RuleError, type ApplyContext, type LogEntry } from '../../engine';
import { BOXES, type BaseId, type BoxId, type SeaAreaId, type Side } from './data/types';
import { AIR_SUPPLY_ROUTES, B17_SUPPLY_UNITS, BASES, SEA_AREAS } from './data';
import { change } from './shared';
import type { DeploymentAction } from './actions';
import { RABAUL_SORTIE_LIMIT, baseUsable, rebaseTargets, sortieAreas } from './routes';
import { addGroup, ownGroup, removeGroup, sealGroups } from './groups';
import type { SsjState, UnitState } from './state';
import { aboard, airUnit, baseName, cargoCounts, isCarrier, SHIP_BY_ID, own, slotsOf, troopCapacity, unitName, unitsOf } from './units';

/** The air units that may operate from carriers (VI.F.1.b). */
const CARRIER_AIR_TYPES: readonly string[] = ['NAV', 'IJN'];

export const BOX_NAMES: Record<BoxId, string> = { day: 'Day Only', daynight: 'Day and Night', night: 'Night Only' };

/** May `ship` be deployed into `box`? Slow ships only in "Day and Night" (VI.B). */
export function boxAllowed(shipId: string, box: BoxId): boolean {
  return !SHIP_BY_ID.get(shipId)?.slow || box === 'daynight';
}

/** The sea areas an air unit at `base` may recon: B-17s and Bettys any, others their base's own area. */
export function reconAreas(unitId: string, base: BaseId): readonly SeaAreaId[] {
  const t = airUnit(unitId).type;
  if (t === 'B-17' || t === 'Betty') return SEA_AREAS;
  const area = BASES[base].seaArea;
  return area ? [area] : [];
}

const atBase = (u: UnitState): BaseId | null => (u.place.at === 'base' ? u.place.base : null);

/** The sea area of the carrier an air unit is aboard, when that carrier is at sea in a task force (null otherwise). */
export function carrierAreaOf(s: SsjState, u: UnitState): SeaAreaId | null {
  if (u.place.at !== 'aboard') return null;
  const c = s.units.of(u.place.ship);
  return isCarrier(c.id) && c.place.at === 'group' ? (s.groups[c.place.group]?.area ?? null) : null;
}

/**
 * The steps of a prompt are shared, frozen objects, made once and handed out again to every
 * prompt that offers them (a deployment changes one piece a step, so consecutive prompts offer
 * nearly the same steps): the deployment prompts were the engine's largest source of garbage
 * (a quarter of what a campaign allocated). The loading, recon and recall steps depend on unit
 * and base ids alone, so matches share them.
 */
const frozen = <T extends DeploymentAction>(a: T): T => Object.freeze(a);
/** The inner map of `m` under `a` (made empty the first time): memoised by two keys without building a key string. */
function under<V>(m: Map<string, Map<string, V>>, a: string): Map<string, V> {
  let inner = m.get(a);
  if (!inner) m.set(a, (inner = new Map()));
  return inner;
}
const LOADS = new Map<string, Map<string, DeploymentAction>>();
const RECONS = new Map<string, Map<string, readonly DeploymentAction[]>>();
/** An air unit's recon step over its carrier's sea area, by unit and area (VI.E: a carrier's air recons the area the carrier is in). */
const CARRIER_RECONS = new Map<string, Map<string, readonly DeploymentAction[]>>();
const RECALLS = new Map<string, DeploymentAction>();
const DONE: DeploymentAction = frozen({ type: 'done' });

/** The step that sails `ship` into a new group in a cell (`area/box`): ids alone, so shared by every match. */
const NEW_GROUP = new Map<string, Map<string, DeploymentAction>>();
function newGroupStep(ship: string, area: SeaAreaId, box: BoxId, cell: string): DeploymentAction {
  const byCell = under(NEW_GROUP, ship);
  let step = byCell.get(cell);
  if (!step) byCell.set(cell, (step = frozen({ type: 'deploy', ship, area, box, group: 'new' })));
  return step;
}

/** The step that moves `ship` to the friendly naval base `base` (ids alone, so shared by every match). */
const REBASES = new Map<string, Map<string, DeploymentAction>>();
function rebaseStep(ship: string, base: BaseId): DeploymentAction {
  const byBase = under(REBASES, ship);
  let step = byBase.get(base);
  if (!step) byBase.set(base, (step = frozen({ type: 'rebase', ship, base })));
  return step;
}

type CellOf = { area: SeaAreaId; box: BoxId; cell: string };
/** The cells (`area/box`) a ship may sail into from `base`, as `cellSteps` names them: made once per side, base and kind of ship (fast, or slow: "Day and Night" only). */
const CELLS_FROM: Record<Side, Map<BaseId, { fast?: readonly CellOf[]; slow?: readonly CellOf[] }>> = { allied: new Map(), japanese: new Map() };
function cellsFrom(side: Side, base: BaseId, ship: string): readonly CellOf[] {
  const speed = boxAllowed(ship, 'day') ? 'fast' : 'slow';
  let byBase = CELLS_FROM[side].get(base);
  if (!byBase) CELLS_FROM[side].set(base, (byBase = {}));
  let cells = byBase[speed];
  if (!cells) {
    const made: CellOf[] = [];
    for (const area of sortieAreas(side, base)) for (const box of BOXES) if (boxAllowed(ship, box)) made.push({ area, box, cell: `${area}/${box}` });
    cells = byBase[speed] = made;
  }
  return cells;
}

/**
 * A ship's steps when its side has no group at sea (as at the start of every deployment): a new
 * group in each cell it may sail into, then its moves to other bases. They depend on ids, the base
 * and whether Rabaul still stands, so every match shares them, and the first prompt of a
 * deployment finds each ship's steps with one look-up.
 */
const BARE = new Map<string, Map<string, readonly DeploymentAction[]>>();
function bareSteps(s: SsjState, side: Side, ship: string, base: BaseId): readonly DeploymentAction[] {
  // By ship, then base (and Rabaul's fate): ids the data holds, whose hashes are kept, where a key made of them each time was hashed anew.
  const byBase = under(BARE, ship);
  const key = s.volcano.erupted ? `${base}|erupted` : base;
  let steps = byBase.get(key);
  if (!steps) {
    const made: DeploymentAction[] = [];
    for (const c of cellsFrom(side, base, ship)) made.push(newGroupStep(ship, c.area, c.box, c.cell));
    for (const to of rebaseTargets(side, base)) if (baseUsable(s, to)) made.push(rebaseStep(ship, to));
    byBase.set(key, (steps = made));
  }
  return steps;
}

const NO_GROUPS: readonly string[] = [];

/** Whether two lists of ids are the same, id for id (a plain loop: `every` with a closure cost a quarter of a ship's steps). */
function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The keys of `shipSteps` by base, kept per record of groups (shared by later states until a step
 * changes a group, groups.ts) and side: a step that changes no group (a load, a recon) finds the
 * very key strings of the prompt before, so each ship's steps are found by a pointer compare
 * rather than one of two long strings. The record is sealed, so a later change copies it.
 */
const SHIP_KEYS = new WeakMap<SsjState['groups'], { erupted: boolean } & Record<Side, Map<BaseId, string>>>();
function shipKeys(s: SsjState, side: Side): Map<BaseId, string> {
  sealGroups(s);
  let keys = SHIP_KEYS.get(s.groups);
  // The keys say whether Rabaul stands too (a ship may rebase there only while it does).
  if (!keys || keys.erupted !== s.volcano.erupted) SHIP_KEYS.set(s.groups, (keys = { erupted: s.volcano.erupted, allied: new Map(), japanese: new Map() }));
  return keys[side];
}

/**
 * A ground unit's load steps onto `rooms` (the ships with room at its base, in order): the last
 * ones made for it, while those ships are the same (ids alone, so matches share them).
 */
const LOAD_RUNS = new Map<string, { rooms: readonly string[]; steps: readonly DeploymentAction[] }>();
function loadSteps(unit: string, rooms: readonly string[]): readonly DeploymentAction[] {
  const was = LOAD_RUNS.get(unit);
  if (was && sameIds(was.rooms, rooms)) return was.steps;
  const loads = under(LOADS, unit);
  const steps = rooms.map((ship) => {
    let load = loads.get(ship);
    if (!load) loads.set(ship, (load = frozen({ type: 'load', unit, ship })));
    return load;
  });
  LOAD_RUNS.set(unit, { rooms, steps });
  return steps;
}

/**
 * The side's groups in each cell (`area/box`) as one array per cell and content, kept per match (by
 * its line of unit tables, `line` in unit-table.ts, as view-parts.ts keeps its parts) and side: a
 * prompt's list of a cell's groups is replaced by the kept one when they are the same ids, so that
 * whether a cell's groups changed since a ship's steps were made is one pointer compare.
 */
const CELL_GROUPS = new WeakMap<object, Record<Side, Map<string, readonly string[]>>>();
function sameGroupsAsKept(s: SsjState, side: Side, groupsIn: Map<string, readonly string[]>): void {
  let kept = CELL_GROUPS.get(s.units.line);
  if (!kept) CELL_GROUPS.set(s.units.line, (kept = { allied: new Map(), japanese: new Map() }));
  const cells = kept[side];
  for (const [cell, ids] of groupsIn) {
    const was = cells.get(cell);
    if (was && sameIds(was, ids)) groupsIn.set(cell, was);
    else cells.set(cell, ids);
  }
}

/**
 * A ship's deploy and rebase steps, kept per match (as `CELL_GROUPS`) and ship id with the base and
 * `key` (what else they depend on) they were made for: a deployment changes one piece a step, so the
 * next prompt reuses the steps of every other ship. Where the key changed (a group sailed or left),
 * the ship's steps are made again cell by cell (`cellsFrom`): a cell whose groups are the very array
 * its steps were made for keeps its run of steps, copied from the ship's last steps, and a changed
 * cell keeps the step object of each group still there. Kept by unit object, and remade cell by cell
 * through a look-up per ship and cell, these were the slowest prompts of a campaign: the first group
 * of a deployment remade every ship's steps at the bases it can be reached from, a few hundred
 * look-ups in memory not read for a while.
 */
type ShipRun = {
  base: BaseId;
  key: string;
  steps: readonly DeploymentAction[];
  /** Each cell's groups (`cellsFrom` order) as its steps were made for them. */
  groups: readonly (readonly string[])[];
  /** Where each cell's run of steps ends in `steps` (the rebase steps follow the last). */
  ends: readonly number[];
};
const SHIP_STEPS = new WeakMap<object, Map<string, ShipRun>>();
function shipSteps(s: SsjState, side: Side, sh: UnitState, base: BaseId, groupsIn: Map<string, readonly string[]>, key: string): readonly DeploymentAction[] {
  let kept = SHIP_STEPS.get(s.units.line);
  if (!kept) SHIP_STEPS.set(s.units.line, (kept = new Map()));
  const was = kept.get(sh.id);
  if (was && was.key === key && was.base === base) return was.steps;
  const old = was && was.base === base ? was : undefined;
  const cells = cellsFrom(side, base, sh.id);
  const steps: DeploymentAction[] = [];
  const groups: (readonly string[])[] = [];
  const ends: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    const now = groupsIn.get(c.cell) ?? NO_GROUPS;
    const start = i === 0 ? 0 : old ? old.ends[i - 1]! : 0;
    if (old && old.groups[i] === now) {
      for (let j = start; j < old.ends[i]!; j++) steps.push(old.steps[j]!);
    } else {
      const before = old?.groups[i];
      for (const group of now) {
        const at = before ? before.indexOf(group) : -1;
        steps.push(at >= 0 ? old!.steps[start + at]! : frozen({ type: 'deploy', ship: sh.id, area: c.area, box: c.box, group }));
      }
      steps.push(newGroupStep(sh.id, c.area, c.box, c.cell));
    }
    groups.push(now);
    ends.push(steps.length);
  }
  for (const to of rebaseTargets(side, base)) if (baseUsable(s, to)) steps.push(rebaseStep(sh.id, to));
  const run: ShipRun = { base, key, steps, groups, ends };
  kept.set(sh.id, run);
  return steps;
}

/** Forgets the steps kept for all matches (loads, recons, recalls): for the tests that compare the kept steps with steps made from scratch. */
export function forgetKeptSteps(): void {
  for (const m of [LOADS, LOAD_RUNS, RECONS, CARRIER_RECONS, RECALLS, NEW_GROUP, REBASES, BARE, AIR_SUPPLIES, CELLS_FROM.allied, CELLS_FROM.japanese] as Map<string, unknown>[])
    m.clear();
}

/**
 * Every deployment step `side` may take now, ending with `done`. `held`: units that may not move now (V, the first
 * turn at Truk): none of their steps (a ship's deploys and rebases, a unit's loads and recons) is offered.
 */
export function deploymentChoices(s: SsjState, side: Side, held?: ReadonlySet<string>): DeploymentAction[] {
  // The steps in runs (most of them arrays made before), joined once at the end: an array grown by
  // a push at a time is copied each time it outgrows itself, and a prompt holds hundreds of steps.
  const runs: (readonly DeploymentAction[])[] = [];
  const single: DeploymentAction[] = [];
  const rabaulFull = s.rabaulSorties >= RABAUL_SORTIE_LIMIT;
  // The side's groups in each box of each sea area, by id.
  const made = new Map<string, string[]>();
  for (const id in s.groups) {
    const g = s.groups[id]!;
    if (g.side !== side) continue;
    const k = `${g.area}/${g.box}`;
    const ids = made.get(k);
    if (ids) ids.push(g.id);
    else made.set(k, [g.id]);
  }
  for (const ids of made.values()) ids.sort();
  const groupsIn: Map<string, readonly string[]> = made;
  sameGroupsAsKept(s, side, groupsIn);
  // What a ship's steps depend on besides the ship itself: the groups it may join from its base, and which bases stand.
  const keys = shipKeys(s, side);
  const keyOf = (base: BaseId) => {
    let k = keys.get(base);
    if (k === undefined) {
      k = `${s.volcano.erupted}|${sortieAreas(side, base)
        .map((area) => BOXES.map((box) => groupsIn.get(`${area}/${box}`)?.join(',') ?? '').join('/'))
        .join(';')}`;
      keys.set(base, k);
    }
    return k;
  };
  const ships = unitsOf(s, side, 'ship');
  for (const sh of ships) {
    const base = atBase(sh);
    if (!base || sh.from !== null || !baseUsable(s, base)) continue;
    if (side === 'japanese' && base === 'rabaul' && rabaulFull) continue;
    if (held?.has(sh.id)) continue;
    runs.push(groupsIn.size === 0 ? bareSteps(s, side, sh.id, base) : shipSteps(s, side, sh, base, groupsIn, keyOf(base)));
  }
  // Ships at each base with room for troops (counted once, not per ground unit).
  const cargo = cargoCounts(s, 'ground');
  const roomAt = new Map<BaseId, string[]>();
  for (const sh of ships) {
    const base = atBase(sh);
    if (!base || sh.from !== null || sh.damage || (cargo.get(sh.id) ?? 0) >= troopCapacity(sh.id)) continue;
    const room = roomAt.get(base);
    if (room) room.push(sh.id);
    else roomAt.set(base, [sh.id]);
  }
  for (const slot of slotsOf(side, 'ground')) {
    const g = s.units.at(slot);
    const base = atBase(g);
    if (!base || g.from !== null) continue;
    const rooms = roomAt.get(base);
    if (rooms && !held?.has(g.id)) runs.push(loadSteps(g.id, rooms));
  }
  // VI.A "the Japanese already have most of their Navy to use in AugII" (their carriers enter empty, their air groups on the
  // calendar): naval air at a base may fly aboard a carrier there with room before it sails, as troops embark (VI.F.1.b
  // "Only NAV and IJN air units may operate from carriers").
  const airCargo = cargoCounts(s, 'air');
  const hangarAt = new Map<BaseId, string[]>();
  for (const sh of ships) {
    const base = atBase(sh);
    if (!base || sh.from !== null || sh.damage || !isCarrier(sh.id) || (airCargo.get(sh.id) ?? 0) >= (sh.capacity ?? 0)) continue;
    const room = hangarAt.get(base);
    if (room) room.push(sh.id);
    else hangarAt.set(base, [sh.id]);
  }
  for (const slot of slotsOf(side, 'air')) {
    const a = s.units.at(slot);
    if (held?.has(a.id)) continue;
    const area = a.recon === undefined ? carrierAreaOf(s, a) : null;
    if (area) {
      // VI.E "reconning ... naval air units": air aboard a carrier at sea may be sent to recon the carrier's sea area.
      const recons = under(CARRIER_RECONS, a.id);
      let steps = recons.get(area);
      if (!steps) recons.set(area, (steps = [frozen({ type: 'recon', unit: a.id, area })]));
      runs.push(steps);
      continue;
    }
    const base = atBase(a);
    if (!base || a.from !== null) continue;
    const hangars = hangarAt.get(base);
    if (hangars && CARRIER_AIR_TYPES.includes(airUnit(a.id).type)) runs.push(loadSteps(a.id, hangars));
    const recons = under(RECONS, a.id);
    let steps = recons.get(base);
    if (!steps) recons.set(base, (steps = reconAreas(a.id, base).map((area) => frozen({ type: 'recon', unit: a.id, area }))));
    runs.push(steps);
  }
  if (side === 'allied') single.push(...airSupplySteps(s));
  for (const slot of slotsOf(side)) {
    const u = s.units.at(slot);
    if ((u.from === null && u.recon === undefined) || u.kind === 'pt') continue;
    let recall = RECALLS.get(u.id);
    if (!recall) RECALLS.set(u.id, (recall = frozen({ type: 'recall', unit: u.id })));
    single.push(recall);
  }
  single.push(DONE);
  runs.push(single);
  return joined(runs);
}

/** The runs one after the other, in one array of their total length (a spread into `concat` took a fifth of a deployment prompt's own time). */
function joined<T>(runs: readonly (readonly T[])[]): T[] {
  let n = 0;
  for (const run of runs) n += run.length;
  const out = new Array<T>(n);
  let k = 0;
  for (const run of runs) for (let i = 0; i < run.length; i++) out[k++] = run[i]!;
  return out;
}

/**
 * VI.G AERIAL SUPPLY: "For every B-17 the Allied player designates for supply transport, 3 ground units may be kept in
 * supply during that turn. However, to fulfil its mission, the B-17 may not be eliminated (after landing) during that turn."
 * RULING: the B-17 is designated at the Allied deployment, before any strike: one that has not moved, at the base a route
 * starts from (AIR_SUPPLY_ROUTES), to the base at its end where Allied ground units are. It flies there at once and lands
 * (its piece is on that airfield from then on), flies no strike or recon that turn (air/legality.ts), and supplies at VI.G
 * only if it has not been eliminated there meanwhile (phases/supply.ts).
 */
function airSupplySteps(s: SsjState): DeploymentAction[] {
  const out: DeploymentAction[] = [];
  const needy = new Set<BaseId>();
  for (const g of unitsOf(s, 'allied', 'ground')) if (g.place.at === 'base') needy.add(g.place.base);
  for (const b17 of unitsOf(s, 'allied', 'air')) {
    if (airUnit(b17.id).type !== 'B-17' || b17.from !== null || b17.place.at !== 'base') continue;
    for (const [dest, src] of SUPPLY_ROUTES) {
      if (b17.place.base !== src || !needy.has(dest)) continue;
      // Shared and frozen, as the other steps (ids alone).
      const steps = under(AIR_SUPPLIES, b17.id);
      let step = steps.get(dest);
      if (!step) steps.set(dest, (step = frozen({ type: 'air-supply', unit: b17.id, base: dest })));
      out.push(step);
    }
  }
  return out;
}
/** AIR_SUPPLY_ROUTES as [destination, source] pairs, in its order (made once, not once a B-17 and prompt). */
const SUPPLY_ROUTES = Object.entries(AIR_SUPPLY_ROUTES) as [BaseId, BaseId][];
const AIR_SUPPLIES = new Map<string, Map<string, DeploymentAction>>();

/** Applies one deployment step of `side`: the actor's own log entries, except for `done`. */
export function applyDeployment(s: SsjState, side: Side, a: DeploymentAction, ctx: ApplyContext): { log: LogEntry[]; private: boolean } {
  const mine = (text: string, units: string[]): LogEntry => ({ to: [side], text, data: { units } });
  switch (a.type) {
    case 'deploy': {
      const sh = own(s, a.ship);
      const base = atBase(sh)!;
      const group = a.group === 'new' ? addGroup(s, { id: `g-${ctx.tags.tag(6)}`, side, area: a.area, box: a.box, ships: [] }) : ownGroup(s, a.group);
      group.ships.push(sh.id);
      group.ships.sort((x, y) => (s.tags.of(x)! < s.tags.of(y)! ? -1 : 1));
      sh.from = base;
      sh.place = { at: 'group', group: group.id };
      if (base === 'rabaul') s.rabaulSorties++;
      return { private: true, log: [mine(`${unitName(sh.id)} sails from ${baseName(base)} into the ${a.area} ${BOX_NAMES[a.box]} box.`, [sh.id])] };
    }
    case 'rebase': {
      const sh = own(s, a.ship);
      const base = atBase(sh)!;
      sh.from = base;
      sh.place = { at: 'base', base: a.base };
      for (const c of aboard(s, sh.id, 'ground')) own(s, c.id).from = c.from ?? base;
      if (base === 'rabaul') s.rabaulSorties++;
      return { private: true, log: [mine(`${unitName(sh.id)} moves from ${baseName(base)} to ${baseName(a.base)}.`, [sh.id])] };
    }
    case 'load': {
      const g = own(s, a.unit);
      g.from = atBase(g);
      g.place = { at: 'aboard', ship: a.ship };
      if (g.kind === 'air') return { private: true, log: [mine(`${unitName(g.id)} flies aboard ${unitName(a.ship)}.`, [g.id, a.ship])] };
      return { private: true, log: [mine(`${unitName(g.id)} embarks on ${unitName(a.ship)}.`, [g.id, a.ship])] };
    }
    case 'recon': {
      const u = own(s, a.unit);
      if (u.place.at === 'aboard') {
        u.recon = a.area;
        return {
          private: true,
          log: [mine(`${unitName(u.id)} flies recon over the ${a.area} from ${unitName(u.place.ship)}; it will not strike this turn.`, [u.id, u.place.ship])],
        };
      }
      const base = atBase(u)!;
      u.from = base;
      u.place = { at: 'recon', area: a.area, base };
      return { private: true, log: [mine(`${unitName(u.id)} flies recon over the ${a.area}.`, [u.id])] };
    }
    case 'air-supply': {
      const u = own(s, a.unit);
      const base = atBase(u)!;
      u.from = base;
      u.place = { at: 'base', base: a.base };
      change(s, 'airSupply')[u.id] = a.base;
      return {
        private: true,
        log: [mine(`${unitName(u.id)} flies supply from ${baseName(base)} to ${baseName(a.base)} and lands there (VI.G: up to ${B17_SUPPLY_UNITS} ground units).`, [u.id])],
      };
    }
    case 'recall': {
      const u = own(s, a.unit);
      if (s.airSupply[u.id] !== undefined) {
        const airSupply = change(s, 'airSupply');
        delete airSupply[u.id];
      }
      if (u.recon !== undefined && u.place.at === 'aboard') {
        delete u.recon;
        return { private: true, log: [mine(`${unitName(u.id)} stays aboard ${unitName(u.place.ship)}, off recon.`, [u.id, u.place.ship])] };
      }
      const base = u.from!;
      // A carrier back in harbour takes its air off recon with it.
      for (const x of aboard(s, u.id, 'air')) if (x.recon !== undefined) delete own(s, x.id).recon;
      if (u.place.at === 'group') {
        const g = s.groups[u.place.group]!;
        const ships = g.ships.filter((x) => x !== u.id);
        if (ships.length === 0) removeGroup(s, g.id);
        else ownGroup(s, g.id).ships = ships;
      }
      if (u.kind === 'ship' && base === 'rabaul') s.rabaulSorties--;
      u.place = { at: 'base', base };
      u.from = null;
      return { private: true, log: [mine(`${unitName(u.id)} stays at ${baseName(base)}.`, [u.id])] };
    }
    case 'done':
      return { private: false, log: [{ to: 'public', text: `The ${side === 'japanese' ? 'Japanese' : 'Allied'} player has completed his deployment.` }] };
    default:
      throw new RuleError('Not a deployment step.');
  }
}
