/**
 * Chat: "players" between the sides (never shown to spectators while the match runs)
 * and "spectators" among the spectator link's holders (not shown to the players while the
 * match runs, so nobody coaches a side). Once the match is over, both are open to all.
 * Stored, pushed live as the socket event `chat`, rate limited per token.
 */
import { SPECTATOR, type Viewer } from '../engine';
import type { ChatChannel, ChatRecord } from '../store/match-store';
import type { MatchContext } from './context';
import { forbidden, ApiError } from './errors';
import { isOver } from './live';
import type { LiveMatches } from './loading';
import type { Pushes } from './pushes';
import { WindowLimiter } from './limiter';

export type Channel = ChatChannel;

/** What the chat needs of the match service. */
export interface ChatDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'load'>;
  pushes: Pick<Pushes, 'emit'>;
}

export interface ChatMessage {
  id: number;
  channel: Channel;
  /** The sender's side, or "spectator". */
  from: string;
  name: string | null;
  text: string;
  at: string;
}

export class Chat {
  private limiter: WindowLimiter;

  constructor(
    private svc: ChatDeps,
    limits: { max: number; windowMs: number },
  ) {
    this.limiter = new WindowLimiter(limits.max, limits.windowMs, () => svc.ctx.now());
  }

  /** The channel a viewer writes to by default: the players' for a side, the spectators' for a spectator. */
  static channelOf(viewer: Viewer): Channel {
    return viewer === SPECTATOR ? 'spectators' : 'players';
  }

  private async mayRead(matchId: string, viewer: Viewer, channel: Channel): Promise<boolean> {
    if (Chat.channelOf(viewer) === channel) return true;
    return isOver((await this.svc.matches.load(matchId)).status);
  }

  async post(matchId: string, viewer: Viewer, channel: Channel | undefined, text: string, name: string | undefined, limitKey: string): Promise<ChatMessage> {
    const ch = channel ?? Chat.channelOf(viewer);
    if (Chat.channelOf(viewer) !== ch) {
      throw forbidden(viewer === SPECTATOR ? "Spectators write in the spectators' chat only." : "Players write in the players' chat only.", 'wrong-channel');
    }
    if (!this.limiter.take(`chat:${limitKey}`)) throw new ApiError(429, 'rate-limited', 'Too many chat messages: wait a few seconds.');
    const live = await this.svc.matches.load(matchId);
    const seatName = viewer === SPECTATOR ? null : (live.seats[viewer]?.name ?? null);
    const row = await this.svc.ctx.store.addChat({ matchId, channel: ch, sender: viewer, name: viewer === SPECTATOR ? (name ?? null) : seatName, text });
    const msg = toMessage(row);
    const audiences = ch === 'players' ? [...live.game.sides] : [SPECTATOR];
    if (isOver(live.status)) audiences.push(...(ch === 'players' ? [SPECTATOR] : live.game.sides));
    this.svc.pushes.emit(matchId, audiences, 'chat', msg);
    return msg;
  }

  async list(matchId: string, viewer: Viewer, channel: Channel | undefined, after = 0, limit = 200): Promise<ChatMessage[]> {
    const ch = channel ?? Chat.channelOf(viewer);
    if (!(await this.mayRead(matchId, viewer, ch))) {
      throw forbidden(
        ch === 'players' ? "The players' chat opens to spectators when the match is over." : "The spectators' chat opens to the players when the match is over.",
        'wrong-channel',
      );
    }
    const rows = await this.svc.ctx.store.listChat(matchId, ch, after, limit);
    return rows.map(toMessage);
  }
}

function toMessage(r: ChatRecord): ChatMessage {
  return { id: r.id, channel: r.channel, from: r.sender, name: r.name, text: r.text, at: r.createdAt.toISOString() };
}
