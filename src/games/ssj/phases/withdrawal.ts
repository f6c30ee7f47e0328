/**
 * VI.F.1 withdrawal: after the morning's air battle (VI.F.1.b: "both sides have had the
 * chance to withdraw", the Japanese deciding first) each player may send home any of his
 * undamaged or D ships at sea, one by one, without the rest of their task force; slow and
 * HD ships may not be withdrawn voluntarily. Then the daylight battles.
 */
import type { LogEntry } from '../../../engine';
import { SEA_AREA_NAMES } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { after, decision, handTo, inTurn } from '../flow';
import { mayLeave, sendHome } from '../home';
import { returnChoices } from '../routes';
import { SIDE_NAME, turnName, type SsjState } from '../state';
import { baseName, unitName, unitsOf } from '../units';

type Withdraw = Extract<SsjAction, { type: 'withdraw-ship' }>;

export function withdrawChoices(s: SsjState, side: Side): (Withdraw | Extract<SsjAction, { type: 'done' }>)[] {
  const out: (Withdraw | Extract<SsjAction, { type: 'done' }>)[] = [];
  for (const u of unitsOf(s, side, 'ship')) {
    if (u.place.at !== 'group' || !mayLeave(s, u.id)) continue;
    const g = s.groups[u.place.group]!;
    for (const to of returnChoices(s, side, g.area)) out.push({ type: 'withdraw-ship', ship: u.id, to });
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyWithdraw(s: SsjState, side: Side, a: Withdraw): LogEntry[] {
  const u = s.units[a.ship]!;
  const area = s.groups[(u.place as { group: string }).group]!.area;
  sendHome(s, u, a.to);
  return [
    { to: [side], text: `${unitName(a.ship)} withdraws to ${a.to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(a.to)}.`, data: { units: [a.ship] } },
    { to: 'public', text: `A ${SIDE_NAME[side]} piece withdraws from the ${SEA_AREA_NAMES[area]}.` },
  ];
}

export const withdrawal = decision('withdrawal', ['withdraw-ship', 'done'], {
  text: (s) => `${turnName(s)} (VI.F.1): you may withdraw any undamaged or damaged (D) ship at sea to base, one by one (not slow or heavily damaged ships), then close.`,
  choices: (s, side) => withdrawChoices(s, side),
  arrive: (s) =>
    inTurn(
      s,
      (side) => withdrawChoices(s, side).length > 0,
      () => ({ log: [], next: { phase: 'day-combat', actor: null, battle: null } }),
    ),
  apply: (s, side, a) => ({
    log: a.type === 'done' ? [] : applyWithdraw(s, side, a),
    next: handTo(a.type === 'done' ? after(side) : side),
    reveals: true,
  }),
});
