/**
 * Seats and the match's life around the rules: claiming a seat (a display name, where
 * notices go), joining a listed match, leaving, the creator's decisions (re-issue a seat,
 * set the deadline, abandon, declare an overdue side forfeited), the open list, rematches.
 *
 * Status: a match waits while a seat is free. A seat is taken when its holder claims it,
 * connects a socket with its link, or acts; the match is active once every seat is taken.
 * A seat holder may act while the match waits (a sealed deployment can start before the
 * other player has opened the link).
 */
import { botSeatsOf } from './bot-marks';
import { SPECTATOR, type Viewer } from '../engine';
import type { MatchContext } from './context';
import type { Creation, CreatedMatch, SeatLink } from './create';
import { badRequest, conflict, forbidden, notFound, unprocessable } from './errors';
import { commitChange, vacatedCommits, type CommitInput } from './dice';
import { mergeChanges } from './deadline-policy';
import { isOver, seqOf, type CommittedBy, type Live, type MatchStatus, type SeatState } from './live';
import type { LiveMatches } from './loading';
import type { Play } from './play';
import type { Pushes } from './pushes';
import type { Seats } from './seats';
import { hashToken, newSecret, newToken } from './tokens';
import { notifyFrom, notifyView, type NotifyInput, type NotifyView } from './notify-settings';

export interface ClaimInput extends CommitInput {
  name?: string;
  notify?: NotifyInput | null;
}

export interface Claimed {
  side: string;
  name: string | null;
  status: MatchStatus;
  notify: NotifyView | null;
  /** The key of this seat's webhook signatures (HMAC-SHA256), when it has a webhook. */
  webhookSecret?: string;
  /** The seat's dice commitment as held now, and who stands for it in the dice (src/matches/dice.ts). */
  commitment: string | null;
  by: CommittedBy | null;
  /** Whether the seat's value is revealed (held in escrow until the end). */
  revealed: boolean;
}

export interface OpenMatch {
  id: string;
  game: string;
  gameName: string;
  /** The sides still free. */
  open: string[];
  /** The display names of the players already seated. */
  players: Record<string, string | null>;
  moveDeadlineMs: number | null;
  createdAt: string;
}

/** What the lobby needs of the match service. */
export interface LobbyDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'load'>;
  play: Pick<Play, 'commit' | 'end'>;
  seats: Pick<Seats, 'revoked'>;
  creation: Pick<Creation, 'create'>;
  pushes: Pick<Pushes, 'emit'>;
}

export class Lobby {
  private ctx: MatchContext;

  constructor(private svc: LobbyDeps) {
    this.ctx = svc.ctx;
  }

  /** The holder of `side`'s link takes the seat (again: updates its name and notices). */
  claim(matchId: string, side: Viewer, input: ClaimInput): Promise<Claimed> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a seat can be claimed: this is the spectator link.', 'spectator');
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const seat = live.seats[side]!;
      const change: Partial<SeatState> = { claimed: true, ...commitChange(live, side, input, this.ctx.seatValues !== false) };
      if (input.name !== undefined) change.name = input.name;
      const notifyChange = notifyFrom(input.notify, seat.notify);
      if (notifyChange !== undefined) change.notify = notifyChange;
      const notify = change.notify !== undefined ? change.notify : seat.notify;
      if (notify?.webhook && !seat.secret) change.secret = newSecret();
      await this.svc.play.commit(live, { seats: { [side]: change } }, side);
      this.ctx.logger.info({ matchId, side, status: live.status }, 'seat claimed');
      const now = live.seats[side]!;
      return {
        side,
        name: now.name,
        status: live.status,
        notify: notifyView(now.notify),
        ...(now.notify?.webhook && now.secret ? { webhookSecret: now.secret } : {}),
        commitment: now.commitment,
        by: now.committedBy,
        revealed: !!now.value,
      };
    });
  }

  /**
   * The seat reveals its dice value (docs/fairness.md): checked against its commitment and
   * kept in escrow until the match ends. A client reveals once every seat is taken and it
   * has seen every other seat's commitment.
   */
  reveal(matchId: string, side: Viewer, value: string): Promise<Claimed> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a seat has a dice value to reveal: this is the spectator link.', 'spectator');
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const change = commitChange(live, side, { value }, this.ctx.seatValues !== false);
      if (Object.keys(change).length > 0) await this.svc.play.commit(live, { seats: { [side]: change } }, side);
      const now = live.seats[side]!;
      return { side, name: now.name, status: live.status, notify: notifyView(now.notify), commitment: now.commitment, by: now.committedBy, revealed: !!now.value };
    });
  }

  /**
   * A socket connected with a seat's link: the seat is taken, if it was free, with the
   * handshake's commitment if it carries one (and the seat has none yet).
   */
  async touch(matchId: string, side: Viewer, input: CommitInput = {}): Promise<void> {
    const live = await this.svc.matches.load(matchId);
    const wants = (l: Live) => !l.seats[side]?.claimed || (input.commitment !== undefined && l.seats[side]?.commitment !== input.commitment);
    if (!live.game.sides.includes(side) || !wants(live) || isOver(live.status)) return;
    await this.svc.matches.inLane(matchId, async (l) => {
      if (!wants(l) || isOver(l.status)) return;
      const change: Partial<SeatState> = { claimed: true, ...commitChange(l, side, input, this.ctx.seatValues !== false) };
      if (l.seats[side]?.claimed && change.commitment === undefined) return;
      await this.svc.play.commit(l, { seats: { [side]: change } }, side);
    });
  }

  /** Anyone takes a free seat of a listed match that waits: a new token is made for it. */
  join(matchId: string, side: string | undefined, input: ClaimInput): Promise<Claimed & SeatLink> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (!live.listed) throw notFound(`There is no open match "${matchId}".`);
      if (live.status !== 'waiting') throw conflict(`The match is ${live.status}: no seat is free.`, 'no-free-seat');
      const free = live.game.sides.filter((s) => !live.seats[s]!.claimed);
      const chosen = side ?? free[0];
      if (!chosen || !live.game.sides.includes(chosen)) throw badRequest(`"${side}" is not a side of ${live.game.name} (${live.game.sides.join(', ')}).`, 'bad-side');
      if (!free.includes(chosen)) throw conflict(`The ${chosen} seat is taken. Free: ${free.join(', ') || 'none'}.`, 'seat-taken');
      const token = newToken();
      const notify = notifyFrom(input.notify, null) ?? null;
      const change: Partial<SeatState> = {
        claimed: true,
        name: input.name ?? null,
        notify,
        secret: notify?.webhook ? newSecret() : null,
        ...commitChange(live, chosen, input, this.ctx.seatValues !== false),
      };
      await this.svc.play.commit(live, { seats: { [chosen]: change }, tokens: { [chosen]: hashToken(token) } }, chosen);
      this.svc.seats.revoked(matchId, chosen);
      this.ctx.logger.info({ matchId, side: chosen, status: live.status }, 'seat joined');
      return {
        side: chosen,
        token,
        url: this.ctx.link(matchId, token),
        name: change.name ?? null,
        status: live.status,
        notify: notifyView(notify),
        ...(change.secret ? { webhookSecret: change.secret } : {}),
        commitment: live.seats[chosen]!.commitment,
        by: live.seats[chosen]!.committedBy,
        revealed: !!live.seats[chosen]!.value,
      };
    });
  }

  /** The player leaves: the seat's link stops working and the seat is free (the match waits). */
  leave(matchId: string, side: Viewer): Promise<{ side: string; status: MatchStatus }> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a player can leave a seat.', 'spectator');
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      await this.vacate(live, side);
      this.ctx.logger.info({ matchId, side }, 'seat left');
      return { side, status: live.status };
    });
  }

  /** The creator makes a new link for a seat; the old one stops working and the seat is free. */
  reissue(matchId: string, side: string): Promise<{ side: string } & SeatLink> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (side !== SPECTATOR && !live.game.sides.includes(side)) throw badRequest(`"${side}" is not a seat of ${live.game.name}.`, 'bad-side');
      const token = newToken();
      if (side === SPECTATOR) {
        await this.ctx.store.update(matchId, { seats: { [side]: { tokenHash: hashToken(token) } } });
        this.svc.seats.revoked(matchId, side);
      } else {
        if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
        this.requireReissuable(live, side);
        await this.vacate(live, side, token);
      }
      this.ctx.logger.info({ matchId, side }, 'seat re-issued');
      return { side, token, url: this.ctx.link(matchId, token) };
    });
  }

  /**
   * Ruling: a side's seat is re-issued only while no decision of its player is known to be in
   * it, since its new holder sees that side's view. Refused (409) when its side has acted
   * where everyone may know it (`seat-played`: a public step, an undo of one, a resignation),
   * or when a player holds it and is not overdue (`seat-taken`). Decided from public facts
   * only: whether the side took private steps (behind the screen, out of sight) never changes
   * the answer, which the creator — usually the other player — reads. So a seat whose side has
   * taken private steps only, and whose player is overdue or has left, may be handed on: its
   * new holder plays that side from where its player left it, those steps included.
   */
  private requireReissuable(live: Live, side: string): void {
    if (live.tl.seqs.publicRowsOf(side) > 0) {
      throw conflict(
        `The ${side} seat holds its player's decisions: it cannot be re-issued, since its new holder would see them. Extend the deadline, declare the side forfeited once it is overdue, or abandon the match.`,
        'seat-played',
      );
    }
    const seat = live.seats[side];
    if (seat?.claimed && !seat.overdueAt) {
      throw conflict(`The ${side} seat is taken: only a free seat, or one whose player is overdue, can be re-issued.`, 'seat-taken');
    }
  }

  private async vacate(live: Live, side: string, token = newToken()): Promise<void> {
    // Before the seal its commitment goes with the seat (the next holder commits its own), and
    // every value already revealed is void; after it, the dice hold them (src/matches/dice.ts).
    await this.svc.play.commit(live, {
      seats: mergeChanges({ [side]: { claimed: false, name: null, notify: null, secret: null } }, vacatedCommits(live, side)),
      tokens: { [side]: hashToken(token) },
    });
    this.svc.seats.revoked(live.id, side);
  }

  /**
   * The creator's view of the match: seats (no token), status, deadline. The creator is
   * usually a player, so its `seq` is the spectators' (the steps every side may know of; the
   * real one once the match is over): never the real seq, which counts every private step.
   */
  async manage(matchId: string) {
    const live = await this.svc.matches.load(matchId);
    return {
      id: live.id,
      game: live.game.id,
      status: live.status,
      listed: live.listed,
      seq: seqOf(live, SPECTATOR),
      seats: Object.fromEntries(
        live.game.sides.map((s) => {
          const seat = live.seats[s]!;
          return [s, { claimed: seat.claimed, name: seat.name, dueAt: seat.dueAt?.toISOString() ?? null, overdue: seat.overdueAt !== null, notices: !!seat.notify }];
        }),
      ),
      moveDeadlineMs: live.deadlineMs,
      rematch: live.rematchId,
    };
  }

  /** The creator sets (or clears, with null) the move deadline; every running clock starts afresh. */
  setDeadline(matchId: string, minutes: number | null): Promise<{ moveDeadlineMs: number | null }> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const ms = minutes === null ? null : Math.round(minutes * 60_000);
      const reset: Record<string, Partial<SeatState>> = {};
      for (const s of live.game.sides) reset[s] = { dueAt: null, remindedAt: null, overdueAt: null };
      // The reset first; the new due times (the deadline policy's) over it.
      await this.svc.play.commit(live, { deadlineMs: ms, base: reset });
      return { moveDeadlineMs: ms };
    });
  }

  /** The creator ends the match without a result. */
  abandon(matchId: string): Promise<{ status: MatchStatus }> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (isOver(live.status)) throw unprocessable(`The match is already ${live.status}.`, 'not-active');
      await this.svc.play.commit(live, { status: 'abandoned' });
      this.ctx.logger.info({ matchId }, 'match abandoned');
      return { status: live.status };
    });
  }

  /** The creator declares an overdue side (or one whose time bank ran out) forfeited: the other side wins. Only such a side. */
  forfeit(matchId: string, side: string) {
    return this.svc.play.end(matchId, side, 'forfeit', (live) => {
      const seat = live.seats[side];
      if (seat?.overdueAt) return 'deadline';
      if (seat?.bankOutAt) return 'time';
      throw unprocessable(`The ${side} player is not overdue: only an overdue side can be declared forfeited.`, 'not-overdue');
    });
  }

  /** Listed matches waiting for a player: no secret, only what a stranger needs to join. */
  async openMatches(limit = 50): Promise<OpenMatch[]> {
    const rows = await this.ctx.store.listMatches({ status: 'waiting', listed: true, order: 'created', limit });
    return rows.flatMap((m) => {
      const game = this.ctx.games.get(m.game);
      if (!game) return [];
      const seats = m.seats.filter((s) => s.side !== SPECTATOR);
      return [
        {
          id: m.id,
          game: m.game,
          gameName: game.name,
          open: game.sides.filter((s) => !seats.find((x) => x.side === s)?.claimedAt),
          players: Object.fromEntries(seats.filter((s) => s.claimedAt).map((s) => [s.side, s.name])),
          moveDeadlineMs: m.moveDeadlineMs,
          createdAt: m.createdAt.toISOString(),
        },
      ];
    });
  }

  /**
   * A rematch of an ended match: the first player to ask creates it (same game and
   * options, same or swapped sides, names and notices carried over) and becomes its
   * creator; each player who asks gets a new link for the seat that is now theirs.
   */
  rematch(matchId: string, side: Viewer, swap: boolean): Promise<{ id: string; side: string; swapped: boolean } & SeatLink & Partial<Pick<CreatedMatch, 'creator' | 'spectator'>>> {
    return this.svc.matches.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a player can ask for a rematch.', 'spectator');
      if (!isOver(live.status)) throw conflict(`The match is ${live.status}: a rematch follows a match that has ended.`, 'not-over');
      const sides = live.game.sides;
      const mapSide = (s: string, swapped: boolean) => (swapped ? sides[(sides.indexOf(s) + 1) % sides.length]! : s);
      if (live.rematchId) {
        const next = live.rematchId;
        const mine = mapSide(side, live.rematchSwap);
        const token = newToken();
        await this.svc.matches.inLane(next, (n) => this.svc.play.commit(n, { seats: { [mine]: { claimed: true } }, tokens: { [mine]: hashToken(token) } }));
        this.svc.seats.revoked(next, mine);
        return { id: next, side: mine, swapped: live.rematchSwap, token, url: this.ctx.link(next, token) };
      }
      const mine = mapSide(side, swap);
      // Names and notices carried over; the other player's seat is reserved for them (its link is made when they ask).
      const from = Object.fromEntries(sides.map((s) => [mapSide(s, swap), live.seats[s]!]));
      // The computer stays the computer: a bot seat's side (swapped or not) is the rematch's bot seat, of the same kind.
      const stored = await this.ctx.store.readMatch(matchId);
      const bots = Object.fromEntries([...botSeatsOf(stored?.seats ?? [])].map(([s, b]) => [mapSide(s, swap), b.kind]));
      const created = await this.svc.creation.create(
        live.game.id,
        live.options,
        { deadlineMinutes: live.deadlineMs ? live.deadlineMs / 60_000 : null, clock: live.clock?.config ?? null, bots },
        (s) => {
          const old = from[s];
          if (!old) return {};
          // Web Push devices are a match's own: the rematch's seat has none until its holder subscribes there.
          const notify = old.notify ? { ...old.notify } : null;
          if (notify) delete notify.push;
          return { name: old.name, notify, webhookSecret: old.secret, ...(s === mine ? { claimedAt: new Date(this.ctx.now()) } : {}) };
        },
      );
      await this.svc.play.commit(live, { rematch: { id: created.id, swap } });
      this.svc.pushes.emit(matchId, [...sides, SPECTATOR], 'rematch', { id: created.id, by: side, swapped: swap });
      this.ctx.logger.info({ matchId, rematch: created.id, swapped: swap }, 'rematch created');
      const link = created.seats[mine]!;
      return { id: created.id, side: mine, swapped: swap, token: link.token, url: link.url, creator: created.creator, spectator: created.spectator };
    });
  }
}
