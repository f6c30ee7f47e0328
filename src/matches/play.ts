/**
 * Play: an action, an undo or an end is checked against the live copy, appended as one
 * row in one store call (with the match's seq and status, seat marks and any snapshot),
 * and only then taken into the live copy, published and noticed. A change that appends
 * no row (a seat taken, a deadline, an abandonment) goes the same way through `commit`.
 * See docs/architecture.md, "The hot path".
 */
import { DiceNotSealed, NOTHING_TO_UNDO, RuleError, orderLog, SeqCounter, SPECTATOR, type EndReason, type Planned, type Row, type Viewer } from '../engine';
import { SeqTaken, type MatchPatch, type SeatPatch } from '../store/match-store';
import type { MatchContext } from './context';
import { bankChanges, clockOf } from './clock-policy';
import { sealFor } from './dice';
import { dueChanges, mergeChanges, statusWith, withChanges, type SeatChanges } from './deadline-policy';
import { badRequest, conflict, forbidden, unprocessable, zodMessage } from './errors';
import { isOver, seqOf, stateBody, type Live, type MatchStatus, type StateBody } from './live';
import type { Followed, LiveMatches } from './loading';
import { Owed, type NoticeSubject, type Notices } from './notices';
import type { Mover, Pushes } from './pushes';
import { withFields } from '../engine/objects';

/** A change that appends no row: seat marks, the status, new tokens, the match's own columns. */
export interface Change {
  /** Seat changes; they win over the deadline policy's. */
  seats?: SeatChanges;
  /** Seat changes the deadline policy may override (a reset of every clock). */
  base?: SeatChanges;
  status?: MatchStatus;
  /** New token hashes by side (a seat joined, left or re-issued). */
  tokens?: Record<string, string>;
  /** The move deadline (null: none). */
  deadlineMs?: number | null;
  rematch?: { id: string; swap: boolean };
  /** The time banks' pause (both players agreed) or a proposed pause (time-bank.ts). */
  clock?: { pausedAt?: Date | null; pauseBy?: string | null };
}

/** What the time banks (time-bank.ts) do around a change: settle a bank that ran out before an action, schedule the expiries after a change. */
export interface BankHooks {
  /** Handles each bank of `live` that has run out by now (flag or forfeit); the live copy to go on with. Runs inside the lane. */
  settle(live: Live): Promise<Live>;
  /** Each running bank's expiry becomes a job (on the server), into `owed`. */
  schedule(live: NoticeSubject, owed: Owed): void;
}

/** How an accepted change is answered: the sender's whole state (HTTP), or only its new seq (a socket's acknowledgement: its state comes as a push). */
export type Answer = 'body' | 'seq';
export type Answered<A extends Answer> = A extends 'seq' ? { seq: number } : StateBody;

/** What the standing orders (orders.ts) do around a change: after each, a side whose orders decide its new prompt has them applied. */
export interface OrderHooks {
  /** Schedules the orders' next step, if any side's orders decide its prompt now (outside the lane: the step takes its own turn). */
  schedule(live: Live): void;
  /** `side` took back a step: its orders wait until it acts itself. */
  held(live: Live, side: Viewer): void;
  /** `side`'s person acted: its orders act again from now. */
  byPerson(live: Live, side: Viewer): void;
}

/** An order that took a step: its rule, in words for its side. */
export interface OrderNote {
  rule: string;
}

export class Play {
  /** Set by the service: the time banks' part in every change. */
  banks: BankHooks | null = null;
  /** Set by the service: the standing orders' part in every change. */
  orders: OrderHooks | null = null;

  constructor(
    private ctx: MatchContext,
    private matches: Pick<LiveMatches, 'inLane' | 'reload' | 'touch'>,
    private pushes: Pick<Pushes, 'publish'>,
    private notices: Pick<Notices, 'promptHolders' | 'afterChange' | 'committed'>,
    private snapshotEvery: number,
  ) {}

  /**
   * Applies `action` for `side` if `expectedSeq` is the seq it knows. Resolves with the
   * sender's new state once the action's row is stored; rejects with an ApiError (400,
   * 409, 422) and no change otherwise.
   */
  submit<A extends Answer = 'body'>(matchId: string, side: Viewer, expectedSeq: number, action: unknown, answer?: A, mover?: Mover): Promise<Answered<A>> {
    return this.matches.inLane(matchId, async (cached) => {
      requireSide(cached, side);
      const parsed = parseAction(cached, action);
      const live = await this.settle(await this.requireSeq(cached, side, expectedSeq));
      const out = await this.act(live, side, parsed, null, answer, mover);
      this.orders?.byPerson(live, side);
      return out;
    });
  }

  /**
   * `side`'s action (parsed, for a person's) on the live copy, inside its lane: a person's (`order` null), or the one its
   * standing orders took (src/matches/orders.ts), which goes the same way — the same check, row,
   * pushes and undo — with a log entry to that side alone naming the order.
   */
  async act<A extends Answer = 'body'>(live: Live, side: Viewer, action: unknown, order: OrderNote | null, answer?: A, mover?: Mover): Promise<Answered<A>> {
    const parsed = order ? parseAction(live, action) : action;
    requireRunning(live);
    let planned: Planned;
    let sealing: SeatChanges = {};
    try {
      planned = live.tl.planAction(side, parsed);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      if (!(e instanceof DiceNotSealed)) throw unprocessable(e.message, e.code);
      // The first die of the match: the dice are sealed just before this action (src/matches/dice.ts).
      const seal = sealFor(live, side);
      sealing = seal.seats;
      try {
        planned = live.tl.planAction(side, parsed, seal.dice);
      } catch (again) {
        if (again instanceof RuleError) throw unprocessable(again.message, again.code);
        throw again;
      }
    }
    if (order) planned = { ...planned, row: { ...planned.row, log: [...planned.row.log, orderLog(side, order.rule)] } };
    return this.append(live, planned, planned.result ? 'finished' : undefined, sealing, answer, mover, order !== null);
  }

  /** Takes back `side`'s last decision, if nothing was learned since (see Timeline.planUndo). */
  undo<A extends Answer = 'body'>(matchId: string, side: Viewer, expectedSeq: number, answer?: A, mover?: Mover): Promise<Answered<A>> {
    return this.matches.inLane(matchId, async (cached) => {
      requireSide(cached, side);
      const live = await this.settle(await this.requireSeq(cached, side, expectedSeq));
      requireRunning(live);
      const planned = live.tl.planTakeBack(side);
      if (!planned) throw unprocessable(NOTHING_TO_UNDO, 'cannot-undo');
      // What the side took back is its to decide again: its orders wait for its own next action.
      this.orders?.held(live, side);
      return this.append(live, planned, undefined, {}, answer, mover);
    });
  }

  /** Ends the match: `side` resigns (or, by the creator's decision, forfeits); `check` may refuse first. */
  end<A extends Answer = 'body'>(
    matchId: string,
    side: Viewer,
    kind: 'resign' | 'forfeit',
    check?: (live: Live) => EndReason | void,
    answer?: A,
    mover?: Mover,
  ): Promise<Answered<A>> {
    return this.matches.inLane(matchId, async (live) => {
      requireSide(live, side);
      requireRunning(live);
      return this.append(live, live.tl.planEnd(kind, side, check?.(live) ?? 'deadline'), 'finished', {}, answer, mover);
    });
  }

  /** Ends the match inside its lane: `side` resigns or forfeits (`reason` 'time': its time bank ran out); `seats`: changes that go with it. */
  endIn(live: Live, side: Viewer, kind: 'resign' | 'forfeit', reason: EndReason = 'deadline', seats: SeatChanges = {}): Promise<StateBody> {
    return this.append(live, live.tl.planEnd(kind, side, reason), 'finished', seats);
  }

  /** A bank that ran out before this action is handled first (time-bank.ts): the action comes after the flag, or after the end. */
  private settle(live: Live): Promise<Live> {
    return this.banks ? this.banks.settle(live) : Promise.resolve(live);
  }

  /** Appends one planned row in one store call, then takes it into the live copy, publishes, and sends the notices it calls for. */
  private async append<A extends Answer = 'body'>(
    live: Live,
    planned: Planned,
    newStatus?: MatchStatus,
    sealing: SeatChanges = {},
    answer?: A,
    mover?: Mover,
    byOrder = false,
  ): Promise<Answered<A>> {
    const { row } = planned;
    const side = row.side;
    const now = this.ctx.now();
    const promptsBefore = this.notices.promptHolders(live);
    // Acting with a seat's link takes the seat (the creator handed the link to its player); an order is not its player acting.
    const claim: SeatChanges = row.kind !== 'forfeit' && !byOrder && !live.seats[side]?.claimed ? { [side]: { claimed: true } } : {};
    const status = newStatus ?? statusWith(live.game, live.status, live.seats, claim);
    const ended = isOver(status) && !isOver(live.status);
    const due = dueChanges({ game: live.game, seats: live.seats, deadlineMs: live.deadlineMs, state: planned.state, status, now });
    const banks = bankChanges({ game: live.game, seats: live.seats, clock: live.clock, state: planned.state, status, now });
    const seats = mergeChanges(claim, due, banks, sealing);
    const sealSeq = planned.seal ? row.seq - 1 : undefined;
    const match: MatchPatch = {
      status,
      ...(ended ? { endedAt: new Date(now) } : {}),
      ...(row.kind === 'resign' || row.kind === 'forfeit' ? { result: planned.result } : {}),
      ...(sealSeq !== undefined ? { diceSealSeq: sealSeq } : {}),
    };
    const snapshot = row.seq % this.snapshotEvery === 0 || ended ? { seq: row.seq, state: planned.state } : undefined;
    // What the change owes (notices, clocks' jobs), from the match as it leaves it, goes in its own statement.
    const owed = new Owed();
    const after = afterRow(live, planned, status, withChanges(live.seats, seats));
    // A side whose orders acted was not there: it is told when its person is needed after its own order's step too.
    this.notices.afterChange(after, promptsBefore, byOrder ? null : side, ended, owed);
    this.banks?.schedule(after, owed);
    try {
      await this.ctx.store.append(live.id, row, { match, seats: seatPatches(seats, {}, now), snapshot, jobs: owed.jobs });
    } catch (e) {
      if (e instanceof SeqTaken) {
        // Another process appended this seq first: our copy is stale.
        const fresh = await this.matches.reload(live.id);
        throw conflict('Another action was accepted first.', 'stale-seq', this.body(fresh, side, -1));
      }
      throw e;
    }
    const seqsBefore = live.tl.seqs.snapshot();
    const wasOver = isOver(live.status);
    live.tl.accept(planned);
    live.seats = withChanges(live.seats, seats);
    live.status = status;
    if (sealSeq !== undefined) live.dice = { ...live.dice, sealSeq };
    // Per action: debug (an info line per move would be most of a busy server's log); a match's end stays at info.
    this.ctx.logger[ended ? 'info' : 'debug']({ matchId: live.id, seq: row.seq, side, kind: row.kind, status }, 'action accepted');
    this.pushes.publish(live, audiencesOf(live, row, ended), ended && !wasOver ? {} : seqsBefore, (l, v, a) => this.body(l, v, a), false, mover);
    this.notices.committed(owed);
    this.orders?.schedule(live);
    if (answer === 'seq') {
      this.matches.touch(live);
      return { seq: seqOf(live, side) } as Answered<A>;
    }
    return this.body(live, side, -1) as Answered<A>;
  }

  /**
   * Commits a change that appends no row (a seat taken or left, a deadline, an
   * abandonment, a rematch) in one store call, applies it to the live copy and publishes
   * it to every audience. Runs inside the match's lane.
   */
  async commit(live: Live, change: Change, actor: string | null = null): Promise<void> {
    const now = this.ctx.now();
    const deadlineMs = change.deadlineMs !== undefined ? change.deadlineMs : live.deadlineMs;
    const base = withChanges(live.seats, change.base ?? {});
    const status = change.status ?? statusWith(live.game, live.status, base, change.seats);
    const due = dueChanges({ game: live.game, seats: base, deadlineMs, state: live.tl.state, status, now });
    const clock = change.clock && live.clock ? { ...live.clock, ...change.clock } : live.clock;
    const banks = bankChanges({ game: live.game, seats: base, clock, state: live.tl.state, status, now });
    const seats = mergeChanges(change.base, due, banks, change.seats);
    const ended = isOver(status) && !isOver(live.status);
    const promptsBefore = live.status === 'active' ? this.notices.promptHolders(live) : Object.fromEntries(live.game.sides.map((s) => [s, false]));
    const match: MatchPatch = {
      status,
      ...(ended ? { endedAt: new Date(now) } : {}),
      ...(change.deadlineMs !== undefined ? { moveDeadlineMs: change.deadlineMs } : {}),
      ...(change.rematch ? { rematch: change.rematch } : {}),
      ...(change.clock?.pausedAt !== undefined ? { clockPausedAt: change.clock.pausedAt } : {}),
      ...(change.clock?.pauseBy !== undefined ? { clockPauseBy: change.clock.pauseBy } : {}),
    };
    // The state an ended match ends with is kept, so that its verification compares with it.
    const snapshot = ended ? { seq: live.tl.seq, state: live.tl.state } : undefined;
    const owed = new Owed();
    const after: NoticeSubject = { id: live.id, game: live.game, status, seats: withChanges(live.seats, seats), deadlineMs, clock, tl: live.tl };
    this.notices.afterChange(after, promptsBefore, actor, ended, owed);
    this.banks?.schedule(after, owed);
    await this.ctx.store.update(live.id, { match, seats: seatPatches(seats, change.tokens ?? {}, now), snapshot, jobs: owed.jobs });
    const seqsBefore = live.tl.seqs.snapshot();
    live.seats = withChanges(live.seats, seats);
    live.status = status;
    live.deadlineMs = deadlineMs;
    if (clock !== live.clock) live.clock = clock;
    if (change.rematch) {
      live.rematchId = change.rematch.id;
      live.rematchSwap = change.rematch.swap;
    }
    this.pushes.publish(live, [...live.game.sides, SPECTATOR], ended ? {} : seqsBefore, (l, v, a) => this.body(l, v, a));
    this.notices.committed(owed);
    this.orders?.schedule(live);
  }

  /**
   * Pushes a change another process made, as LiveMatches.reload takes it in, to this
   * process's sockets as that process pushed it to its own: a row to the audiences its
   * `append` pushed it to, a change of the match's columns to everyone. With neither (a
   * rebuild), to the audiences whose seq moved. No notice: that process sent them.
   */
  followed(live: Live, { row, before, wasOver, columns }: Followed): void {
    const everyone = [...live.game.sides, SPECTATOR];
    const ended = isOver(live.status) && !wasOver;
    const audiences = row ? audiencesOf(live, row, ended) : columns ? everyone : everyone.filter((v) => live.tl.seqs.of(v) !== (before[v] ?? -1));
    if (audiences.length > 0) this.pushes.publish(live, audiences, ended ? {} : before, (l, v, a) => this.body(l, v, a), true);
  }

  /** What `viewer` may see of `live` now, with its log entries after `afterSeq`. */
  body(live: Live, viewer: Viewer, afterSeq: number): StateBody {
    this.matches.touch(live);
    const body = stateBody(live, viewer, afterSeq);
    const clock = clockOf(live, this.ctx.now());
    return clock ? withFields(body, { clock }) : body;
  }

  /**
   * The live copy if `expectedSeq` is the seq `side` knows; 409 with the current state if not.
   * A client ahead of our copy may mean another process appended meanwhile: one read of the
   * match's head tells, and the copy is rebuilt only when the stored seq is not ours. So a
   * client sending seq+1 costs the same whatever the other side did in secret (a rebuild
   * replays the hidden steps, and its time would count them).
   */
  private async requireSeq(live: Live, side: Viewer, expectedSeq: number): Promise<Live> {
    let known = live.tl.seqs.of(side);
    if (expectedSeq > known) {
      const head = await this.ctx.store.readMatch(live.id);
      if (head && head.seq !== live.tl.seq) {
        live = await this.matches.reload(live.id);
        known = live.tl.seqs.of(side);
      }
    }
    if (expectedSeq !== known) {
      throw conflict(`The match has moved on: you sent seq ${expectedSeq}, it is at ${known}.`, 'stale-seq', this.body(live, side, -1));
    }
    return live;
  }
}

/**
 * The match as `planned`'s row will leave it, before the row is committed (the live copy is
 * changed only after): its state, each viewer's seq counted as `Timeline.hold` counts it, and
 * its result as `Timeline.result` gives it (a resignation's or forfeit's, else the rules').
 */
function afterRow(live: Live, planned: Planned, status: MatchStatus, seats: Live['seats']): NoticeSubject {
  const { row } = planned;
  const seqs = new SeqCounter(live.game.sides);
  seqs.copyFrom(live.tl.seqs);
  seqs.add(row.side, row.private, row.kind !== 'forfeit', row.unshared === true && !row.private);
  const result = row.kind === 'resign' || row.kind === 'forfeit' ? (planned.result ?? null) : live.game.result(planned.state.game);
  return {
    id: live.id,
    game: live.game,
    status,
    seats,
    deadlineMs: live.deadlineMs,
    clock: live.clock,
    tl: { state: planned.state, seqs, result: () => result, lastKind: new Map(live.tl.lastKind).set(row.side, row.kind) },
  };
}

/** Who is pushed a row: those who may know of it (a private step: its actor; an unshared one: the sides), everyone once it ends the match. */
function audiencesOf(live: Live, row: Pick<Row, 'side' | 'private' | 'unshared'>, ended: boolean): Viewer[] {
  if (ended) return [...live.game.sides, SPECTATOR];
  if (row.private) return [row.side];
  return row.unshared === true ? [...live.game.sides] : [...live.game.sides, SPECTATOR];
}

/** The action as the game's schema reads it; 400 `invalid-action` for anything else, before the rules run. */
function parseAction(live: Live, action: unknown): unknown {
  const parsed = live.game.action.safeParse(action);
  if (!parsed.success) throw badRequest(`Invalid action: ${zodMessage(parsed.error)}`, 'invalid-action');
  return parsed.data;
}

function requireSide(live: Live, side: Viewer): void {
  if (side === SPECTATOR || !live.game.sides.includes(side)) throw forbidden('Spectators cannot act.', 'spectator');
}

function requireRunning(live: Live): void {
  if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
}

/** Seat changes as the store takes them: a claim as its time, new token hashes beside. */
function seatPatches(changes: SeatChanges, tokens: Record<string, string>, now: number): Record<string, SeatPatch> {
  const out: Record<string, SeatPatch> = {};
  for (const [side, c] of Object.entries(changes)) {
    const p: SeatPatch = {};
    if (c.claimed !== undefined) p.claimedAt = c.claimed ? new Date(now) : null;
    if ('name' in c) p.name = c.name;
    if ('notify' in c) p.notify = c.notify;
    if ('secret' in c) p.webhookSecret = c.secret;
    if ('dueAt' in c) p.dueAt = c.dueAt;
    if ('remindedAt' in c) p.remindedAt = c.remindedAt;
    if ('overdueAt' in c) p.overdueAt = c.overdueAt;
    if ('commitment' in c) p.commitment = c.commitment;
    if ('value' in c) p.value = c.value;
    if ('committedBy' in c) p.committedBy = c.committedBy;
    if ('bankMs' in c) p.bankMs = c.bankMs;
    if ('bankDueAt' in c) p.bankDueAt = c.bankDueAt;
    if ('bankOutAt' in c) p.bankOutAt = c.bankOutAt;
    out[side] = p;
  }
  for (const [side, hash] of Object.entries(tokens)) out[side] = { ...out[side], tokenHash: hash };
  return out;
}
