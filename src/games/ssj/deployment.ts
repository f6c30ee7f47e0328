/**
 * VI.B (and the Allied half of VI.C): deploying behind the Fog Of War screen. A
 * deployment is a sequence of private steps — sail a ship (or submarine) face down into
 * a box of a sea area, in a new or an existing group; move it to another friendly naval
 * base; load a ground unit; send an air unit to recon a sea area; take any of these back —
 * closed by `done`, the only step the other side learns of. Both deployment phases
 * (phases/japanese-deployment.ts, phases/allied-deployment.ts) take these steps.
 */
import { RuleError, type ApplyContext, type LogEntry } from '../../engine';
import { BOXES, type BaseId, type BoxId, type SeaAreaId, type Side } from './data/types';
import { BASES, SEA_AREAS } from './data';
import type { DeploymentAction } from './actions';
import { RABAUL_SORTIE_LIMIT, baseUsable, rebaseTargets, sortieAreas } from './routes';
import type { Group, SsjState, UnitState } from './state';
import { aboard, airUnit, baseName, cargoCounts, SHIP_BY_ID, own, troopCapacity, unitName, unitsOf } from './units';

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

/**
 * A ship's deploy and rebase steps, made once per unit object (replaced when the unit changes,
 * `own` in units.ts) and `key` (what else they depend on): a deployment changes one piece a step,
 * so the next prompt reuses the steps of every other ship — and shares their objects, frozen.
 */
const SHIP_STEPS = new WeakMap<UnitState, { key: string; steps: readonly DeploymentAction[] }>();
function shipSteps(s: SsjState, side: Side, sh: UnitState, base: BaseId, groupsIn: Map<string, string[]>, key: string): readonly DeploymentAction[] {
  const was = SHIP_STEPS.get(sh);
  if (was && was.key === key) return was.steps;
  const steps: DeploymentAction[] = [];
  for (const area of sortieAreas(side, base)) {
    for (const box of BOXES) {
      if (!boxAllowed(sh.id, box)) continue;
      for (const group of [...(groupsIn.get(`${area}/${box}`) ?? []), 'new']) steps.push(Object.freeze({ type: 'deploy', ship: sh.id, area, box, group }));
    }
  }
  for (const to of rebaseTargets(side, base)) if (baseUsable(s, to)) steps.push(Object.freeze({ type: 'rebase', ship: sh.id, base: to }));
  // Frozen, as the steps are kept by it: a later change to the ship copies it (`own`), and the steps are made anew.
  if (!Object.isFrozen(sh)) Object.freeze(sh);
  SHIP_STEPS.set(sh, { key, steps });
  return steps;
}

/** Every deployment step `side` may take now, ending with `done`. */
export function deploymentChoices(s: SsjState, side: Side): DeploymentAction[] {
  const out: DeploymentAction[] = [];
  const rabaulFull = s.rabaulSorties >= RABAUL_SORTIE_LIMIT;
  const groupsIn = new Map<string, string[]>();
  for (const g of Object.values(s.groups)) {
    if (g.side !== side) continue;
    const k = `${g.area}/${g.box}`;
    groupsIn.set(k, [...(groupsIn.get(k) ?? []), g.id].sort());
  }
  // What a ship's steps depend on besides the ship itself: the groups it may join from its base, and which bases stand.
  const keys = new Map<BaseId, string>();
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
    out.push(...shipSteps(s, side, sh, base, groupsIn, keyOf(base)));
  }
  // Ships at each base with room for troops (counted once, not per ground unit).
  const cargo = cargoCounts(s, 'ground');
  const roomAt = new Map<BaseId, string[]>();
  for (const sh of ships) {
    const base = atBase(sh);
    if (!base || sh.from !== null || sh.damage || (cargo.get(sh.id) ?? 0) >= troopCapacity(sh.id)) continue;
    roomAt.set(base, [...(roomAt.get(base) ?? []), sh.id]);
  }
  for (const g of unitsOf(s, side, 'ground')) {
    const base = atBase(g);
    if (!base || g.from !== null) continue;
    for (const ship of roomAt.get(base) ?? []) out.push({ type: 'load', unit: g.id, ship });
  }
  for (const a of unitsOf(s, side, 'air')) {
    const base = atBase(a);
    if (!base || a.from !== null) continue;
    for (const area of reconAreas(a.id, base)) out.push({ type: 'recon', unit: a.id, area });
  }
  for (const u of unitsOf(s, side)) if (u.from !== null && u.kind !== 'pt') out.push({ type: 'recall', unit: u.id });
  out.push({ type: 'done' });
  return out;
}

/** Applies one deployment step of `side`: the actor's own log entries, except for `done`. */
export function applyDeployment(s: SsjState, side: Side, a: DeploymentAction, ctx: ApplyContext): { log: LogEntry[]; private: boolean } {
  const mine = (text: string, units: string[]): LogEntry => ({ to: [side], text, data: { units } });
  switch (a.type) {
    case 'deploy': {
      const sh = own(s, a.ship);
      const base = atBase(sh)!;
      let group: Group;
      if (a.group === 'new') {
        group = { id: `g-${ctx.tags.tag(6)}`, side, area: a.area, box: a.box, ships: [] };
        s.groups[group.id] = group;
      } else {
        group = s.groups[a.group]!;
      }
      group.ships.push(sh.id);
      group.ships.sort((x, y) => (s.tags[x]! < s.tags[y]! ? -1 : 1));
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
      return { private: true, log: [mine(`${unitName(g.id)} embarks on ${unitName(a.ship)}.`, [g.id, a.ship])] };
    }
    case 'recon': {
      const u = own(s, a.unit);
      const base = atBase(u)!;
      u.from = base;
      u.place = { at: 'recon', area: a.area, base };
      return { private: true, log: [mine(`${unitName(u.id)} flies recon over the ${a.area}.`, [u.id])] };
    }
    case 'recall': {
      const u = own(s, a.unit);
      const base = u.from!;
      if (u.place.at === 'group') {
        const g = s.groups[u.place.group]!;
        g.ships = g.ships.filter((x) => x !== u.id);
        if (g.ships.length === 0) delete s.groups[g.id];
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
