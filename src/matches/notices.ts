/**
 * Which notices a change calls for, and what each holds: "your move" to each other side
 * that now has a decision, "match over" to all at the end, reminders and overdue marks
 * from the deadline clock. Delivery is notify.ts's (a queue that never blocks a match).
 * A notice holds nothing hidden: the match, the side, that side's own seq, a link
 * without a token.
 */
import { promptOf, type MatchState } from '../engine';
import type { MatchContext } from './context';
import type { Live } from './live';
import type { Notice, NoticeEvent, Notifier } from './notify';

export class Notices {
  constructor(
    private ctx: MatchContext,
    private notifier?: Pick<Notifier, 'notify'>,
  ) {}

  /** Which sides have a decision to make now. */
  promptHolders(live: Live, state: MatchState = live.tl.state): Record<string, boolean> {
    return Object.fromEntries(live.game.sides.map((s) => [s, promptOf(live.game, state.game, s) !== null]));
  }

  /** The notices after a change: "your move" to each other side that now has a decision, "over" to all at the end. */
  afterChange(live: Live, promptsBefore: Record<string, boolean>, actor: string | null, ended: boolean): void {
    if (ended) {
      for (const s of live.game.sides) this.notice(live, s, 'match-over');
      return;
    }
    if (live.status !== 'active') return;
    const now = this.promptHolders(live);
    for (const s of live.game.sides) if (s !== actor && now[s] && !promptsBefore[s]) this.notice(live, s, 'your-move');
  }

  /** Queues a notice for `side`, if its seat has an address. */
  notice(live: Live, side: string, event: NoticeEvent, extra: Partial<Notice> = {}): void {
    const seat = live.seats[side];
    if (!this.notifier || !seat?.notify || (!seat.notify.webhook && !seat.notify.email)) return;
    const result = live.tl.result();
    this.notifier.notify(
      { ...seat.notify, secret: seat.secret ?? undefined },
      {
        event,
        match: live.id,
        game: live.game.id,
        gameName: live.game.name,
        side,
        seq: live.tl.seqs.of(side),
        link: this.ctx.link(live.id),
        at: new Date(this.ctx.now()).toISOString(),
        ...(event === 'match-over' && result ? { result: result.text } : {}),
        ...(seat.dueAt ? { dueAt: seat.dueAt.toISOString() } : {}),
        ...extra,
      },
    );
  }
}
