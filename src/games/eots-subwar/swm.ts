/**
 * 11.22.B The SWM marker on the Strategic Record Track, moved change by change (the factors
 * it starts from are in swm-factors.ts). The −5 floor applies at each move.
 */
import type { LogEntry } from '../../engine';
import { SWM_FLOOR, SWM_YEAR_FACTOR } from './data/tables';
import type { EotsState } from './state';
import { signed } from './swm-factors';

export { computeSwm, rawSwm, signed, swmFactors, type SwmFactor, type SwmInputs } from './swm-factors';

/** The SWM now: the marker (11.22.B). */
export function currentSwm(s: EotsState): number {
  return s.swm;
}

/** Moves the marker by `change`, never below −5, and records the move on its track. */
export function moveSwm(s: EotsState, change: number, why: string): LogEntry {
  const before = s.swm;
  s.swm = Math.max(SWM_FLOOR, before + change);
  s.swmTrack.push({ turn: s.turn, change: s.swm - before, value: s.swm, why });
  const stopped = s.swm - before !== change ? ` (${signed(change)} stops at the floor of ${signed(SWM_FLOOR)})` : '';
  return { to: 'public', text: `SWM ${signed(before)} → ${signed(s.swm)}: ${why}${stopped} (11.22.B).`, data: { swm: { before, change, after: s.swm, why } } };
}

/** The year's factor changes when a turn of a new year begins (11.22.B.1–3). */
export function yearChange(s: EotsState, fromYear: number, toYear: number): LogEntry | null {
  const change = (SWM_YEAR_FACTOR[toYear] ?? 0) - (SWM_YEAR_FACTOR[fromYear] ?? 0);
  if (change === 0) return null;
  return moveSwm(s, change, `the year is now ${toYear} (11.22.B.1–3: ${signed(SWM_YEAR_FACTOR[fromYear] ?? 0)} → ${signed(SWM_YEAR_FACTOR[toYear] ?? 0)})`);
}
