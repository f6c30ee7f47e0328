/**
 * VI.F.1 withdrawal: after the morning's air battle (VI.F.1.b: "both sides have had the
 * chance to withdraw", the Japanese deciding first) each player may send home any of his
 * undamaged or D ships at sea, one by one, without the rest of their task force; slow and
 * HD ships may not be withdrawn voluntarily. VI.F.1.f: after the daylight battles, the side
 * left holding the day in a sea area may move non-slow, non-HD ships from its Day and Night
 * task forces to the Day Only box (a new task force for each one they leave), to avoid a
 * night battle; again the Japanese first.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { SEA_AREA_NAMES } from './data';
import type { Side } from './data/types';
import type { SsjAction } from './actions';
import { leaveGroup } from './damage';
import { returnChoices } from './routes';
import { baseName } from './setup';
import { controls } from './supply';
import { SIDE_NAME, type SsjState } from './state';
import { SHIP_BY_ID, aboard, unitName, unitsOf } from './units';

type WithdrawAction = Extract<SsjAction, { type: 'withdraw-ship' | 'day-only' | 'done' }>;

const movable = (s: SsjState, id: string) => !SHIP_BY_ID.get(id)!.slow && s.units[id]!.damage !== 'HD';

export function withdrawChoices(s: SsjState, side: Side): WithdrawAction[] {
  const out: WithdrawAction[] = [];
  for (const u of unitsOf(s, side, 'ship')) {
    if (u.place.at !== 'group' || !movable(s, u.id)) continue;
    const g = s.groups[u.place.group]!;
    if (s.phase === 'withdrawal') {
      for (const to of returnChoices(s, side, g.area)) out.push({ type: 'withdraw-ship', ship: u.id, to });
    } else if (g.box === 'daynight' && controls(s, side, g.area, 'day')) out.push({ type: 'day-only', ship: u.id });
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyWithdraw(s: SsjState, side: Side, a: Exclude<WithdrawAction, { type: 'done' }>, ctx: ApplyContext): LogEntry[] {
  const u = s.units[a.ship]!;
  const g = s.groups[(u.place as { group: string }).group]!;
  if (a.type === 'withdraw-ship') {
    leaveGroup(s, u);
    const base = a.to === 'returning-to-truk' ? 'truk' : a.to;
    for (const c of aboard(s, a.ship, 'ground')) c.place = { at: 'base', base };
    if (a.to === 'returning-to-truk') {
      u.place = { at: 'returning-to-truk' };
      u.readyTurn = s.turn + 2;
    } else u.place = { at: 'base', base: a.to };
    return [
      { to: [side], text: `${unitName(a.ship)} withdraws to ${a.to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(a.to)}.`, data: { units: [a.ship] } },
      { to: 'public', text: `A ${SIDE_NAME[side]} piece withdraws from the ${SEA_AREA_NAMES[g.area]}.` },
    ];
  }
  // RULING (VI.F.1.f): ships leaving one Day and Night task force for the Day Only box form one new task force there.
  const id = `${g.id}-day`;
  let dg = s.groups[id];
  if (!dg) {
    dg = { id, side, area: g.area, box: 'day', ships: [] };
    s.groups[id] = dg;
  }
  leaveGroup(s, u);
  dg.ships.push(a.ship);
  u.place = { at: 'group', group: id };
  void ctx;
  return [
    { to: [side], text: `${unitName(a.ship)} moves to the Day Only box.`, data: { units: [a.ship] } },
    { to: 'public', text: `A ${SIDE_NAME[side]} piece moves from the Day and Night box to the Day Only box of the ${SEA_AREA_NAMES[g.area]}.`, data: { group: id } },
  ];
}
