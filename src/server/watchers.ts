/**
 * How many are watching: the number of connected spectator sockets of a match (of every
 * process, through the adapter), pushed to everyone in the match as `watchers { count }`
 * whenever a spectator comes or goes, and to each socket as it connects. A count of
 * spectators reveals nothing hidden. Also who is present, for "when away" notices.
 */
import type { Server } from 'socket.io';
import type { Logger } from 'pino';

const everyone = (matchId: string) => `${matchId}:*`;
const spectators = (matchId: string) => `${matchId}:spectator`;

export class Watchers {
  private due = new Map<string, NodeJS.Timeout>();

  constructor(
    private io: Server,
    private logger: Logger,
    private delayMs = 50,
  ) {}

  /** The room every socket of a match joins (besides its audience's). */
  static room = everyone;

  async count(matchId: string): Promise<number> {
    return (await this.io.in(spectators(matchId)).fetchSockets()).length;
  }

  /** Whether a socket of `side` is connected to the match (any process). */
  async present(matchId: string, side: string): Promise<boolean> {
    return (await this.io.in(`${matchId}:${side}`).fetchSockets()).length > 0;
  }

  /** Pushes the count to everyone in the match, once for a burst of comings and goings. */
  changed(matchId: string): void {
    if (this.due.has(matchId)) return;
    const t = setTimeout(() => {
      this.due.delete(matchId);
      this.count(matchId)
        .then((count) => this.io.to(everyone(matchId)).emit('watchers', { count }))
        .catch((err) => this.logger.warn({ err, matchId }, 'could not count the watchers'));
    }, this.delayMs);
    t.unref();
    this.due.set(matchId, t);
  }

  /** Tells one socket the count now. */
  tell(socket: { emit(event: string, body: unknown): unknown }, matchId: string): void {
    this.count(matchId)
      .then((count) => socket.emit('watchers', { count }))
      .catch((err) => this.logger.warn({ err, matchId }, 'could not count the watchers'));
  }

  close(): void {
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
  }
}
