/** VI.F.1.h: daytime shore bombardment (see bombardment.ts). Then the withdrawal step (VI.F.1), then the night battles. */
import { bombardPhase } from '../bombardment';
import { withdrawalAfter } from './withdrawal';

export const bombardDay = bombardPhase('bombard-day', () => withdrawalAfter('bombard-day'));
