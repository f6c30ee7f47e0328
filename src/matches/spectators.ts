/**
 * The spectator link's life besides its re-issue (lobby.ts): the creator turns it off. Its
 * token hash becomes one no token has, so the old link opens nothing and its sockets go;
 * a re-issue makes a new link and so turns it on again.
 */
import { randomBytes } from 'node:crypto';
import { SPECTATOR } from '../engine';
import type { MatchContext } from './context';
import type { LiveMatches } from './loading';
import type { Seats } from './seats';

export interface SpectatorDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane'>;
  seats: Pick<Seats, 'revoked'>;
}

export class Spectators {
  constructor(private svc: SpectatorDeps) {}

  off(matchId: string): Promise<{ spectators: false }> {
    return this.svc.matches.inLane(matchId, async () => {
      // Not a sha256 (64 hex digits): no token hashes to it.
      await this.svc.ctx.store.update(matchId, { seats: { [SPECTATOR]: { tokenHash: `off:${randomBytes(16).toString('hex')}` } } });
      this.svc.seats.revoked(matchId, SPECTATOR);
      this.svc.ctx.logger.info({ matchId }, 'spectator link turned off');
      return { spectators: false as const };
    });
  }
}
