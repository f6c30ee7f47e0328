/**
 * VI.F.2 note, VII.A example: the rescue of slow and HD ships. A task force that withdraws leaves its slow and
 * heavily damaged ships behind, under the protection of another task force of its side still in the sea area at
 * that time of day ("Slow or HD-ed ships may be 'saved' by a rescuing task force"); they "must be scuttled if all
 * friendly task forces are ultimately withdrawn from this sea area's 'Day Only' and 'Day and Night' boxes".
 * RULING: the protection is checked whenever a protecting task force may have left — withdrawn from a battle or
 * after a phase (VI.F.1), sent home after a daylight bombardment, at midnight, sunk, or gone for repair after a
 * phase (VII.A) — not only when one withdraws from a battle. At nightfall the ships left by day are a task force
 * like any other (VI.F.2 "Any ships in ... 'Day and Night' ... are eligible to participate in night-time ship vs.
 * ship battle"); the end of the turn (VI.H) is no withdrawal: they go home with the rest.
 */
import type { LogEntry } from '../../../engine';
import { SEA_AREA_NAMES } from '../data';
import type { Side } from '../data/types';
import { destroyUnit } from '../damage';
import { ownGroup } from '../groups';
import { mayLeave } from '../home';
import { SIDE_NAME, type SsjState } from '../state';
import { aboard, unitName } from '../units';
import { BOXES_OF } from './legality';
import type { BattleMode } from './state';

/** A slow or HD ship abandoned: scuttled with what it carries. */
export function scuttle(s: SsjState, id: string): string[] {
  const u = s.units.of(id);
  for (const c of aboard(s, id)) destroyUnit(s, c, 'scuttled');
  destroyUnit(s, u, 'scuttled');
  return [id];
}

/** The ships left by withdrawn task forces at that time of day with no task force of their side left to protect them: scuttled. */
export function checkRescued(s: SsjState, mode: BattleMode): LogEntry[] {
  const log: LogEntry[] = [];
  const gone = new Map<string, string[]>();
  // The withdrawn groups in the boxes of that time of day (few; sorting all groups first was most of this check), by id.
  const withdrawn = Object.values(s.groups).filter((g) => g.withdrawn && BOXES_OF[mode].includes(g.box));
  for (const g of withdrawn.sort((x, y) => (x.id < y.id ? -1 : 1))) {
    // RULING (fog): any group of the side there that has not withdrawn protects them, whatever its face-down pieces are
    // (a group of submarines only too), so that a scuttling tells nothing of what a face-down group holds.
    if (Object.values(s.groups).some((p) => p.side === g.side && p.area === g.area && !p.withdrawn && BOXES_OF[mode].includes(p.box))) continue;
    const key = `${g.side}|${g.area}`;
    let ids = gone.get(key);
    if (!ids) gone.set(key, (ids = []));
    // A copy of the group's ships: a scuttling takes each out of it.
    for (const id of g.ships.slice()) ids.push(...scuttle(s, id));
  }
  for (const [key, ids] of gone) {
    const [side, area] = key.split('|') as [Side, keyof typeof SEA_AREA_NAMES];
    log.push({
      to: 'public',
      text: `No ${SIDE_NAME[side]} task force is left to protect the ${ids.length} slow or heavily damaged piece${ids.length === 1 ? '' : 's'} left behind in ${SEA_AREA_NAMES[area].startsWith('The ') ? '' : 'the '}${SEA_AREA_NAMES[area]}: scuttled (VII.A).`,
    });
    log.push({ to: [side], text: `Scuttled: ${ids.map(unitName).join(', ')}.`, data: { units: ids } });
  }
  return log;
}

/**
 * VI.F.1.b "any Slow or 2D-or-more damaged ships must be abandoned/scuttled by a withdrawing player", VII.A example: when
 * ships sent home one by one (after a phase, VI.F.1, or after a daylight bombardment, VI.F.1.h) leave in group `id` only
 * ships that may not be withdrawn (slow or HD), the task force has withdrawn as from a battle: those ships stay, marked
 * withdrawn, under the protection of the other task forces of their side there by day — with none, they are scuttled
 * (`checkRescued`, which the caller runs). RULING (fog): said in the open, as a battle's withdrawal is.
 */
export function leftBehind(s: SsjState, id: string): LogEntry[] {
  const g = s.groups[id];
  if (!g || g.withdrawn || g.ships.length === 0 || g.ships.some((ship) => mayLeave(s, ship))) return [];
  ownGroup(s, id).withdrawn = true;
  const n = g.ships.length;
  return [
    {
      to: 'public',
      text: `The ${SIDE_NAME[g.side]} task force withdraws from ${SEA_AREA_NAMES[g.area]}, leaving behind ${n} slow or heavily damaged piece${n === 1 ? '' : 's'} that may not be withdrawn (VI.F.1.b).`,
    },
  ];
}

/** Ships left under protection become a task force like any other at nightfall (VI.F.2): the withdrawals of the day are over. */
export function nightfall(s: SsjState): void {
  for (const k of Object.keys(s.groups)) if (s.groups[k]!.withdrawn) delete ownGroup(s, k).withdrawn;
}
