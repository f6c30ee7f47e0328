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
import { promptOf, type MatchState, type Timeline } from '../engine';
import type { OutboxJob } from '../store/match-store';
import type { MatchContext } from './context';
import type { Live } from './live';
import type { Notice, NoticeEvent, Notifier, Target } from './notify';
import { modeOf, optOutLink } from './notify-modes';

/**
 * The server's durable jobs (src/server/jobs.ts) as outbox rows: what a change owes is written
 * in the change's own statement (the store's `Write.jobs`), then relayed to the job queue.
 */
export interface Outbox {
  /** A notice's jobs, one per channel. */
  noticeJobs(target: Target, notice: Notice): OutboxJob[];
  /** A move clock's reminder at `remindAt` (when not yet sent) and its expiry at `dueAt`. */
  deadlineJobs(matchId: string, side: string, dueAt: Date, remindAt: Date | null): OutboxJob[];
  /** A time bank's run-out at `dueAt`. */
  bankJobs(matchId: string, side: string, dueAt: Date): OutboxJob[];
  /** Relays what was just committed (soon; never throws, never waits). */
  relay(): void;
}

/** A match as a notice reads it: the live copy, or the copy a change is about to make (before it is committed). */
export type NoticeSubject = Pick<Live, 'id' | 'game' | 'status' | 'seats' | 'deadlineMs' | 'clock'> & { tl: Pick<Timeline, 'state' | 'seqs' | 'result' | 'lastKind'> };

/**
 * What a change owes, gathered before it is committed: the outbox's jobs (written in the
 * change's statement), or, without an outbox, the deliveries to start once it is committed.
 */
export class Owed {
  readonly jobs: OutboxJob[] = [];
  /** Run once the change is committed, in order. */
  readonly then: (() => void)[] = [];
}

export class Notices {
  /** Set on the server: notices and each due time set become outbox jobs (without it, notices go to the in-process notifier and `Deadlines.tick` polls). */
  outbox: Outbox | null = null;
  private scheduled = new Set<string>();

  constructor(
    private ctx: MatchContext,
    private notifier?: Pick<Notifier, 'notify'>,
  ) {}

  /** Set by the service: the standing orders, which take some decisions without the person (orders.ts). */
  orders: { decisionOf(live: NoticeSubject, side: string, state: MatchState): unknown } | null = null;

  /** Which sides need their person now: a decision to make that their standing orders do not take. */
  promptHolders(live: NoticeSubject, state: MatchState = live.tl.state): Record<string, boolean> {
    return Object.fromEntries(live.game.sides.map((s) => [s, promptOf(live.game, state.game, s) !== null && !this.orders?.decisionOf(live, s, state)]));
  }

  /**
   * What a change owes, into `owed`, from the match as the change leaves it (`live`, not yet
   * committed): "your move" to each other side that now has a decision, "over" to all at the
   * end, and the jobs of each clock it sets.
   */
  afterChange(live: NoticeSubject, promptsBefore: Record<string, boolean>, actor: string | null, ended: boolean, owed: Owed): void {
    this.scheduleDeadlines(live, owed);
    if (ended) {
      for (const s of live.game.sides) this.notice(live, s, 'match-over', {}, owed);
      return;
    }
    if (live.status !== 'active') return;
    const now = this.promptHolders(live);
    for (const s of live.game.sides) if (s !== actor && now[s] && !promptsBefore[s]) this.notice(live, s, 'your-move', {}, owed);
  }

  /** Once the change that owed `owed` is committed: the deliveries start, or the relay is told. */
  committed(owed: Owed): void {
    for (const f of owed.then) f();
    if (owed.jobs.length > 0) this.outbox?.relay();
  }

  /** Where `side`'s notices go now, as its seat chose (null: nowhere). */
  target(live: Pick<NoticeSubject, 'id' | 'seats'>, side: string): Target | null {
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

  /** A notice for `side`, if its seat has an address, into `owed` (sent once the change that owes it is committed). */
  notice(live: NoticeSubject, side: string, event: NoticeEvent, extra: Partial<Notice>, owed: Owed): void {
    const target = this.outbox || this.notifier ? this.target(live, side) : null;
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
    const keyed = { ...target, key: `${live.id}:${side}:${event}:${which}` };
    if (this.outbox) owed.jobs.push(...this.outbox.noticeJobs(keyed, notice));
    else owed.then.push(() => this.notifier!.notify(keyed, notice));
  }

  /**
   * Jobs once per key in this process: a key is taken as written once the change that wrote it
   * is committed (the outbox keeps one row per key across processes too).
   */
  once(key: string, owed: Owed, jobs: () => OutboxJob[]): void {
    if (this.scheduled.has(key)) return;
    owed.jobs.push(...jobs());
    owed.then.push(() => {
      if (this.scheduled.size > 10_000) this.scheduled.clear();
      this.scheduled.add(key);
    });
  }

  /** Each running clock's reminder and expiry become jobs (once per due time; the outbox dedupes across processes too). */
  private scheduleDeadlines(live: NoticeSubject, owed: Owed): void {
    const outbox = this.outbox;
    if (!outbox || live.status !== 'active' || !live.deadlineMs) return;
    const deadlineMs = live.deadlineMs;
    for (const side of live.game.sides) {
      const seat = live.seats[side];
      if (!seat?.dueAt || seat.overdueAt) continue;
      const dueAt = seat.dueAt;
      const remindAt = seat.remindedAt ? null : new Date(dueAt.getTime() - deadlineMs / 2);
      this.once(`${live.id}:${side}:${dueAt.getTime()}`, owed, () => outbox.deadlineJobs(live.id, side, dueAt, remindAt));
    }
  }
}
