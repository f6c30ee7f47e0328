/**
 * The Web Push devices in memory (MemoryMatchStore's part of push-store.ts): as the
 * `push_subscriptions` table keeps them — one per (match, side, endpoint), text without
 * NUL, a foreign key to the match — and copies in and out.
 */
import type { NewPushSubscription, PushSubscriptionRecord, PushSubscriptionStore } from './push-store';
import { text } from './memory-kept';

type KeptPush = Omit<PushSubscriptionRecord, 'createdAt'> & { createdAt: number };

const keyOf = (matchId: string, side: string, endpoint: string) => JSON.stringify([matchId, side, endpoint]);

export class MemoryPushSubscriptions implements PushSubscriptionStore {
  private kept = new Map<string, KeptPush>();

  constructor(
    private hasMatch: (id: string) => boolean,
    private now: () => number,
  ) {}

  /** A copy sharing nothing changeable (kept values are replaced, never changed in place). */
  fork(hasMatch: (id: string) => boolean, now: () => number): MemoryPushSubscriptions {
    const copy = new MemoryPushSubscriptions(hasMatch, now);
    copy.kept = new Map(this.kept);
    return copy;
  }

  async savePushSubscription(p: NewPushSubscription): Promise<void> {
    if (!this.hasMatch(p.matchId)) throw new Error(`Foreign key constraint failed: there is no match "${p.matchId}".`);
    const key = keyOf(p.matchId, p.side, p.endpoint);
    const old = this.kept.get(key);
    const keys = { p256dh: text(p.p256dh), auth: text(p.auth), tokenHash: text(p.tokenHash) };
    this.kept.set(key, old ? { ...old, ...keys } : { matchId: p.matchId, side: text(p.side), endpoint: text(p.endpoint), ...keys, lastNotice: null, createdAt: this.now() });
  }

  async listPushSubscriptions(matchId: string, side: string): Promise<PushSubscriptionRecord[]> {
    return [...this.kept.values()]
      .filter((p) => p.matchId === matchId && p.side === side)
      .sort((a, b) => a.createdAt - b.createdAt || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0))
      .map(({ createdAt, ...p }) => ({ ...p, createdAt: new Date(createdAt) }));
  }

  async removePushSubscription(matchId: string, side: string, endpoint: string): Promise<boolean> {
    return this.kept.delete(keyOf(matchId, side, endpoint));
  }

  async markPushDelivered(matchId: string, side: string, endpoint: string, key: string): Promise<void> {
    const k = keyOf(matchId, side, endpoint);
    const old = this.kept.get(k);
    if (old) this.kept.set(k, { ...old, lastNotice: text(key) });
  }
}
