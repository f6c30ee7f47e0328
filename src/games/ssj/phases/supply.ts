/**
 * VI.G: supply, a step with no decision. Units in home bases are always supplied; elsewhere a side's ground units
 * are supplied if it controls the base's sea area by day or by night, or by Allied B-17s
 * flying aerial supply (3 units each, on the routes the text names), designated at the Allied deployment
 * (deployment.ts) and not eliminated since landing. Half of an
 * unsupplied group (rounded up) is eliminated; air units are never lost to supply. Then
 * the return to base.
 */
import type { LogEntry } from '../../../engine';
import { B17_SUPPLY_UNITS, BASES, HOME_BASES, halfRoundedUp } from '../data';
import type { BaseId } from '../data/types';
import { controls } from '../control';
import { destroyUnit } from '../damage';
import { auto } from '../flow';
import { SIDE_NAME, type SsjState } from '../state';
import { baseName, unitName, unitsOf } from '../units';

export function resolveSupply(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  for (const side of ['japanese', 'allied'] as const) {
    const byBase = new Map<BaseId, string[]>();
    for (const g of unitsOf(s, side, 'ground')) {
      if (g.place.at !== 'base') continue;
      byBase.set(g.place.base, [...(byBase.get(g.place.base) ?? []), g.id]);
    }
    for (const [base, ids] of byBase) {
      if (HOME_BASES[side].includes(base)) continue;
      const area = BASES[base].seaArea;
      if (area && (controls(s, side, area, 'day') || controls(s, side, area, 'night'))) continue;
      let supplied = 0;
      if (side === 'allied') {
        // "the B-17 may not be eliminated (after landing) during that turn": it supplies only if it is still on the airfield it landed on.
        for (const [b17, dest] of Object.entries(s.airSupply)) {
          const p = s.units.of(b17).place;
          if (dest === base && p.at === 'base' && p.base === dest) supplied += B17_SUPPLY_UNITS;
        }
      }
      const unsupplied = ids.slice(0, Math.max(0, ids.length - supplied));
      if (unsupplied.length === 0) continue;
      const lost = unsupplied.slice(unsupplied.length - halfRoundedUp(unsupplied.length));
      for (const id of lost) destroyUnit(s, s.units.of(id), `out of supply at ${baseName(base)}`);
      log.push({ to: [side], text: `Out of supply at ${baseName(base)}: ${lost.map(unitName).join(', ')} eliminated.`, data: { units: lost } });
      log.push({
        to: 'public',
        text: `Supply (VI.G): ${lost.length} ${SIDE_NAME[side]} ground unit${lost.length === 1 ? ' is' : 's are'} eliminated out of supply at ${baseName(base)}.`,
      });
    }
  }
  return log;
}

/** VI.G: no decision is left here — B-17s are designated at the Allied deployment (deployment.ts) — so supply is resolved on arrival. */
export const supply = auto((s) => ({ log: resolveSupply(s), next: { phase: 'return', actor: 'japanese' } }));
