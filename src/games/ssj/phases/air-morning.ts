/** VI.F.1.a: morning land-based air strikes — the Allies allocate and resolve first, then the Japanese; naval targets only where the side has detection. Then the withdrawal step (VI.F.1), then the carrier strikes. */
import { airPhase } from '../air/phase';
import { withdrawalAfter } from './withdrawal';

export const airMorning = airPhase('air-morning', 'morning-land', withdrawalAfter('air-morning'));
