/**
 * VI.F.1.c: the daylight surface battles by choice (see battle/): in each sea area where both
 * sides have a group by day, each side, the Japanese first, chooses to engage or not; a battle
 * is fought when both engage, or when the side that will not (pursued) will not abandon its
 * slow and heavily damaged ships there either. A side that does not engage stays in the sea
 * area (VI.F.1.c note). Then the withdrawal step (VI.F.1), then the afternoon air strikes.
 */
import { combatPhase } from '../battle/phase';
import { withdrawalAfter } from './withdrawal';

export const dayCombat = combatPhase('day-combat', () => withdrawalAfter('day-combat'));
