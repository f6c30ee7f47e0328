/**
 * What every part of the match service shares: the store, the game modules, the logger,
 * the clock and the public address. Each part and each collaborator receives this and the
 * few operations of the other parts it needs, never the whole service.
 */
import type { Logger } from 'pino';
import type { GameModule } from '../engine';
import type { MatchStore } from '../store/match-store';
import { notFound } from './errors';

export interface MatchContext {
  readonly store: MatchStore;
  readonly games: ReadonlyMap<string, GameModule>;
  readonly logger: Logger;
  /** The clock (idle eviction, deadlines, timestamps; never reaches the rules). */
  now(): number;
  /** The match page's address, with a seat's token in the fragment when given. */
  link(matchId: string, token?: string): string;
  /** Whether seats' own dice values are taken (src/matches/dice.ts); true but in some tests. */
  readonly seatValues?: boolean;
}

/** The game module `id`, or 404. */
export function gameOf(ctx: Pick<MatchContext, 'games'>, id: string): GameModule {
  const g = ctx.games.get(id);
  if (!g) throw notFound(`There is no game "${id}". Known games: ${[...ctx.games.keys()].join(', ')}.`);
  return g;
}
