/** VI.F.2.f: night-time shore bombardment (see bombardment.ts). Then ground combat. */
import { bombardPhase } from '../bombardment';

export const bombardNight = bombardPhase('bombard-night', () => ({ phase: 'ground-combat', actor: null, groundDone: [] }));
