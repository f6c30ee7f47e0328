/** VI.F.1.a: morning land-based air strikes — the Allies allocate and resolve first, then the Japanese; naval targets only where the side has detection. Then the carrier strikes. */
import { airPhase } from '../air/phase';

export const airMorning = airPhase('air-morning', 'morning-land', { phase: 'carrier-strikes', actor: null, air: null });
