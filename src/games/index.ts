/** The game modules this server runs, by id. */
import type { GameModule } from '../engine';
import { eotsSubwar } from './eots-subwar';
import { ewr } from './ewr';
import { fogDuel } from './fog-duel';
import { ssj } from './ssj';

const byId = (games: GameModule[]): ReadonlyMap<string, GameModule> => new Map(games.map((g) => [g.id, g]));

export const GAMES: ReadonlyMap<string, GameModule> = byId([ssj as GameModule, ewr as GameModule, eotsSubwar as GameModule]);

/** The games plus the benchmark games (fog-duel), served only when BENCH_GAMES is set. */
export const BENCH_GAMES: ReadonlyMap<string, GameModule> = byId([...GAMES.values(), fogDuel as GameModule]);
