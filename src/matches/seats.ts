/**
 * Seats and authentication: which match and side a token opens (a seat's, the spectator
 * link's), the creator's token, and revocation. Tokens are stored as hashes only.
 *
 * Cache: a token's seat is kept for `seatCacheMs` (30 s by default) so that a request or a
 * socket event costs no store read; a revocation in this process drops it at once, one
 * in another process is seen once the entry expires (its sockets are disconnected through
 * the cluster adapter meanwhile).
 */
import type { Viewer } from '../engine';
import type { NewMatch } from '../store/match-store';
import type { MatchContext } from './context';
import { forbidden, notFound } from './errors';
import type { LiveMatches } from './loading';
import type { Pushes } from './pushes';
import { hashToken } from './tokens';

/** The cache's size from which a new entry first sweeps out the expired ones. */
const SWEEP_FROM = 4096;

export class Seats {
  private cache = new Map<string, { matchId: string; side: Viewer; at: number }>();
  private sweepAt = SWEEP_FROM;

  constructor(
    private ctx: MatchContext,
    private matches: Pick<LiveMatches, 'holds'>,
    private pushes: Pick<Pushes, 'revoke'>,
    private cacheMs = 30_000,
  ) {}

  /** Who holds `token` in match `matchId` (a side or 'spectator'); 403 for any other token, 404 for no such match. */
  async authenticate(matchId: string, token: string | undefined): Promise<Viewer> {
    const seat = await this.seatOf(token);
    if (!seat || seat.matchId !== matchId) {
      if (!this.matches.holds(matchId) && !(await this.ctx.store.hasMatch(matchId))) throw notFound(`There is no match "${matchId}".`);
      throw forbidden('This token does not open this match.', 'bad-token');
    }
    return seat.side;
  }

  /** The match and side a token opens, or null. */
  async seatOf(token: string | undefined): Promise<{ matchId: string; side: Viewer } | null> {
    if (!token || token.length > 200) return null;
    const h = hashToken(token);
    const cached = this.cache.get(h);
    if (cached && this.ctx.now() - cached.at < this.cacheMs) return cached;
    const row = await this.ctx.store.seatByToken(h);
    if (!row) {
      this.cache.delete(h);
      return null;
    }
    const seat = { matchId: row.matchId, side: row.side, at: this.ctx.now() };
    this.remember(h, seat);
    return seat;
  }

  /** The seats of a match this process has just stored: their tokens need no read for a while. */
  adopt(m: Pick<NewMatch, 'id' | 'seats'>): void {
    const at = this.ctx.now();
    for (const s of m.seats) this.remember(s.tokenHash, { matchId: m.id, side: s.side, at });
  }

  /** Caches a seat; past `sweepAt` entries, the expired ones go first (the cache holds a few seconds' tokens, not every token ever seen). */
  private remember(hash: string, seat: { matchId: string; side: Viewer; at: number }): void {
    if (this.cache.size >= this.sweepAt) {
      const now = this.ctx.now();
      for (const [h, s] of this.cache) if (now - s.at >= this.cacheMs) this.cache.delete(h);
      this.sweepAt = Math.max(SWEEP_FROM, this.cache.size * 2);
    }
    this.cache.set(hash, seat);
  }

  /** 403 unless `token` is the creator's token of `matchId`. */
  async authenticateCreator(matchId: string, token: string): Promise<void> {
    const m = await this.ctx.store.readMatch(matchId);
    if (!m) throw notFound(`There is no match "${matchId}".`);
    if (!m.creatorHash || m.creatorHash !== hashToken(token)) throw forbidden("This is not the creator's token of this match.", 'not-creator');
  }

  /** Forgets the tokens of `side` in `matchId` (it was revoked) and tells the sockets of its seat to go. */
  revoked(matchId: string, side: string): void {
    for (const [h, s] of this.cache) if (s.matchId === matchId && s.side === side) this.cache.delete(h);
    this.pushes.revoke(matchId, side);
  }
}
