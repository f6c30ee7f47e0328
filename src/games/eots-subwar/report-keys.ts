/**
 * Each report may be made once where it is made — once an offensive, or once a turn outside
 * one (the Offensives Phase's card plays, the Political Phase's facts) — so a dispute cannot
 * go round for ever. This is the key a report is known by, and the list that holds the keys
 * of the reports made where the match stands now.
 */
import type { Report } from './fact';
import type { EotsState } from './state';

/** Card #5 is reported once an offensive, whichever Sub Base the play names. */
export const CARD5_KEY = 'card-5';

export function reportKey(s: EotsState, r: Report): string {
  switch (r.kind) {
    case 'activations':
      return `activations:${r.count}`;
    case 'hq-move':
      return `hq-move:${r.hq}:${r.to}`;
    case 'control':
      return `control:${r.hex}:${r.side}`;
    case 'supply':
      return `supply:${r.hex}:${r.inSupply}`;
    case 'zoi':
      return `zoi:${r.hex}:${r.unneutralized}`;
    case 'battle-hex':
      return `battle-hex:${r.hex}`;
    case 'sub-base-hits': {
      // The same hits may be reported again once earlier ones have been confirmed (hits add up in a combat).
      const before = s.phase.kind === 'offensive' ? (s.phase.offensive.hits[r.base] ?? 0) : 0;
      return `sub-base-hits:${r.base}:${r.hits}:${r.critical}:after-${before}`;
    }
    case 'ground-unit':
      return `ground-unit:${r.base}`;
    case 'event':
      return `event:${r.card}`;
    case 'card-5':
      return CARD5_KEY;
  }
}

/** The keys of the reports already made where the match stands (this offensive, or this turn outside one). */
export function reportsMade(s: EotsState): string[] {
  return s.phase.kind === 'offensive' ? s.phase.offensive.proposed : s.record.reported;
}

export const isReported = (s: EotsState, r: Report): boolean => reportsMade(s).includes(reportKey(s, r));
