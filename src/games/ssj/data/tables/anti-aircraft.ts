/** Anti-aircraft (VII.B). */
import { checkDie } from './dice';

/**
 * Anti-aircraft (VII.B): a 1 always shoots the attacking air unit down, except an unopposed
 * high-altitude B-17; a 2 too when attacking, in the "afternoon", a land base with an active
 * airfield (never a B-17).
 */
export function airUnitShotDown(die: number, o: { b17: boolean; unopposedHighAltitude?: boolean; afternoonVsActiveAirfield?: boolean }): boolean {
  checkDie(die);
  if (die === 1) return !(o.b17 && o.unopposedHighAltitude);
  if (die === 2) return !o.b17 && !!o.afternoonVsActiveAirfield;
  return false;
}
