/** VI.F.1.d: afternoon land-based air strikes (no detection needed; a 2 also shoots down an attacker over an active airfield). Then the withdrawal step (VI.F.1), then the mandatory daylight battles (VI.F.1.f). */
import { airPhase } from '../air/phase';
import { withdrawalAfter } from './withdrawal';

export const airAfternoon = airPhase('air-afternoon', 'afternoon-land', withdrawalAfter('air-afternoon'));
