/**
 * VI.F.1: "After any phase below, the owning player may withdraw any undamaged or (just) D-
 * damaged ship units back to eligible bases, without having to withdraw the rest of their
 * task force ... Slow and Heavily Damaged ships may not be voluntarily withdrawn, however."
 * A withdrawal step follows each phase of the day (the morning land-based air, the morning
 * carrier strikes and counterattacks, the daylight battles by choice, the afternoon air, the
 * daylight landings, the daytime bombardment; after the mandatory battles it is part of the
 * Day Only step): each player, the Japanese first, may send home one by one any such ship in
 * a Day Only or Day and Night box, then closes.
 *
 * RULING (fog): a side is asked whenever it has a group in a Day Only or Day and Night box of
 * any sea area — which the other side sees — whatever its face-down pieces hold, and closes
 * itself (its choices may be "done" alone), so that the question tells nothing of them.
 */
import type { LogEntry } from '../../../engine';
import { SEA_AREA_NAMES } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { after, decision, handTo, inTurn, type Goto } from '../flow';
import { checkRescued, leftBehind } from '../battle/rescue';
import { mayLeave, sendHome } from '../home';
import { returnChoices } from '../routes';
import { A_SIDE, turnName, type SsjState, type WithdrawAfter } from '../state';
import { baseName, unitName } from '../units';

type Withdraw = Extract<SsjAction, { type: 'withdraw-ship' }>;
type Done = Extract<SsjAction, { type: 'done' }>;

/** The side has a group at sea by day: in a Day Only or Day and Night box (public: everyone sees the face-down groups). */
export function atSeaByDay(s: SsjState, side: Side): boolean {
  return Object.values(s.groups).some((g) => g.side === side && (g.box === 'day' || g.box === 'daynight'));
}

/** The ships at sea by day that `side` may send home now (not slow, not HD), each to every place VI.H allows. */
export function withdrawChoices(s: SsjState, side: Side): Withdraw[] {
  const out: Withdraw[] = [];
  for (const g of Object.values(s.groups).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (g.side !== side || (g.box !== 'day' && g.box !== 'daynight')) continue;
    for (const ship of g.ships) if (mayLeave(s, ship)) for (const to of returnChoices(s, side, g.area)) out.push({ type: 'withdraw-ship', ship, to });
  }
  return out;
}

export function applyWithdraw(s: SsjState, side: Side, a: Withdraw): LogEntry[] {
  const u = s.units.of(a.ship);
  const group = (u.place as { group: string }).group;
  const area = s.groups[group]!.area;
  sendHome(s, u, a.to);
  return [
    { to: [side], text: `${unitName(a.ship)} withdraws to ${a.to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(a.to)}.`, data: { units: [a.ship] } },
    { to: 'public', text: `${A_SIDE[side]} piece withdraws from ${SEA_AREA_NAMES[area]}.` },
    // VI.F.1.b: the last ship that could go has gone: the slow and HD ships left are abandoned, as by a task force withdrawing from a battle.
    ...leftBehind(s, group),
    // VII.A example: the last task force protecting ships left behind may have gone.
    ...checkRescued(s, 'day'),
  ];
}

/** Where the flow goes after the withdrawal step that follows each phase of the day. */
const NEXT: Record<WithdrawAfter, Goto> = {
  'air-morning': { phase: 'carrier-strikes', actor: null, air: null },
  counterattack: { phase: 'day-combat', actor: null, battle: null },
  'day-combat': { phase: 'air-afternoon', actor: null, air: null },
  'air-afternoon': { phase: 'day-end-combat', actor: null, battle: null },
  'day-landings': { phase: 'bombard-day', actor: 'japanese' },
  'bombard-day': { phase: 'night-combat', actor: null, battle: null, afterMidnight: false, torpedoBattles: {} },
};

/** Into the withdrawal step after `phase`, the Japanese first. */
export const withdrawalAfter = (phase: WithdrawAfter): Goto => ({ phase: 'withdrawal', actor: 'japanese', withdrawAfter: phase });

const AFTER_TEXT: Record<WithdrawAfter, string> = {
  'air-morning': 'the morning land-based air attacks',
  counterattack: 'the morning carrier strikes and counterattacks',
  'day-combat': 'the daylight battles by choice',
  'air-afternoon': 'the afternoon air attacks',
  'day-landings': 'the daylight landings',
  'bombard-day': 'the daytime bombardment',
};

export const withdrawal = decision('withdrawal', ['withdraw-ship', 'done'], {
  text: (s) =>
    `${turnName(s)} (VI.F.1), after ${AFTER_TEXT[s.withdrawAfter ?? 'counterattack']}: you may withdraw to base, one by one, any undamaged or damaged (D) ship in a Day Only or Day and Night box (not slow or heavily damaged ships), then close.`,
  choices: (s, side): (Withdraw | Done)[] => [...withdrawChoices(s, side), { type: 'done' }],
  arrive: (s) =>
    inTurn(
      s,
      (side) => atSeaByDay(s, side),
      () => ({ log: [], next: NEXT[s.withdrawAfter ?? 'counterattack'] }),
    ),
  apply: (s, side, a) => ({
    log: a.type === 'done' ? [] : applyWithdraw(s, side, a),
    next: handTo(a.type === 'done' ? after(side) : side),
    reveals: true,
  }),
});
