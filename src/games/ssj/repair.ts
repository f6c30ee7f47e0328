/**
 * VI.D / VI.H / VII.A: where a ship knocked out of the game at sea is repaired. VII.A resolves damage after each phase; a
 * D ship at sea (not slow) then leaves for the repair yards "to base (or to the back-to-Truk holding box)" as VI.D says of
 * a submarine's victim, by the routes of VI.H ("From the South Pacific, Japanese ships may return to Rabaul or to the
 * 'Returning to Truk' holding box"; "From the Slot or Coral Sea, Japanese ships may only return to Rabaul"; "Allied ships
 * may return to Espiritu Santo or Australia, except that ships in the South Pacific may not return to Australia"). Where
 * there is more than one such place its owner chooses, as for every other ship going home (VI.D, VI.F.1, VI.H): a step of
 * his after the phase's last decision and before the damage dice (the cargo still aboard comes ashore where the ship
 * goes, before the secret roll: RULINGS VII.A), the Japanese first.
 *
 * RULING (fog): which ships are asked about is public — a ship damaged at sea is turned face up for everyone (VI.F, VI.F.1)
 * and its sea area is seen —, so the step is asked in everyone's sight; the place chosen is its owner's secret (a piece
 * in the repair yards is on no map), so each choice but the one that closes the side's step is a private step.
 * (Withdrawn once, issue 40, for a fog-batch difference that was not this question's: fog-ssj-8 step 137 was the VI.G supply
 * losses telling whether a face-down group held a surface ship, a tell of the rules the harness now declares; the extra
 * step of the question had only led the random bots to that board.)
 */
import type { LogEntry } from '../../engine';
import type { SsjAction } from './actions';
import type { Side } from './data/types';
import { repairPlaces, staysAtSea } from './damage';
import { turnName, type SsjState, type UnitState } from './state';
import { baseName, own, unitName, unitsWhere } from './units';

type Repair = Extract<SsjAction, { type: 'repair' }>;

/** The sea area of a ship in a task force. */
const areaOf = (s: SsjState, u: UnitState) => (u.place.at === 'group' ? s.groups[u.place.group]?.area : undefined);

/**
 * `side`'s ships that the damage resolution after this phase will knock out of the game at sea (a D, not slow: an HD or
 * slow ship stays, VII.A), with more than one place of repair, not yet chosen: in counter-sheet order.
 */
export function repairsToChoose(s: SsjState, side: Side): UnitState[] {
  // Only public facts decide who is asked and how often (issue 40): the ship's D or HD and its slowness (it is face up), its
  // sea area, and whether the bases VI.H names there are held and usable; never the base it sailed from or what else is at sea.
  return unitsWhere(s, 'ship', (u) => {
    if (u.side !== side || u.repairAt !== undefined || u.damageDie !== undefined || (u.damage !== 'D' && u.damage !== 'HD') || staysAtSea(u)) return false;
    const area = areaOf(s, u);
    return area !== undefined && repairPlaces(s, side, area).length > 1;
  });
}

/** Whose repair choice is next (the Japanese first), or null: none is left to make. */
export function repairActor(s: SsjState): Side | null {
  return repairsToChoose(s, 'japanese').length ? 'japanese' : repairsToChoose(s, 'allied').length ? 'allied' : null;
}

/** The places `side`'s first ship waiting for a choice may be repaired at. */
export function repairChoices(s: SsjState, side: Side): Repair[] {
  const u = repairsToChoose(s, side)[0];
  if (!u) return [];
  return repairPlaces(s, side, areaOf(s, u)!).map((to) => ({ type: 'repair', ship: u.id, to }));
}

export function repairText(s: SsjState, side: Side): string {
  const u = repairsToChoose(s, side)[0];
  return `${turnName(s)} (VII.A, VI.H): ${u ? unitName(u.id) : 'your damaged ship'} is knocked out of the game by its damage: choose where it is repaired (a place it may return to from its sea area).`;
}

/**
 * Records the owner's choice. `private`: his step is not closed by it (another of his ships waits), so it changes nothing
 * another viewer sees.
 */
export function applyRepair(s: SsjState, side: Side, a: Repair): { log: LogEntry[]; private: boolean } {
  own(s, a.ship).repairAt = a.to;
  const log: LogEntry[] = [{ to: [side], text: `${unitName(a.ship)} will be repaired at ${baseName(a.to)} (VI.H).`, data: { units: [a.ship] } }];
  return { log, private: repairsToChoose(s, side).length > 0 };
}
