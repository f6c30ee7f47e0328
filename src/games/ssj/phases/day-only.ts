/**
 * VI.F.1.f ("... Victory Resolution and Withdrawal"): after the mandatory daylight battles,
 * the side left holding the day in a sea area may move non-slow, non-HD ships from its Day
 * and Night task forces to the Day Only box (a new task force for each one they leave), to
 * avoid a night battle; and, as after any phase of the day (VI.F.1), each side may withdraw
 * non-slow, non-HD ships at sea by day to base. The Japanese first. A side is asked whenever
 * it has a group at sea by day (RULING, fog: phases/withdrawal.ts). Then the daylight landings.
 */
import type { LogEntry } from '../../../engine';
import { theSeaArea } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { controls } from '../control';
import { leaveGroup } from '../damage';
import { after, decision, handTo, inTurn } from '../flow';
import { addGroup, ownGroup } from '../groups';
import { applyWithdraw, atSeaByDay, withdrawChoices } from './withdrawal';
import { mayLeave } from '../home';
import { A_SIDE, turnName, type SsjState } from '../state';
import { unitName, unitsOf, own } from '../units';

type DayOnly = Extract<SsjAction, { type: 'day-only' }>;

type Step = DayOnly | Extract<SsjAction, { type: 'withdraw-ship' | 'done' }>;

/** The moves to the Day Only box (VI.F.1.f), the withdrawals home (VI.F.1), and "done" (always: the side closes itself). */
export function dayOnlyChoices(s: SsjState, side: Side): Step[] {
  const out: Step[] = [];
  for (const u of unitsOf(s, side, 'ship')) {
    if (u.place.at !== 'group' || !mayLeave(s, u.id)) continue;
    const g = s.groups[u.place.group]!;
    if (g.box === 'daynight' && controls(s, side, g.area, 'day')) out.push({ type: 'day-only', ship: u.id });
  }
  out.push(...withdrawChoices(s, side), { type: 'done' });
  return out;
}

export function applyDayOnly(s: SsjState, side: Side, a: DayOnly): LogEntry[] {
  const u = s.units.of(a.ship);
  const g = s.groups[(u.place as { group: string }).group]!;
  // RULING (VI.F.1.f): ships leaving one Day and Night task force for the Day Only box form one new task force there.
  const id = `${g.id}-day`;
  if (!s.groups[id]) addGroup(s, { id, side, area: g.area, box: 'day', ships: [] });
  leaveGroup(s, u);
  ownGroup(s, id).ships.push(a.ship);
  own(s, u.id).place = { at: 'group', group: id };
  return [
    { to: [side], text: `${unitName(a.ship)} moves to the Day Only box.`, data: { units: [a.ship] } },
    { to: 'public', text: `${A_SIDE[side]} piece moves from the Day and Night box to the Day Only box of ${theSeaArea(g.area)}.`, data: { group: id } },
  ];
}

export const dayOnly = decision('day-only', ['day-only', 'withdraw-ship', 'done'], {
  text: (s) =>
    `${turnName(s)} (VI.F.1.f): you may withdraw to base any non-slow, undamaged or damaged (D) ship at sea by day and, holding the day in a sea area, move non-slow ships from Day and Night task forces to the Day Only box to avoid a night battle; then close.`,
  choices: (s, side) => dayOnlyChoices(s, side),
  // VI.F.1.g: the daylight landings follow, the Japanese deciding first.
  arrive: (s) =>
    inTurn(
      s,
      (side) => atSeaByDay(s, side),
      () => ({ log: [], next: { phase: 'day-landings', actor: 'japanese', dayLanded: [] } }),
    ),
  apply: (s, side, a) => ({
    log: a.type === 'done' ? [] : a.type === 'withdraw-ship' ? applyWithdraw(s, side, a) : applyDayOnly(s, side, a),
    next: handTo(a.type === 'done' ? after(side) : side),
    reveals: true,
  }),
});
