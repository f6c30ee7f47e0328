/** VI.F.1.d: afternoon land-based air strikes (no detection needed; a 2 also shoots down an attacker over an active airfield). Then the side holding the day may move ships to the Day Only box, the Japanese first. */
import { airPhase } from '../air/phase';

export const airAfternoon = airPhase('air-afternoon', 'afternoon-land', { phase: 'day-only', actor: 'japanese' });
