/** VI.F.1.b: morning carrier strikes — the Japanese allocate first, the strikes fly together, and carrier air lands where its owner picks. Then the counterattacks. */
import { airPhase } from '../air/phase';

export const carrierStrikes = airPhase('carrier-strikes', 'carriers', { phase: 'counterattack', actor: null, air: null });
