/** VI.F.1.b: land-based counterattacks on the raiding carriers' task forces, the Japanese first. Then the withdrawals, the Japanese first. */
import { airPhase } from '../air/phase';

export const counterattack = airPhase('counterattack', 'counter', { phase: 'withdrawal', actor: 'japanese' });
