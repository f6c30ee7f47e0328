/**
 * Move deadlines: the clock lives here, never in the engine. A side gets a due time when
 * it gets a decision (deadline-policy.ts); `tick()` sends the reminder at half time and,
 * at expiry, marks the side overdue (pushed to every audience, noticed to every seat).
 * Nothing automatic loses a game: the creator decides (extend, forfeit, abandon).
 *
 * Each mark is set by a conditional update, so two processes ticking the same database
 * send each reminder once. The time banks' expiries (time-bank.ts) go through here too: the
 * same jobs' queue (`fire('bank', …)`) and the same tick.
 */
import { SPECTATOR } from '../engine';
import type { MatchContext } from './context';
import type { LiveMatches } from './loading';
import { Owed, type Notices } from './notices';
import type { Play } from './play';
import type { Pushes } from './pushes';
import type { TimeBanks } from './time-bank';

/** What the deadline clock needs of the match service. */
export interface DeadlineDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'load' | 'reload'>;
  play: Pick<Play, 'commit'>;
  notices: Pick<Notices, 'notice' | 'committed'>;
  pushes: Pick<Pushes, 'emit'>;
  banks: Pick<TimeBanks, 'fire' | 'tick'>;
}

export class Deadlines {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private ctx: MatchContext;

  constructor(private svc: DeadlineDeps) {
    this.ctx = svc.ctx;
  }

  /** Checks every running clock and time bank now (the service's `now`): polling, or the catch-up at start-up when deadlines are jobs. */
  async tick(): Promise<{ reminded: number; overdue: number; outOfTime?: number }> {
    const now = this.ctx.now();
    let reminded = 0;
    let overdue = 0;
    for (const s of await this.ctx.store.runningClocks()) {
      const due = s.dueAt.getTime();
      if (now >= due) {
        if (await this.markOverdue(s.matchId, s.side, s.dueAt)) overdue++;
      } else if (!s.remindedAt && now >= due - s.moveDeadlineMs / 2) {
        if (await this.remind(s.matchId, s.side, s.dueAt)) reminded++;
      }
    }
    const outOfTime = await this.svc.banks.tick();
    return { reminded, overdue, ...(outOfTime ? { outOfTime } : {}) };
  }

  /**
   * A deadline job came due: the reminder or the expiry of `side`'s clock that was due at
   * `dueAt`. Nothing happens if that clock has stopped or was set again since, or if the
   * mark is set already (by another process, or an earlier attempt of this job).
   */
  fire(kind: 'reminder' | 'expiry' | 'bank', matchId: string, side: string, dueAt: Date): Promise<boolean> {
    if (kind === 'bank') return this.svc.banks.fire(matchId, side, dueAt);
    return kind === 'expiry' ? this.markOverdue(matchId, side, dueAt) : this.remind(matchId, side, dueAt);
  }

  /** The reminder's notice goes in the mark's own statement: a crash after the mark loses none, a retried job finds the mark set and sends none again. */
  private async remind(matchId: string, side: string, dueAt: Date): Promise<boolean> {
    const live = await this.svc.matches.load(matchId);
    const owed = new Owed();
    if (live.seats[side]?.dueAt?.getTime() === dueAt.getTime()) this.svc.notices.notice(live, side, 'reminder', {}, owed);
    if (!(await this.ctx.store.markSeat(matchId, side, 'remindedAt', dueAt, new Date(this.ctx.now()), owed.jobs))) return false;
    this.svc.notices.committed(owed);
    const seat = live.seats[side];
    if (seat && seat.dueAt?.getTime() === dueAt.getTime()) seat.remindedAt = new Date(this.ctx.now());
    return true;
  }

  private markOverdue(matchId: string, side: string, dueAt: Date): Promise<boolean> {
    return this.svc.matches.inLane(matchId, async (live) => {
      const seat = live.seats[side];
      if (!seat || live.status !== 'active') return false;
      // Our copy may be older than the store (another process): the notices are made from a fresh one, and go in the mark's own statement.
      const before = await this.svc.matches.reload(matchId);
      const overdue = before.game.sides.filter((s) => s === side || before.seats[s]?.overdueAt);
      const owed = new Owed();
      for (const s of before.game.sides) this.svc.notices.notice(before, s, 'overdue', { overdue }, owed);
      if (!(await this.ctx.store.markSeat(matchId, side, 'overdueAt', dueAt, new Date(this.ctx.now()), owed.jobs))) return false;
      this.svc.notices.committed(owed);
      const fresh = await this.svc.matches.reload(matchId);
      await this.svc.play.commit(fresh, {});
      this.svc.pushes.emit(matchId, [...fresh.game.sides, SPECTATOR], 'overdue', { sides: overdue });
      this.ctx.logger.info({ matchId, side }, 'move overdue');
      return true;
    });
  }

  /** Ticks every `everyMs` until stopped (errors are logged, never thrown). */
  start(everyMs: number): void {
    if (this.timer || everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err) => this.ctx.logger.error({ err }, 'deadline check failed'))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
