/**
 * Time banks (issue #15): when a side's bank runs out, the creator's choice at creation —
 * `flag` (the side is marked out of time, pushed to every audience and noticed to every
 * seat like an overdue mark; the match goes on, and the creator may declare the side
 * forfeited) or `forfeit` (the match ends at once, the other side winning). And the pause:
 * one player proposes, the other agrees, and no bank runs (nor runs out) until either
 * resumes. Who owes a decision and what is left is clock-policy.ts's (pure).
 *
 * Each expiry is a durable job due at its time (src/server/jobs.ts, through the deadline
 * scheduler), and `tick()` checks every running bank (at start-up, and by polling): a bank
 * that ran out while no server ran is handled by the first to look. Handled once: a flag
 * is a conditional update (the bank must still run out at that time and not be out), a
 * forfeit is a row appended on a copy just read from the store (the unique (match, seq)
 * key refuses a second). An action that comes after a bank ran out, before its expiry was
 * handled, handles it first (Play's `settle`), so the time a page shows is the one enforced.
 */
import { SPECTATOR, type Viewer } from '../engine';
import { bankDue } from './clock-policy';
import type { MatchContext } from './context';
import { forbidden, unprocessable } from './errors';
import { isOver, type Live, type StateBody } from './live';
import type { LiveMatches } from './loading';
import { Owed, type NoticeSubject, type Notices } from './notices';
import type { BankHooks, Play } from './play';
import type { Pushes } from './pushes';

/** What the time banks need of the match service. */
export interface TimeBankDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'reload'>;
  play: Pick<Play, 'commit' | 'endIn' | 'body'>;
  notices: Pick<Notices, 'notice' | 'outbox' | 'once' | 'committed'>;
  pushes: Pick<Pushes, 'emit'>;
}

export class TimeBanks implements BankHooks {
  private ctx: MatchContext;

  constructor(private svc: TimeBankDeps) {
    this.ctx = svc.ctx;
  }

  /** Each running bank's expiry becomes a job due when it runs out, into `owed` (once per due time; the outbox dedupes across processes too). */
  schedule(live: NoticeSubject, owed: Owed): void {
    const outbox = this.svc.notices.outbox;
    if (!outbox || !live.clock || live.clock.pausedAt || live.status !== 'active') return;
    for (const side of live.game.sides) {
      const seat = live.seats[side];
      if (!seat?.bankDueAt || seat.bankOutAt) continue;
      const dueAt = seat.bankDueAt;
      this.svc.notices.once(`${live.id}:${side}:bank:${dueAt.getTime()}`, owed, () => outbox.bankJobs(live.id, side, dueAt));
    }
  }

  /** Inside the lane: handles every bank of `live` that has run out by now; the copy to go on with. */
  async settle(live: Live): Promise<Live> {
    for (const { side, dueAt } of bankDue(live, this.ctx.now())) {
      live = (await this.expireIn(live, side, dueAt)) ?? live;
      if (isOver(live.status)) break;
    }
    return live;
  }

  /** An expiry job came due: `side`'s bank that ran out at `dueAt`. Nothing happens if it was stopped, paused or set again since, or handled already. */
  fire(matchId: string, side: string, dueAt: Date): Promise<boolean> {
    return this.svc.matches.inLane(matchId, async (live) => (await this.expireIn(live, side, dueAt)) !== null);
  }

  /** Checks every running bank now: the catch-up at start-up, and polling. Returns how many ran out. */
  async tick(): Promise<number> {
    const now = this.ctx.now();
    let out = 0;
    for (const b of await this.ctx.store.runningBanks()) {
      if (b.dueAt.getTime() <= now && (await this.fire(b.matchId, b.side, b.dueAt))) out++;
    }
    return out;
  }

  /**
   * `side`'s bank ran out at `dueAt`: flag or forfeit, on a copy read afresh from the store
   * (another process may have moved on). Null when there was nothing (left) to do.
   */
  private async expireIn(live: Live, side: string, dueAt: Date): Promise<Live | null> {
    const fresh = await this.svc.matches.reload(live.id);
    const seat = fresh.seats[side];
    const clock = fresh.clock;
    if (!clock || clock.pausedAt || fresh.status !== 'active' || !seat || seat.bankOutAt || seat.bankDueAt?.getTime() !== dueAt.getTime()) return null;
    const at = new Date(this.ctx.now());
    const log = this.ctx.logger.child({ matchId: live.id, side });
    if (clock.config.onTimeout === 'forfeit') {
      await this.svc.play.endIn(fresh, side, 'forfeit', 'time', { [side]: { bankMs: 0, bankDueAt: null, bankOutAt: at } });
      log.info('out of time: the match is forfeited');
      return fresh;
    }
    // The notices go in the mark's own statement: a crash after it loses none (and a retried job, finding the mark set, sends none again).
    const sides = fresh.game.sides;
    const overdue = sides.filter((s) => s === side || fresh.seats[s]?.overdueAt || fresh.seats[s]?.bankOutAt);
    const owed = new Owed();
    for (const s of sides) this.svc.notices.notice(fresh, s, 'overdue', { overdue }, owed);
    if (!(await this.ctx.store.markBankOut(live.id, side, dueAt, at, owed.jobs))) return null;
    this.svc.notices.committed(owed);
    const flagged = await this.svc.matches.reload(live.id);
    await this.svc.play.commit(flagged, {});
    this.svc.pushes.emit(live.id, [...sides, SPECTATOR], 'overdue', { sides: overdue });
    log.info('out of time: flagged');
    return flagged;
  }

  /**
   * A player asks to pause the banks: a proposal, or — when the other side proposed one —
   * the pause itself (no bank runs until either resumes). Asking again changes nothing.
   */
  pause(matchId: string, side: Viewer): Promise<StateBody> {
    return this.inLaneWithClock(matchId, side, async (live) => {
      const clock = live.clock!;
      if (clock.pausedAt || clock.pauseBy === side) return;
      if (clock.pauseBy) {
        await this.svc.play.commit(live, { clock: { pausedAt: new Date(this.ctx.now()), pauseBy: null } }, side);
        this.ctx.logger.info({ matchId, side, proposedBy: clock.pauseBy }, 'time banks paused');
      } else {
        await this.svc.play.commit(live, { clock: { pauseBy: side } }, side);
        this.ctx.logger.info({ matchId, side }, 'pause of the time banks proposed');
      }
    });
  }

  /** Either player resumes paused banks (each side that owes a decision starts again), or withdraws or declines a proposed pause. */
  resume(matchId: string, side: Viewer): Promise<StateBody> {
    return this.inLaneWithClock(matchId, side, async (live) => {
      const clock = live.clock!;
      if (!clock.pausedAt && !clock.pauseBy) return;
      await this.svc.play.commit(live, { clock: { pausedAt: null, pauseBy: null } }, side);
      this.ctx.logger.info({ matchId, side }, clock.pausedAt ? 'time banks resumed' : 'proposed pause withdrawn');
    });
  }

  private inLaneWithClock(matchId: string, side: Viewer, work: (live: Live) => Promise<void>): Promise<StateBody> {
    return this.svc.matches.inLane(matchId, async (cached) => {
      if (side === SPECTATOR || !cached.game.sides.includes(side)) throw forbidden('Only a player can pause or resume the clocks.', 'spectator');
      if (!cached.clock) throw unprocessable('This match has no time banks to pause or resume.', 'no-clock');
      const live = await this.settle(cached);
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      await work(live);
      return this.svc.play.body(live, side, -1);
    });
  }
}
