/**
 * VI.B (and the Allied half of VI.C): deploying ships face down behind the Fog Of War
 * screen. A deployment is a sequence of private steps (place a ship, move it to another
 * base, take it back) closed by `done`; only `done` is known to the other side.
 */
import { RuleError, type ApplyContext, type LogEntry } from '../../engine';
import { SHIP_BY_ID } from './units';
import { BASES } from './data';
import { BOXES, type BaseId, type BoxId, type SeaAreaId, type Side } from './data/types';
import { RABAUL_SORTIE_LIMIT, rebaseTargets, sortieAreas } from './routes';
import type { Group, ShipState, SsjState } from './state';
import type { DeploymentAction } from './actions';

export const BOX_NAMES: Record<BoxId, string> = { day: 'Day Only', daynight: 'Day and Night', night: 'Night Only' };

const shipsOf = (s: SsjState, side: Side) => Object.values(s.ships).filter((sh) => sh.side === side);

/** May `ship` be deployed into `box`? Slow ships only in "Day and Night" (VI.B). */
export function boxAllowed(shipId: string, box: BoxId): boolean {
  return !SHIP_BY_ID.get(shipId)?.slow || box === 'daynight';
}

function leavesRabaul(sh: ShipState): boolean {
  return sh.from === 'rabaul';
}

/** Every deployment step `side` may take now, ending with `done`. */
export function deploymentChoices(s: SsjState, side: Side): DeploymentAction[] {
  const out: DeploymentAction[] = [];
  const rabaulFull = s.rabaulSorties >= RABAUL_SORTIE_LIMIT;
  const groupsIn = (area: SeaAreaId, box: BoxId) =>
    Object.values(s.groups)
      .filter((g) => g.side === side && g.area === area && g.box === box)
      .map((g) => g.id)
      .sort();
  for (const sh of shipsOf(s, side).sort((a, b) => a.id.localeCompare(b.id))) {
    if (sh.place.at !== 'base' || sh.from !== null || sh.damage) continue;
    const base = sh.place.base;
    if (side === 'japanese' && base === 'rabaul' && rabaulFull) continue;
    for (const area of sortieAreas(side, base)) {
      for (const box of BOXES) {
        if (!boxAllowed(sh.id, box)) continue;
        for (const group of [...groupsIn(area, box), 'new']) out.push({ type: 'deploy', ship: sh.id, area, box, group });
      }
    }
    for (const to of rebaseTargets(side, base)) out.push({ type: 'rebase', ship: sh.id, base: to });
  }
  for (const sh of shipsOf(s, side).sort((a, b) => a.id.localeCompare(b.id))) {
    if (sh.from !== null) out.push({ type: 'recall', ship: sh.id });
  }
  out.push({ type: 'done' });
  return out;
}

function shipName(id: string): string {
  return SHIP_BY_ID.get(id)?.name ?? id;
}

/** Applies one deployment step of `side`. Returns the log entries (the actor's own, except for `done`). */
export function applyDeployment(s: SsjState, side: Side, a: DeploymentAction, ctx: ApplyContext): { log: LogEntry[]; private: boolean } {
  const mine = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: [side], text, ...(data ? { data } : {}) });
  switch (a.type) {
    case 'deploy': {
      const sh = s.ships[a.ship]!;
      const base = (sh.place as { base: BaseId }).base;
      let group: Group;
      if (a.group === 'new') {
        group = { id: `g-${ctx.tags.tag(6)}`, side, area: a.area, box: a.box, ships: [] };
        s.groups[group.id] = group;
      } else {
        group = s.groups[a.group]!;
      }
      group.ships.push(sh.id);
      group.ships.sort((x, y) => s.tags[x]!.localeCompare(s.tags[y]!));
      sh.from = base;
      sh.place = { at: 'group', group: group.id };
      if (leavesRabaul(sh)) s.rabaulSorties++;
      return {
        private: true,
        log: [mine(`${shipName(sh.id)} sails from ${BASES[base].name} into the ${a.area} ${BOX_NAMES[a.box]} box.`, { ships: [sh.id], group: group.id })],
      };
    }
    case 'rebase': {
      const sh = s.ships[a.ship]!;
      const base = (sh.place as { base: BaseId }).base;
      sh.from = base;
      sh.place = { at: 'base', base: a.base };
      if (leavesRabaul(sh)) s.rabaulSorties++;
      return { private: true, log: [mine(`${shipName(sh.id)} moves from ${BASES[base].name} to ${BASES[a.base].name}.`, { ships: [sh.id] })] };
    }
    case 'recall': {
      const sh = s.ships[a.ship]!;
      if (sh.place.at === 'group') {
        const g = s.groups[sh.place.group]!;
        g.ships = g.ships.filter((x) => x !== sh.id);
        if (g.ships.length === 0) delete s.groups[g.id];
      }
      if (leavesRabaul(sh)) s.rabaulSorties--;
      const base = sh.from!;
      sh.place = { at: 'base', base };
      sh.from = null;
      return { private: true, log: [mine(`${shipName(sh.id)} stays at ${BASES[base].name}.`, { ships: [sh.id] })] };
    }
    case 'done':
      return { private: false, log: [{ to: 'public', text: `The ${side === 'japanese' ? 'Japanese' : 'Allied'} player has completed his deployment.` }] };
    default:
      throw new RuleError('Not a deployment step.');
  }
}
