/** VI.F.1.c, f: the daylight surface battles (see battle/). Then the afternoon land-based air strikes. */
import { combatPhase } from '../battle/phase';

export const dayCombat = combatPhase('day-combat', () => ({ phase: 'air-afternoon', actor: null, air: null }));
