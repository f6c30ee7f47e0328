/**
 * VI.F.2 (a, b): the night surface battles (see battle/). The first time in a turn, the
 * After Midnight moves follow (and the night battles again, with the surprise torpedo
 * battles already fought); the second time, the PT boats.
 */
import { combatPhase } from '../battle/phase';

export const nightCombat = combatPhase('night-combat', (s) =>
  s.afterMidnight ? { phase: 'pt-boats', actor: 'allied' } : { phase: 'after-midnight', actor: 'japanese', torpedoBattles: s.torpedoBattles ?? {} },
);
