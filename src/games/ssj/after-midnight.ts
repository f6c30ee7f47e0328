/**
 * VI.F.2.c "After Midnight": after the night battles, "Day Only" task forces that have not
 * fought (nor been damaged) may sail into an adjacent sea area's "Night Only" box to engage
 * enemy task forces still there (VI.B note: non-Slow ships only — slow ships are never in a
 * Day Only box). The Japanese decide first; the night battles are then fought again where
 * both sides meet.
 */
import type { LogEntry } from '../../engine';
import { ADJACENT, SEA_AREA_NAMES } from './data';
import type { Side } from './data/types';
import type { SsjAction } from './actions';
import { nightTaskForces } from './battle';
import { SIDE_NAME, other, type SsjState } from './state';
import { leaveGroup } from './damage';
import { returnChoices } from './routes';
import { aboard, unitName } from './units';

type MidnightAction = Extract<SsjAction, { type: 'after-midnight' | 'withdraw-ship' | 'done' }>;

export function midnightChoices(s: SsjState, side: Side): MidnightAction[] {
  const engaged = new Set(s.engaged ?? []);
  const out: MidnightAction[] = [];
  for (const g of Object.values(s.groups).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (g.side !== side || g.box !== 'day') continue;
    if (g.ships.some((id) => engaged.has(id) || s.units[id]!.damage !== null)) continue;
    for (const area of ADJACENT[g.area]) if (nightTaskForces(s, other(side), area).length) out.push({ type: 'after-midnight', group: g.id, area });
  }
  // VI.F.2 note: "any ship units of the initially victorious night forces may be withdrawn without loss penalty to
  // Slow or HD-ed ships, before After Midnight forces arrive" — any of the side's ships at sea at night may go home now.
  if (out.length || Object.values(s.groups).some((g) => g.side !== side && g.box === 'day')) {
    for (const g of Object.values(s.groups).sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (g.side !== side || (g.box !== 'night' && g.box !== 'daynight')) continue;
      if (!ADJACENT[g.area].some((a) => Object.values(s.groups).some((e) => e.side !== side && e.area === a && e.box === 'day'))) continue;
      for (const ship of g.ships) for (const to of returnChoices(s, side, g.area)) out.push({ type: 'withdraw-ship', ship, to });
    }
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyMidnight(s: SsjState, side: Side, a: Exclude<MidnightAction, { type: 'done' }>): LogEntry[] {
  if (a.type === 'withdraw-ship') {
    const u = s.units[a.ship]!;
    const area = s.groups[(u.place as { group: string }).group]!.area;
    leaveGroup(s, u);
    const base = a.to === 'returning-to-truk' ? 'truk' : a.to;
    for (const c of aboard(s, a.ship, 'ground')) c.place = { at: 'base', base };
    if (a.to === 'returning-to-truk') {
      u.place = { at: 'returning-to-truk' };
      u.readyTurn = s.turn + 2;
    } else u.place = { at: 'base', base: a.to };
    return [
      { to: [side], text: `${unitName(a.ship)} withdraws before After Midnight.`, data: { units: [a.ship] } },
      { to: 'public', text: `A ${SIDE_NAME[side]} piece withdraws from the ${SEA_AREA_NAMES[area]} before After Midnight.` },
    ];
  }
  const g = s.groups[a.group]!;
  const from = g.area;
  g.area = a.area;
  g.box = 'night';
  return [
    {
      to: 'public',
      text: `After Midnight (VI.F.2.c): a ${SIDE_NAME[side]} task force sails from the ${SEA_AREA_NAMES[from]} into the ${SEA_AREA_NAMES[a.area]}'s Night Only box.`,
      data: { group: g.id },
    },
  ];
}
