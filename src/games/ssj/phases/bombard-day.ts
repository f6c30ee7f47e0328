/** VI.F.1.h: daytime shore bombardment (see bombardment.ts). Then the night battles. */
import { bombardPhase } from '../bombardment';

export const bombardDay = bombardPhase('bombard-day', () => ({ phase: 'night-combat', actor: null, battle: null, afterMidnight: false, torpedoBattles: {} }));
