/**
 * VI.F.1.g: daylight landings — one troop unit from each undamaged ship carrying troops in
 * a Day Only or Day and Night box, on an island base of its sea area, if its owner chooses; the
 * Japanese first. Then the withdrawal step (VI.F.1), then the daytime bombardment.
 */
import type { LogEntry } from '../../../engine';
import { BASES, ISLAND_BASES } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { after, decision, handTo, inTurn } from '../flow';
import { SIDE_NAME, turnName, type At } from '../state';
import { aboard, baseName, troopShips, unitName, own } from '../units';
import { withdrawalAfter } from './withdrawal';

type Landing = Extract<SsjAction, { type: 'land' }>;

export function dayLandingChoices(s: At<'day-landings'>, side: Side): (Landing | Extract<SsjAction, { type: 'done' }>)[] {
  const done = new Set(s.dayLanded ?? []);
  const out: (Landing | Extract<SsjAction, { type: 'done' }>)[] = [];
  for (const sh of troopShips(s, side)) {
    const g = s.groups[(sh.place as { group: string }).group]!;
    if (sh.damage !== null || done.has(sh.id) || (g.box !== 'day' && g.box !== 'daynight')) continue;
    // VI.F.2.e: troops land "on an island" — the island bases of VI.F.2.g.2.a.
    for (const b of ISLAND_BASES) if (BASES[b].seaArea === g.area) out.push({ type: 'land', ship: sh.id, base: b });
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyDayLanding(s: At<'day-landings'>, side: Side, a: Landing): LogEntry[] {
  const troop = aboard(s, a.ship, 'ground').sort((x, y) => (x.id < y.id ? -1 : 1))[0]!;
  own(s, troop.id).place = { at: 'base', base: a.base };
  s.dayLanded = [...(s.dayLanded ?? []), a.ship];
  return [
    { to: [side], text: `By day, ${unitName(a.ship)} lands ${unitName(troop.id)} at ${baseName(a.base)}.`, data: { units: [a.ship, troop.id] } },
    { to: 'public', text: `Daylight landing (VI.F.1.g): the ${SIDE_NAME[side]} player lands 1 ground unit at ${baseName(a.base)}.` },
  ];
}

export const dayLandings = decision('day-landings', ['land', 'done'], {
  text: (s) =>
    `${turnName(s)} (VI.F.1.g): each of your undamaged troop-carrying ships in a Day Only or Day and Night box may land one unit now (the rest land at night), then close.`,
  choices: (s, side) => dayLandingChoices(s, side),
  arrive: (s) =>
    inTurn(
      s,
      (side) => dayLandingChoices(s, side).length > 0,
      () => ({ log: [], next: withdrawalAfter('day-landings') }),
    ),
  apply: (s, side, a) => ({
    log: a.type === 'done' ? [] : applyDayLanding(s, side, a),
    next: handTo(a.type === 'done' ? after(side) : side),
    reveals: true,
  }),
});
