/**
 * VI.F as far as this build goes: the combats of VI.F.1–F.2 are not resolved yet (the log
 * says so); the landings are: every ground unit still aboard a ship at sea lands on a base
 * of the ship's sea area that its owner chooses (VI.F.1.g, VI.F.2.e; the Japanese land
 * first), and control of the land follows (VI.F.2.g.2.a).
 */
import type { LogEntry } from '../../engine';
import { BASES } from './data';
import type { BaseId, Side } from './data/types';
import type { SsjAction } from './actions';
import { destroyUnit } from './damage';
import { baseName } from './setup';
import { SIDE_NAME, type SsjState } from './state';
import { aboard, cargoCounts, unitName, unitsOf } from './units';

type Landing = Extract<SsjAction, { type: 'land' }>;

/** Ships of `side` at sea with troops aboard. */
function carriersOfTroops(s: SsjState, side: Side) {
  const troops = cargoCounts(s, 'ground');
  return unitsOf(s, side, 'ship').filter((u) => u.place.at === 'group' && (troops.get(u.id) ?? 0) > 0);
}

export function landingChoices(s: SsjState, side: Side): Landing[] {
  const out: Landing[] = [];
  for (const sh of carriersOfTroops(s, side)) {
    const area = s.groups[(sh.place as { group: string }).group]!.area;
    for (const b of Object.values(BASES)) if (b.seaArea === area) out.push({ type: 'land', ship: sh.id, base: b.id });
  }
  return out;
}

export function hasLandings(s: SsjState, side: Side): boolean {
  return carriersOfTroops(s, side).length > 0;
}

/**
 * VI.F.1.g: daylight landings — one troop unit from each undamaged ship carrying troops in
 * a Day Only or Day and Night box, on a base of its sea area, if its owner chooses.
 */
export function dayLandingChoices(s: SsjState, side: Side): Landing[] {
  const done = new Set(s.dayLanded ?? []);
  const out: Landing[] = [];
  for (const sh of carriersOfTroops(s, side)) {
    const g = s.groups[(sh.place as { group: string }).group]!;
    if (sh.damage !== null || done.has(sh.id) || (g.box !== 'day' && g.box !== 'daynight')) continue;
    for (const b of Object.values(BASES)) if (b.seaArea === g.area) out.push({ type: 'land', ship: sh.id, base: b.id });
  }
  if (out.length) out.push({ type: 'done' } as never);
  return out;
}

export function applyDayLanding(s: SsjState, side: Side, a: Landing): LogEntry[] {
  const troop = aboard(s, a.ship, 'ground').sort((x, y) => (x.id < y.id ? -1 : 1))[0]!;
  troop.place = { at: 'base', base: a.base };
  s.dayLanded = [...(s.dayLanded ?? []), a.ship];
  return [
    { to: [side], text: `By day, ${unitName(a.ship)} lands ${unitName(troop.id)} at ${baseName(a.base)}.`, data: { units: [a.ship, troop.id] } },
    { to: 'public', text: `Daylight landing (VI.F.1.g): the ${SIDE_NAME[side]} player lands 1 ground unit at ${baseName(a.base)}.` },
  ];
}

export function applyLanding(s: SsjState, side: Side, a: Landing): LogEntry[] {
  const troops = aboard(s, a.ship, 'ground');
  for (const t of troops) t.place = { at: 'base', base: a.base };
  return [
    { to: [side], text: `${unitName(a.ship)} lands ${troops.map((t) => unitName(t.id)).join(', ')} at ${baseName(a.base)}.`, data: { units: [a.ship, ...troops.map((t) => t.id)] } },
    { to: 'public', text: `The ${SIDE_NAME[side]} player lands ${troops.length} ground unit${troops.length === 1 ? '' : 's'} at ${baseName(a.base)}.` },
  ];
}

/**
 * Control of the land: a base where only one side has ground units is that side's; enemy
 * air units based there are destroyed (VI.F.2.g.2.a). A contested or empty base keeps its holder.
 */
export function updateControl(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  const present = new Map<BaseId, Set<Side>>();
  for (const u of Object.values(s.units)) {
    if (u.kind === 'ground' && u.place.at === 'base') {
      const set = present.get(u.place.base) ?? new Set<Side>();
      set.add(u.side);
      present.set(u.place.base, set);
    }
  }
  for (const [base, sides] of present) {
    if (sides.size !== 1) continue;
    const side = [...sides][0]!;
    if (s.holder[base] === side) continue;
    s.holder[base] = side;
    log.push({ to: 'public', text: `${baseName(base)} is now held by the ${SIDE_NAME[side]} player.` });
    for (const u of Object.values(s.units)) {
      if (u.kind === 'air' && u.side !== side && u.place.at === 'base' && u.place.base === base) destroyUnit(s, u, `airfield taken at ${baseName(base)}`);
    }
  }
  return log;
}

export const NO_COMBAT_YET: LogEntry = {
  to: 'public',
  text: 'Combat (VI.F): air attacks, carrier strikes, surface battles, bombardment and ground combat are not resolved in this build yet.',
};
