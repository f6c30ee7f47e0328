/**
 * A ship sent home from sea (VI.H return, VI.F withdrawals, VI.D damage, VI.F.1.h after a
 * daylight bombardment): out of its group, into a base's harbour or the Returning to Truk
 * box (back at Truk, ready, at the start of the turn after next: RULING VI.H).
 */
import type { BaseId } from './data/types';
import { leaveGroup, leaveSeaDamaged } from './damage';
import type { ReturnPlace } from './routes';
import type { SsjState, UnitState } from './state';
import { SHIP_BY_ID, aboard, baseName, own } from './units';

/**
 * Sends ship `u` home to `to`. Troops aboard go ashore there (`'land'`, at Truk for the
 * Returning to Truk box) or stay aboard (`'stay'`: a sub-damaged ship's, which land when
 * its damage is resolved). Troops still aboard a ship returning in VI.H (from a sea area with
 * no island to land on, VI.F.2.e) go ashore at its base.
 */
export function sendHome(s: SsjState, u: UnitState, to: ReturnPlace, troops: 'land' | 'stay' = 'land'): void {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  leaveGroup(s, u);
  if (troops === 'land') {
    const base: BaseId = to === 'returning-to-truk' ? 'truk' : to;
    for (const c of aboard(s, u.id, 'ground')) own(s, c.id).place = { at: 'base', base };
  }
  const w = own(s, u.id);
  if (to === 'returning-to-truk') {
    w.place = { at: 'returning-to-truk' };
    w.readyTurn = s.turn + 2;
  } else w.place = { at: 'base', base: to };
  // RULING (VII.A): an HD ship leaving the sea area (at midnight, or at the end of the turn) goes for repair, or sinks, as its die fell.
  leaveSeaDamaged(s, w);
}

/** A ship its owner may send away from its task force by choice (VI.F.1): not slow, not heavily damaged. */
export const mayLeave = (s: SsjState, id: string): boolean => !SHIP_BY_ID.get(id)!.slow && s.units.of(id).damage !== 'HD';

/** The name of a place a ship goes home to, for log text. */
export const placeName = (to: ReturnPlace): string => (to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(to));
