/** The Night Surface Battle Detection/Surprise table (VI.F.2.a). */
import type { NightColumn, NightSurprise } from '../tables-types';
import { checkDie } from './dice';

/**
 * The Night Surface Battle Detection/Surprise table (VI.F.2.a): the Japanese player rolls;
 * the calendar's column reflects early Japanese night optics (A) and growing Allied radar
 * (B, C). The roll is +1 if the Japanese had daylight strategic detection in the sea area,
 * −1 if the Allies had (both or neither: no change), kept within 1–6.
 *
 * Fixed points honoured: the Japanese player rolls; the column comes from the calendar;
 * daylight detection helps; a task force with a damaged ship gets no surprise (applied by
 * `nightSurprise`). Reconstructed: every entry and the size of the daylight modifier.
 */
export const NIGHT_SURPRISE_TABLE: Readonly<Record<NightColumn, readonly NightSurprise[]>> = {
  //     die: 1          2          3          4           5           6
  A: ['allied', 'none', 'none', 'japanese', 'japanese', 'japanese'],
  B: ['allied', 'allied', 'none', 'none', 'japanese', 'japanese'],
  C: ['allied', 'allied', 'allied', 'none', 'none', 'japanese'],
};

export function nightSurprise(
  column: NightColumn,
  die: number,
  o: { japaneseDaylightDetection?: boolean; alliedDaylightDetection?: boolean; japaneseDamaged?: boolean; alliedDamaged?: boolean } = {},
): NightSurprise {
  checkDie(die);
  const roll = Math.min(6, Math.max(1, die + (o.japaneseDaylightDetection ? 1 : 0) - (o.alliedDaylightDetection ? 1 : 0)));
  const result = NIGHT_SURPRISE_TABLE[column][roll - 1] ?? 'none';
  if ((result === 'japanese' && o.japaneseDamaged) || (result === 'allied' && o.alliedDamaged)) return 'none';
  return result;
}
