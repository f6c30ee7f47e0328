/** The game modules this server runs, by id. */
import type { GameModule } from '../engine';
import { ssj } from './ssj';

export const GAMES: ReadonlyMap<string, GameModule> = new Map<string, GameModule>([[ssj.id, ssj as GameModule]]);
