/**
 * VI.F.1.f: "Only one side's ships may be left in the 'Day Only' and 'Day and Night' boxes at
 * the end of the day. If one side doesn't withdraw at the end of the day voluntarily, there
 * must be Daylight Naval Surface/Gunfire battles (conducted as described in Rule c. above)
 * fought until only one side's ships are left." After the afternoon air (VI.F.1.d), as the text
 * orders it (see battle/). Then the withdrawals and the shift to the Day Only box, the Japanese first.
 */
import { combatPhase } from '../battle/phase';

export const dayEndCombat = combatPhase('day-end-combat', () => ({ phase: 'day-only', actor: 'japanese' }));
