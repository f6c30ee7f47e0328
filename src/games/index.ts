/** The game modules this server runs, by id. */
import type { GameModule } from '../engine';
import { eotsSubwar } from './eots-subwar';
import { ewr } from './ewr';
import { ssj } from './ssj';

export const GAMES: ReadonlyMap<string, GameModule> = new Map<string, GameModule>(
  [ssj as GameModule, ewr as GameModule, eotsSubwar as GameModule].map((g) => [g.id, g]),
);
