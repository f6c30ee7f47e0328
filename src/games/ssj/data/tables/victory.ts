/** Victory points and levels (IV). */
import type { AirType, Side } from '../types';

/**
 * Victory points for replaceable units lost (IV, VI.A), to the other side, whatever destroyed them (the volcano and supply too).
 * RULING (IV): the losing side's opponent scores them. Reconstructed values: 2 per air or
 * ground unit, 3 for a B-17 or a Japanese carrier air group (scarce crews), 1 per PT unit.
 */
export const AIR_LOSS_VP: Readonly<Record<AirType, number>> = { 'B-17': 3, Betty: 2, MAR: 2, JAAF: 2, NAV: 2, IJN: 3 };
export const GROUND_LOSS_VP = 2;
export const PT_LOSS_VP = 1;

/**
 * RULING (IV): only the losses the text names score — replaceable air, ground and PT
 * units — not ships: a ship sunk by a secret roll (VII.A) would otherwise show in the
 * running score.
 */

export type VictoryLevel = 'draw' | 'marginal' | 'strategic';

/** IV: a draw if the greater total is under 110% of the lesser; strategic at 2:1 or more; else marginal. */
export function victoryLevel(allied: number, japanese: number): { winner: Side | null; level: VictoryLevel } {
  const hi = Math.max(allied, japanese);
  const lo = Math.min(allied, japanese);
  if (hi * 10 < lo * 11 || hi === lo) return { winner: null, level: 'draw' };
  const winner: Side = allied > japanese ? 'allied' : 'japanese';
  return { winner, level: hi >= 2 * lo ? 'strategic' : 'marginal' };
}
