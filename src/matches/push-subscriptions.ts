/**
 * A seat's Web Push devices: the seat's holder subscribes the browser it plays in (the
 * match page's "Notify me on this device") and unsubscribes it. Each device is kept in
 * the store (push-store.ts) with the hash of the token that subscribed it, so only the
 * seat's current holder's devices are sent anything: a seat re-issued or left stops its
 * old holder's pushes (and those devices are dropped when next seen). The seat's `notify`
 * says whether it has any (`push: true`), so that a notice knows without a read whether
 * the push channel applies; when each channel sends is `notify.when.push`, as for the others.
 *
 * Also the directory web-push.ts delivers through (devices, gone, delivered).
 */
import { ECDH } from 'node:crypto';
import type { MatchContext } from './context';
import { badRequest, conflict, forbidden } from './errors';
import type { Live, Notify } from './live';
import type { LiveMatches } from './loading';
import type { Play } from './play';
import type { PushDevice, PushDirectory } from './web-push';
import { deviceLabel } from './web-push';
import { RefusedAddress, refuseLiteral } from '../net/public-address';

/** The most devices one seat may have subscribed. */
export const MAX_DEVICES = 10;

/** A browser's `PushSubscription.toJSON()`. */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface PushStatus {
  /** Whether the device named is subscribed now. */
  subscribed: boolean;
  /** How many devices of this seat's holder are. */
  devices: number;
}

export interface PushSubscriptionsDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'load'>;
  play: Pick<Play, 'commit'>;
}

export class PushSubscriptions implements PushDirectory {
  constructor(
    private svc: PushSubscriptionsDeps,
    /** Endpoints over plain http or on loopback and private addresses allowed (tests; a private push service). */
    private allowPrivate = false,
  ) {}

  /** Subscribes a device of the seat's holder (`tokenHash`: the hash of the token used); the same endpoint again replaces its keys. */
  subscribe(matchId: string, side: string, tokenHash: string, input: PushSubscriptionInput): Promise<PushStatus> {
    const endpoint = this.checkEndpoint(input.endpoint);
    const keys = checkKeys(input.keys);
    return this.svc.matches.inLane(matchId, async (live) => {
      requireSide(live, side);
      const mine = await this.holderDevices(matchId, side, tokenHash);
      if (!mine.some((d) => d.endpoint === endpoint) && mine.length >= MAX_DEVICES)
        throw conflict(`A seat may have at most ${MAX_DEVICES} devices subscribed: stop one first.`, 'too-many-devices');
      await this.svc.ctx.store.savePushSubscription({ matchId, side, endpoint, ...keys, tokenHash });
      await this.mark(live, side, true);
      const devices = mine.some((d) => d.endpoint === endpoint) ? mine.length : mine.length + 1;
      this.svc.ctx.logger.info({ matchId, side, device: deviceLabel(endpoint), devices }, 'push device subscribed');
      return { subscribed: true, devices };
    });
  }

  /** Unsubscribes a device of the seat (a device not subscribed: nothing changes). */
  unsubscribe(matchId: string, side: string, tokenHash: string, endpoint: string): Promise<PushStatus> {
    return this.svc.matches.inLane(matchId, async (live) => {
      requireSide(live, side);
      const removed = await this.svc.ctx.store.removePushSubscription(matchId, side, endpoint);
      const devices = (await this.holderDevices(matchId, side, tokenHash)).length;
      if (devices === 0) await this.mark(live, side, false);
      if (removed) this.svc.ctx.logger.info({ matchId, side, device: deviceLabel(endpoint), devices }, 'push device unsubscribed');
      return { subscribed: false, devices };
    });
  }

  /** The devices of the seat's current holder (for delivery). */
  async devices(matchId: string, side: string): Promise<PushDevice[]> {
    const seat = (await this.svc.ctx.store.readMatch(matchId))?.seats.find((s) => s.side === side);
    return seat ? this.holderDevices(matchId, side, seat.tokenHash) : [];
  }

  /** The push service says the device's subscription is no more: removed (and the seat's mark, if it was the last). */
  async gone(matchId: string, side: string, endpoint: string): Promise<void> {
    await this.svc.ctx.store.removePushSubscription(matchId, side, endpoint);
    if ((await this.devices(matchId, side)).length > 0) return;
    await this.svc.matches
      .inLane(matchId, (live) => this.mark(live, side, false))
      .catch((err: unknown) => this.svc.ctx.logger.warn({ err, matchId, side }, 'could not clear the seat’s push mark'));
  }

  delivered(matchId: string, side: string, endpoint: string, key: string): Promise<void> {
    return this.svc.ctx.store.markPushDelivered(matchId, side, endpoint, key);
  }

  /** The devices subscribed with `tokenHash`; those of an earlier holder of the seat are removed. */
  private async holderDevices(matchId: string, side: string, tokenHash: string): Promise<PushDevice[]> {
    const all = await this.svc.ctx.store.listPushSubscriptions(matchId, side);
    for (const d of all) if (d.tokenHash !== tokenHash) await this.svc.ctx.store.removePushSubscription(matchId, side, d.endpoint);
    return all.filter((d) => d.tokenHash === tokenHash);
  }

  /** Sets or clears the seat's `notify.push` (inside the lane). */
  private async mark(live: Live, side: string, on: boolean): Promise<void> {
    const n: Notify = live.seats[side]?.notify ?? {};
    if (!!n.push === on) return;
    const { push: _old, ...rest } = n;
    const next: Notify | null = on ? { ...rest, push: true } : Object.keys(rest).length ? rest : null;
    await this.svc.play.commit(live, { seats: { [side]: { notify: next } } });
  }

  /** An http(s) URL (https only, and no literal private address, unless `allowPrivate`); 400 otherwise. */
  private checkEndpoint(endpoint: string): string {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest('The push endpoint is not a URL.', 'bad-subscription');
    }
    if (url.protocol !== 'https:' && !(this.allowPrivate && url.protocol === 'http:')) throw badRequest('A push endpoint must be an https URL.', 'bad-subscription');
    if (url.username || url.password) throw badRequest('A push endpoint carries no user name or password.', 'bad-subscription');
    try {
      refuseLiteral(url, this.allowPrivate);
    } catch (e) {
      if (e instanceof RefusedAddress) throw badRequest('A push endpoint must be on a public address.', 'bad-subscription');
      throw e;
    }
    return endpoint;
  }
}

/** The keys as the store keeps them (base64url without padding): `p256dh` a point of P-256, `auth` 16 bytes; 400 otherwise. */
function checkKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const p256dh = Buffer.from(keys.p256dh.replace(/=+$/, ''), 'base64url');
  const auth = Buffer.from(keys.auth.replace(/=+$/, ''), 'base64url');
  if (auth.length !== 16) throw badRequest('keys.auth must be 16 bytes in base64url.', 'bad-subscription');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw badRequest('keys.p256dh must be an uncompressed P-256 public key (65 bytes) in base64url.', 'bad-subscription');
  try {
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    throw badRequest('keys.p256dh is not a point of P-256.', 'bad-subscription');
  }
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

function requireSide(live: Live, side: string): void {
  if (!live.game.sides.includes(side)) throw forbidden('Only a seat can be notified: this is the spectator link.', 'spectator');
}
