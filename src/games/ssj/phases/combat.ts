/**
 * VI.F.1.g / VI.F.2.e, the landings (the phase named "combat"): every ground unit still
 * aboard a ship at sea after the night battles lands on an island base of the ship's sea
 * area that its owner chooses ("Units may land on an island having enemy ground units":
 * Guadalcanal, Bougainville, New Guinea North or New Guinea South, VI.F.2.g.2.a); the
 * Japanese land first. Troops in a sea area with no island (the South Pacific) stay aboard
 * and go ashore where their ship goes home (VI.H). Then the night-time bombardment.
 */
import type { LogEntry } from '../../../engine';
import { BASES, ISLAND_BASES } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { after, decision, handTo, inTurn } from '../flow';
import { SIDE_NAME, turnName, type SsjState } from '../state';
import { aboard, baseName, troopShips, unitName, own } from '../units';

type Landing = Extract<SsjAction, { type: 'land' }>;

export function landingChoices(s: SsjState, side: Side): Landing[] {
  const out: Landing[] = [];
  for (const sh of troopShips(s, side)) {
    const area = s.groups[(sh.place as { group: string }).group]!.area;
    for (const b of ISLAND_BASES) if (BASES[b].seaArea === area) out.push({ type: 'land', ship: sh.id, base: b });
  }
  return out;
}

export function hasLandings(s: SsjState, side: Side): boolean {
  return landingChoices(s, side).length > 0;
}

export function applyLanding(s: SsjState, side: Side, a: Landing): LogEntry[] {
  const troops = aboard(s, a.ship, 'ground');
  for (const t of troops) own(s, t.id).place = { at: 'base', base: a.base };
  return [
    {
      to: [side],
      text: `${unitName(a.ship)} lands ${troops.map((t) => unitName(t.id)).join(', ')} at ${baseName(a.base)}.`,
      data: { units: [a.ship, ...troops.map((t) => t.id)] },
    },
    { to: 'public', text: `The ${SIDE_NAME[side]} player lands ${troops.length} ground unit${troops.length === 1 ? '' : 's'} at ${baseName(a.base)}.` },
  ];
}

export const combat = decision('combat', ['land'], {
  text: (s) => `${turnName(s)} (VI.F): land the troops aboard your ships on an island base of their sea area.`,
  choices: (s, side) => landingChoices(s, side),
  arrive: (s) =>
    inTurn(
      s,
      (side) => hasLandings(s, side),
      () => ({ log: [], next: { phase: 'bombard-night', actor: 'japanese' } }),
    ),
  apply(s, side, a) {
    const log = applyLanding(s, side, a);
    return { log, ...(hasLandings(s, side) ? {} : { next: handTo(after(side)) }), reveals: true };
  },
});
