/**
 * Control: of a sea area at a time of day (VI.F.2.g.2.b: the side with surface ships left
 * there), and of the land (VI.F.2.g.2.a: a base where only one side has ground units).
 */
import type { LogEntry } from '../../engine';
import { ISLAND_BASES } from './data';
import type { BaseId, BoxId, SeaAreaId, Side } from './data/types';
import { destroyUnit } from './damage';
import { other, SIDE_NAME, type SsjState } from './state';
import { baseName, isSub } from './units';
import { change } from './shared';

const DAY: BoxId[] = ['day', 'daynight'];
const NIGHT: BoxId[] = ['daynight', 'night'];

function surfaceShipsIn(s: SsjState, side: Side, area: SeaAreaId, boxes: BoxId[]): boolean {
  return Object.values(s.groups).some((g) => g.side === side && g.area === area && boxes.includes(g.box) && g.ships.some((id) => !isSub(id)));
}

/**
 * Control of a sea area at a time of day (VI.F.2.g.2.b): the side with surface ships left
 * there. RULING: until combat is resolved, when both sides have ships at the same time of
 * day neither controls it.
 */
export function controls(s: SsjState, side: Side, area: SeaAreaId, time: 'day' | 'night'): boolean {
  const boxes = time === 'day' ? DAY : NIGHT;
  return surfaceShipsIn(s, side, area, boxes) && !surfaceShipsIn(s, other(side), area, boxes);
}

/**
 * Control of the land (VI.F.2.g.2.a): "If any friendly units are left, after all enemy ground
 * units are eliminated from an island (air) base - on Guadalcanal, Bougainville, New Guinea
 * North, or New Guinea South - then any enemy air units based there are also destroyed, too,
 * and the airfield changes to friendly control". Only those bases change hands; a contested
 * or empty one keeps its holder.
 */
export function updateControl(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  const present = new Map<BaseId, Set<Side>>();
  for (const u of s.units.values()) {
    if (u.kind === 'ground' && u.place.at === 'base') {
      const set = present.get(u.place.base) ?? new Set<Side>();
      set.add(u.side);
      present.set(u.place.base, set);
    }
  }
  for (const [base, sides] of present) {
    if (sides.size !== 1 || !ISLAND_BASES.includes(base)) continue;
    const side = [...sides][0]!;
    if (s.holder[base] === side) continue;
    change(s, 'holder')[base] = side;
    log.push({ to: 'public', text: `${baseName(base)} is now held by the ${SIDE_NAME[side]} player.` });
    for (const u of s.units.values()) {
      if (u.kind === 'air' && u.side !== side && u.place.at === 'base' && u.place.base === base) destroyUnit(s, u, `airfield taken at ${baseName(base)}`);
    }
  }
  return log;
}
