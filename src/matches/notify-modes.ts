/** When each channel of a seat's notices sends, and the seat's unsubscribe link (notices.ts, notify-settings.ts). */
import type { MatchContext } from './context';
import type { Notify, NotifyMode } from '../store/match-store';

export type NotifyChannel = 'webhook' | 'email' | 'push';

export function modeOf(n: Notify | null | undefined, channel: NotifyChannel): NotifyMode {
  return n?.when?.[channel] ?? 'away';
}

/** The seat's unsubscribe link: `<public url>/api/matches/<id>/opt-out/<side>/<key>`. */
export function optOutLink(ctx: Pick<MatchContext, 'link'>, matchId: string, side: string, key: string): string {
  const page = ctx.link(matchId);
  const base = page.slice(0, page.length - `/m/${matchId}`.length);
  return `${base}/api/matches/${encodeURIComponent(matchId)}/opt-out/${encodeURIComponent(side)}/${key}`;
}
