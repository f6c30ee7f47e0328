/**
 * Move deadlines: the clock lives here, never in the engine. A side gets a due time when
 * it gets a decision (service.dueChanges); `tick()` sends the reminder at half time and,
 * at expiry, marks the side overdue (pushed to every audience, noticed to every seat).
 * Nothing automatic loses a game: the creator decides (extend, forfeit, abandon).
 *
 * Each mark is set by a conditional update, so two processes ticking the same database
 * send each reminder once.
 */
import { SPECTATOR } from '../engine';
import type { MatchService } from './service';

export class Deadlines {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private svc: MatchService) {}

  /** Checks every running clock now (the service's `now`). */
  async tick(): Promise<{ reminded: number; overdue: number }> {
    const now = this.svc.now();
    const seats = await this.svc.prisma.seat.findMany({
      where: { dueAt: { not: null }, overdueAt: null, match: { status: 'active', moveDeadlineMs: { not: null } } },
      select: { matchId: true, side: true, dueAt: true, remindedAt: true, match: { select: { moveDeadlineMs: true } } },
    });
    let reminded = 0;
    let overdue = 0;
    for (const s of seats) {
      const due = s.dueAt!.getTime();
      const ms = s.match.moveDeadlineMs!;
      if (now >= due) {
        if (await this.markOverdue(s.matchId, s.side, s.dueAt!)) overdue++;
      } else if (!s.remindedAt && now >= due - ms / 2) {
        const won = await this.svc.prisma.seat.updateMany({
          where: { matchId: s.matchId, side: s.side, dueAt: s.dueAt, remindedAt: null },
          data: { remindedAt: new Date(now) },
        });
        if (won.count === 1) {
          reminded++;
          const live = await this.svc.load(s.matchId);
          const seat = live.seats[s.side];
          if (seat && seat.dueAt?.getTime() === due) seat.remindedAt = new Date(now);
          this.svc.notice(live, s.side, 'reminder');
        }
      }
    }
    return { reminded, overdue };
  }

  private markOverdue(matchId: string, side: string, dueAt: Date): Promise<boolean> {
    return this.svc.inLane(matchId, async (live) => {
      const seat = live.seats[side];
      if (!seat || live.status !== 'active') return false;
      const won = await this.svc.prisma.seat.updateMany({ where: { matchId, side, dueAt, overdueAt: null }, data: { overdueAt: new Date(this.svc.now()) } });
      if (won.count !== 1) return false;
      // Our copy may be older than the database (another process); reload it before pushing.
      this.svc.forget(matchId);
      const fresh = await this.svc.load(matchId);
      await this.svc.commitChange(fresh, {});
      const overdue = fresh.game.sides.filter((s) => fresh.seats[s]?.overdueAt);
      for (const s of fresh.game.sides) this.svc.notice(fresh, s, 'overdue', { overdue });
      this.svc.emit(matchId, [...fresh.game.sides, SPECTATOR], 'overdue', { sides: overdue });
      this.svc.logger.info({ matchId, side }, 'move overdue');
      return true;
    });
  }

  /** Ticks every `everyMs` until stopped (errors are logged, never thrown). */
  start(everyMs: number): void {
    if (this.timer || everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err) => this.svc.logger.error({ err }, 'deadline check failed'))
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
