/**
 * Which notices a change calls for, and what each holds: "your move" to each other side
 * that now has a decision its standing orders do not take (orders.ts: a person is needed), "match over" to all at the end, reminders and overdue marks
 * from the deadline clock. Delivery is notify.ts's (a queue that never blocks a match; on
 * the server, durable jobs). A notice holds nothing hidden: the match, the side, that
 * side's own seq, a link without a token.
 *
 * Each notice has an idempotency key made of public facts only (the match, the side, the
 * event, and that side's own seq or the due time), the same however often or by whichever
 * process the notice is made: `<match>:<side>:<event>:<seq | due time | end>`.
 *
 * Each channel (webhook, email, Web Push) goes "always", "away" (the default: only while no
 * socket of the seat is connected, after a grace period) or "never", by the seat's choice
 * (`notify.when`).
 */
import { promptOf, type MatchState } from '../engine';
import type { MatchContext } from './context';
import type { Live } from './live';
import type { Notice, NoticeEvent, Notifier, Target } from './notify';
import { modeOf, optOutLink } from './notify-modes';

/** Durable deadline jobs (src/server/jobs.ts): a reminder at `remindAt` (when not yet sent) and the expiry at `dueAt`. */
export interface DeadlineScheduler {
  schedule(matchId: string, side: string, dueAt: Date, remindAt: Date | null): void;
}

export class Notices {
  /** Set on the server: each due time set becomes jobs (without it, `Deadlines.tick` polls). */
  deadlines: DeadlineScheduler | null = null;
  private scheduled = new Set<string>();

  constructor(
    private ctx: MatchContext,
    private notifier?: Pick<Notifier, 'notify'>,
  ) {}

  /** Set by the service: the standing orders, which take some decisions without the person (orders.ts). */
  orders: { decisionOf(live: Live, side: string, state: MatchState): unknown } | null = null;

  /** Which sides need their person now: a decision to make that their standing orders do not take. */
  promptHolders(live: Live, state: MatchState = live.tl.state): Record<string, boolean> {
    return Object.fromEntries(live.game.sides.map((s) => [s, promptOf(live.game, state.game, s) !== null && !this.orders?.decisionOf(live, s, state)]));
  }

  /** The notices after a change: "your move" to each other side that now has a decision, "over" to all at the end. */
  afterChange(live: Live, promptsBefore: Record<string, boolean>, actor: string | null, ended: boolean): void {
    this.scheduleDeadlines(live);
    if (ended) {
      for (const s of live.game.sides) this.notice(live, s, 'match-over');
      return;
    }
    if (live.status !== 'active') return;
    const now = this.promptHolders(live);
    for (const s of live.game.sides) if (s !== actor && now[s] && !promptsBefore[s]) this.notice(live, s, 'your-move');
  }

  /** Where `side`'s notices go now, as its seat chose (null: nowhere). */
  target(live: Live, side: string): Target | null {
    const seat = live.seats[side];
    const n = seat?.notify;
    if (!n) return null;
    const t: Target = { away: [] };
    if (n.webhook && modeOf(n, 'webhook') !== 'never') t.webhook = n.webhook;
    if (n.email && modeOf(n, 'email') !== 'never') {
      t.email = n.email;
      if (n.optOut) t.optOut = optOutLink(this.ctx, live.id, side, n.optOut);
    }
    if (n.push && modeOf(n, 'push') !== 'never') t.push = true;
    if (!t.webhook && !t.email && !t.push) return null;
    if (seat.secret) t.secret = seat.secret;
    for (const c of ['webhook', 'email', 'push'] as const) if (t[c] && modeOf(n, c) === 'away') t.away!.push(c);
    return t;
  }

  /** Queues a notice for `side`, if its seat has an address. */
  notice(live: Live, side: string, event: NoticeEvent, extra: Partial<Notice> = {}): void {
    const target = this.notifier ? this.target(live, side) : null;
    if (!target) return;
    const seat = live.seats[side]!;
    const result = live.tl.result();
    const notice: Notice = {
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
    };
    const which = event === 'your-move' ? String(notice.seq) : event === 'match-over' ? 'end' : String(seat.dueAt?.getTime() ?? notice.seq);
    this.notifier!.notify({ ...target, key: `${live.id}:${side}:${event}:${which}` }, notice);
  }

  /** Each running clock's reminder and expiry become jobs (once per due time; the jobs dedupe across processes too). */
  private scheduleDeadlines(live: Live): void {
    if (!this.deadlines || live.status !== 'active' || !live.deadlineMs) return;
    for (const side of live.game.sides) {
      const seat = live.seats[side];
      if (!seat?.dueAt || seat.overdueAt) continue;
      const key = `${live.id}:${side}:${seat.dueAt.getTime()}`;
      if (this.scheduled.has(key)) continue;
      if (this.scheduled.size > 10_000) this.scheduled.clear();
      this.scheduled.add(key);
      const remindAt = seat.remindedAt ? null : new Date(seat.dueAt.getTime() - live.deadlineMs / 2);
      this.deadlines.schedule(live.id, side, seat.dueAt, remindAt);
    }
  }
}
