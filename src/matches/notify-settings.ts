/**
 * A seat's notice settings, kept in its `notify` JSON: the addresses (claim, join), whether
 * its holder subscribed a device to Web Push (the devices themselves: push-subscriptions.ts),
 * when each channel sends (always / away / never), and the email opt-out key — the last part
 * of the seat's unsubscribe link (List-Unsubscribe), which turns its email notices off
 * and can do nothing else.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MatchContext } from './context';
import { forbidden, notFound } from './errors';
import type { Live, Notify } from './live';
import type { LiveMatches } from './loading';
import type { Play } from './play';
import type { NotifyMode } from '../store/match-store';
import { modeOf } from './notify-modes';

export type { NotifyMode } from '../store/match-store';
export { modeOf, optOutLink, type NotifyChannel } from './notify-modes';

/** What a client sends: addresses and, optionally, when each channel sends. */
export interface NotifyInput {
  webhook?: string;
  email?: string;
  when?: { webhook?: NotifyMode; email?: NotifyMode; push?: NotifyMode };
}

/** What a seat's holder is told of its settings: which addresses it has, and when each sends (never the opt-out key). */
export interface NotifyView {
  webhook?: string;
  email?: string;
  /** A device of the seat's holder is subscribed to Web Push. */
  push?: boolean;
  when: { webhook: NotifyMode; email: NotifyMode; push: NotifyMode };
}

/**
 * The seat's new `notify` from a claim or join (`input` undefined: unchanged; null or no
 * address: none). An email keeps the seat's opt-out key, or gets a new one. The seat's Web
 * Push devices are not addresses given here: they stay, and so does their choice of when.
 */
export function notifyFrom(input: NotifyInput | null | undefined, previous: Notify | null): Notify | null | undefined {
  if (input === undefined) return undefined;
  if (!input || (!input.webhook && !input.email)) return previous?.push ? { push: true, ...(previous.when?.push ? { when: { push: previous.when.push } } : {}) } : null;
  const out: Notify = previous?.push ? { push: true } : {};
  if (input.webhook) out.webhook = input.webhook;
  if (input.email) {
    out.email = input.email;
    out.optOut = previous?.optOut ?? randomBytes(24).toString('base64url');
  }
  const when = { ...previous?.when, ...input.when };
  if (Object.keys(when).length) out.when = when;
  return out;
}

/** The settings as their holder sees them (no opt-out key). */
export function notifyView(n: Notify | null): NotifyView | null {
  if (!n) return null;
  return {
    ...(n.webhook ? { webhook: n.webhook } : {}),
    ...(n.email ? { email: n.email } : {}),
    ...(n.push ? { push: true } : {}),
    when: { webhook: modeOf(n, 'webhook'), email: modeOf(n, 'email'), push: modeOf(n, 'push') },
  };
}

export interface NotifySettingsDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'load'>;
  play: Pick<Play, 'commit'>;
}

export class NotifySettings {
  constructor(private svc: NotifySettingsDeps) {}

  async view(matchId: string, side: string): Promise<NotifyView> {
    const live = await this.svc.matches.load(matchId);
    requireSide(live, side);
    return notifyView(live.seats[side]!.notify) ?? { when: { webhook: 'away', email: 'away', push: 'away' } };
  }

  /** The seat's holder chooses when each channel sends. */
  setWhen(matchId: string, side: string, when: NonNullable<NotifyInput['when']>): Promise<NotifyView> {
    return this.svc.matches.inLane(matchId, async (live) => {
      requireSide(live, side);
      const n = live.seats[side]!.notify ?? {};
      const next: Notify = { ...n, when: { ...n.when, ...when } };
      await this.svc.play.commit(live, { seats: { [side]: { notify: next } } });
      this.svc.ctx.logger.info({ matchId, side, when: next.when }, 'notice settings changed');
      return notifyView(next)!;
    });
  }

  /** 404 unless `key` is the seat's opt-out key. */
  async checkOptOut(matchId: string, side: string, key: string): Promise<void> {
    optOutSeat(await this.svc.matches.load(matchId), side, key);
  }

  /** The unsubscribe link: email notices of the seat turn off ("never"). 404 for any other key. */
  optOut(matchId: string, side: string, key: string): Promise<{ email: NotifyMode }> {
    return this.svc.matches.inLane(matchId, async (live) => {
      const n = optOutSeat(live, side, key);
      if (modeOf(n, 'email') !== 'never') {
        await this.svc.play.commit(live, { seats: { [side]: { notify: { ...n, when: { ...n.when, email: 'never' } } } } });
        this.svc.ctx.logger.info({ matchId, side }, 'email notices turned off by the unsubscribe link');
      }
      return { email: 'never' };
    });
  }
}

function optOutSeat(live: Live, side: string, key: string): Notify {
  const n = live.game.sides.includes(side) ? live.seats[side]?.notify : null;
  if (!n?.optOut || !sameKey(n.optOut, key)) throw notFound('This unsubscribe link is not (or no longer) valid.');
  return n;
}

function requireSide(live: Live, side: string): void {
  if (!live.game.sides.includes(side)) throw forbidden('Only a seat has notice settings: this is the spectator link.', 'spectator');
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
