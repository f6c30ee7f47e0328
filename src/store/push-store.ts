/**
 * The storage port's Web Push part (a part of `MatchStore`): each device a seat's holder
 * subscribed to its notices with the Push API — the push service's endpoint and the keys
 * its payloads are encrypted to (RFC 8291) — keyed by (match, side, endpoint). A device
 * belongs to the holder whose token subscribed it (`tokenHash`), so a seat re-issued or
 * left stops its old holder's pushes. Table `push_subscriptions`; in memory, memory-push.ts.
 */

export interface PushSubscriptionRecord {
  matchId: string;
  side: string;
  /** The push service's URL for this device (a capability: never logged, never sent to another client). */
  endpoint: string;
  /** The device's P-256 public key (base64url, 65 bytes uncompressed) and its auth secret (base64url, 16 bytes). */
  p256dh: string;
  auth: string;
  /** sha256 of the seat token that subscribed. */
  tokenHash: string;
  /** The idempotency key of the last notice the device took (a retried job skips it). */
  lastNotice: string | null;
  createdAt: Date;
}

export type NewPushSubscription = Omit<PushSubscriptionRecord, 'lastNotice' | 'createdAt'>;

export interface PushSubscriptionStore {
  /** Adds a device, or replaces the keys and holder of the same (match, side, endpoint); fails if the match does not exist. */
  savePushSubscription(s: NewPushSubscription): Promise<void>;
  /** A seat's devices, oldest first. */
  listPushSubscriptions(matchId: string, side: string): Promise<PushSubscriptionRecord[]>;
  /** Removes one device; true if it was there. */
  removePushSubscription(matchId: string, side: string, endpoint: string): Promise<boolean>;
  /** Notes that the device took the notice `key` (no-op if the device is gone). */
  markPushDelivered(matchId: string, side: string, endpoint: string, key: string): Promise<void>;
}
