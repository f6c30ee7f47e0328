/**
 * Where changes go once committed: one state body per audience to its room (computed
 * once per audience, however many sockets watch), other events (chat, rematch, overdue),
 * and revoked seats whose sockets must go. The socket layer and the fog harness hook in
 * here (`onPublish`, `onEvent`, `onSeatRevoked`).
 */
import { REFEREE, type Viewer } from '../engine';
import { isOver, type Live, type StateBody } from './live';

export type Publisher = (matchId: string, audience: Viewer, body: StateBody) => void;
/** Any other push: `event` with `payload` to each audience's room. */
export type EventPublisher = (matchId: string, audiences: readonly Viewer[], event: string, payload: unknown) => void;
/** A seat's token was revoked (left, re-issued): its sockets must go. */
export type SeatRevoked = (matchId: string, side: string) => void;

export class Pushes {
  private publishers: Publisher[] = [];
  private eventPublishers: EventPublisher[] = [];
  private revokers: SeatRevoked[] = [];

  onPublish(p: Publisher): void {
    this.publishers.push(p);
  }

  onEvent(p: EventPublisher): void {
    this.eventPublishers.push(p);
  }

  onSeatRevoked(r: SeatRevoked): void {
    this.revokers.push(r);
  }

  /**
   * Pushes the new state to each audience that may know of it, with the log entries after
   * the seq each knew `before`; once over, every audience reads the referee's log.
   */
  publish(live: Live, audiences: readonly Viewer[], before: Record<string, number>, body: (live: Live, audience: Viewer, afterSeq: number) => StateBody): void {
    if (this.publishers.length === 0) return;
    for (const audience of audiences) {
      const after = isOver(live.status) ? (before[REFEREE] ?? -1) : (before[audience] ?? -1);
      const b = body(live, audience, after);
      for (const p of this.publishers) p(live.id, audience, b);
    }
  }

  /** Pushes another event (chat, rematch, overdue) to audiences' rooms. */
  emit(matchId: string, audiences: readonly Viewer[], event: string, payload: unknown): void {
    for (const p of this.eventPublishers) p(matchId, audiences, event, payload);
  }

  /** Tells the socket layer that `side`'s token of `matchId` no longer opens it. */
  revoke(matchId: string, side: string): void {
    for (const r of this.revokers) r(matchId, side);
  }
}
