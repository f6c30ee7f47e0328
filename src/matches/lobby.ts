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
import { randomBytes } from 'node:crypto';
import { nanoid } from 'nanoid';
import { SPECTATOR, type Viewer } from '../engine';
import { Prisma } from '../store/generated/client';
import { badRequest, conflict, forbidden, notFound, unprocessable } from './errors';
import { isOver, type Live, type MatchStatus, type Notify, type SeatState } from './live';
import { hashToken, newToken, type CreatedMatch, type MatchService, type SeatLink } from './service';

export interface ClaimInput {
  name?: string;
  notify?: Notify | null;
}

export interface Claimed {
  side: string;
  name: string | null;
  status: MatchStatus;
  notify: Notify | null;
  /** The key of this seat's webhook signatures (HMAC-SHA256), when it has a webhook. */
  webhookSecret?: string;
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

const newSecret = () => randomBytes(32).toString('hex');

export class Lobby {
  constructor(private svc: MatchService) {}

  /** The holder of `side`'s link takes the seat (again: updates its name and notices). */
  claim(matchId: string, side: Viewer, input: ClaimInput): Promise<Claimed> {
    return this.svc.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a seat can be claimed: this is the spectator link.', 'spectator');
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const seat = live.seats[side]!;
      const change: Partial<SeatState> = { claimed: true };
      if (input.name !== undefined) change.name = input.name;
      if (input.notify !== undefined) change.notify = input.notify && (input.notify.webhook || input.notify.email) ? input.notify : null;
      const notify = change.notify !== undefined ? change.notify : seat.notify;
      if (notify?.webhook && !seat.secret) change.secret = newSecret();
      await this.svc.commitChange(live, { seats: { [side]: change } }, [], side);
      this.svc.logger.info({ matchId, side, status: live.status }, 'seat claimed');
      const now = live.seats[side]!;
      return { side, name: now.name, status: live.status, notify: now.notify, ...(now.notify?.webhook && now.secret ? { webhookSecret: now.secret } : {}) };
    });
  }

  /** A socket connected with a seat's link: the seat is taken, if it was free. */
  async touch(matchId: string, side: Viewer): Promise<void> {
    const live = await this.svc.load(matchId);
    if (!live.game.sides.includes(side) || live.seats[side]?.claimed || isOver(live.status)) return;
    await this.svc.inLane(matchId, async (l) => {
      if (l.seats[side]?.claimed || isOver(l.status)) return;
      await this.svc.commitChange(l, { seats: { [side]: { claimed: true } } }, [], side);
    });
  }

  /** Anyone takes a free seat of a listed match that waits: a new token is made for it. */
  join(matchId: string, side: string | undefined, input: ClaimInput): Promise<Claimed & SeatLink> {
    return this.svc.inLane(matchId, async (live) => {
      if (!live.listed) throw notFound(`There is no open match "${matchId}".`);
      if (live.status !== 'waiting') throw conflict(`The match is ${live.status}: no seat is free.`);
      const free = live.game.sides.filter((s) => !live.seats[s]!.claimed);
      const chosen = side ?? free[0];
      if (!chosen || !live.game.sides.includes(chosen)) throw badRequest(`"${side}" is not a side of ${live.game.name} (${live.game.sides.join(', ')}).`, 'bad-side');
      if (!free.includes(chosen)) throw conflict(`The ${chosen} seat is taken. Free: ${free.join(', ') || 'none'}.`);
      const token = newToken();
      const notify = input.notify && (input.notify.webhook || input.notify.email) ? input.notify : null;
      const change: Partial<SeatState> = { claimed: true, name: input.name ?? null, notify, secret: notify?.webhook ? newSecret() : null };
      await this.svc.commitChange(
        live,
        { seats: { [chosen]: change } },
        [this.svc.prisma.seat.updateMany({ where: { matchId, side: chosen }, data: { tokenHash: hashToken(token) } })],
        chosen,
      );
      this.svc.revoked(matchId, chosen);
      this.svc.logger.info({ matchId, side: chosen, status: live.status }, 'seat joined');
      return {
        side: chosen,
        token,
        url: this.svc.link(matchId, token),
        name: change.name ?? null,
        status: live.status,
        notify,
        ...(change.secret ? { webhookSecret: change.secret } : {}),
      };
    });
  }

  /** The player leaves: the seat's link stops working and the seat is free (the match waits). */
  leave(matchId: string, side: Viewer): Promise<{ side: string; status: MatchStatus }> {
    return this.svc.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a player can leave a seat.', 'spectator');
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      await this.vacate(live, side);
      this.svc.logger.info({ matchId, side }, 'seat left');
      return { side, status: live.status };
    });
  }

  /** The creator makes a new link for a seat; the old one stops working and the seat is free. */
  reissue(matchId: string, side: string): Promise<{ side: string } & SeatLink> {
    return this.svc.inLane(matchId, async (live) => {
      if (side !== SPECTATOR && !live.game.sides.includes(side)) throw badRequest(`"${side}" is not a seat of ${live.game.name}.`, 'bad-side');
      const token = newToken();
      if (side === SPECTATOR) {
        await this.svc.prisma.seat.updateMany({ where: { matchId, side }, data: { tokenHash: hashToken(token) } });
        this.svc.revoked(matchId, side);
      } else {
        if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
        await this.vacate(live, side, token);
      }
      this.svc.logger.info({ matchId, side }, 'seat re-issued');
      return { side, token, url: this.svc.link(matchId, token) };
    });
  }

  private async vacate(live: Live, side: string, token = newToken()): Promise<void> {
    await this.svc.commitChange(
      live,
      { seats: { [side]: { claimed: false, name: null, notify: null, secret: null } } },
      [this.svc.prisma.seat.updateMany({ where: { matchId: live.id, side }, data: { tokenHash: hashToken(token) } })],
    );
    this.svc.revoked(live.id, side);
  }

  /** The creator's view of the match: seats (no token), status, deadline. */
  async manage(matchId: string) {
    const live = await this.svc.load(matchId);
    return {
      id: live.id,
      game: live.game.id,
      status: live.status,
      listed: live.listed,
      seq: live.tl.seq,
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
    return this.svc.inLane(matchId, async (live) => {
      if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
      const ms = minutes === null ? null : Math.round(minutes * 60_000);
      const reset: Record<string, Partial<SeatState>> = {};
      for (const s of live.game.sides) reset[s] = { dueAt: null, remindedAt: null, overdueAt: null };
      // The deadline and the reset go first in the transaction; the new due times after them.
      const writes = [this.svc.prisma.match.update({ where: { id: matchId }, data: { moveDeadlineMs: ms } }), ...this.svc.seatWrites(live, reset)];
      const before = { deadlineMs: live.deadlineMs, seats: structuredClone(live.seats) };
      live.deadlineMs = ms;
      this.svc.applySeats(live, reset);
      try {
        await this.svc.commitChange(live, {}, writes);
      } catch (e) {
        live.deadlineMs = before.deadlineMs;
        live.seats = before.seats;
        throw e;
      }
      return { moveDeadlineMs: ms };
    });
  }

  /** The creator ends the match without a result. */
  abandon(matchId: string): Promise<{ status: MatchStatus }> {
    return this.svc.inLane(matchId, async (live) => {
      if (isOver(live.status)) throw unprocessable(`The match is already ${live.status}.`, 'not-active');
      await this.svc.commitChange(live, { status: 'abandoned' });
      this.svc.logger.info({ matchId }, 'match abandoned');
      return { status: live.status };
    });
  }

  /** The creator declares an overdue side forfeited: the other side wins. Only an overdue side. */
  forfeit(matchId: string, side: string) {
    return this.svc.end(matchId, side, 'forfeit', (live) => {
      if (!live.seats[side]?.overdueAt) throw unprocessable(`The ${side} player is not overdue: only an overdue side can be declared forfeited.`, 'not-overdue');
    });
  }

  /** Listed matches waiting for a player: no secret, only what a stranger needs to join. */
  async openMatches(limit = 50): Promise<OpenMatch[]> {
    const rows = await this.svc.prisma.match.findMany({
      where: { status: 'waiting', listed: true },
      orderBy: { createdAt: 'desc' },
      take: limit,
      select: { id: true, game: true, moveDeadlineMs: true, createdAt: true, seats: { select: { side: true, name: true, claimedAt: true } } },
    });
    return rows.flatMap((m) => {
      const game = this.svc.opts.games.get(m.game);
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
    return this.svc.inLane(matchId, async (live) => {
      if (!live.game.sides.includes(side)) throw forbidden('Only a player can ask for a rematch.', 'spectator');
      if (!isOver(live.status)) throw conflict(`The match is ${live.status}: a rematch follows a match that has ended.`);
      const prisma = this.svc.prisma;
      const sides = live.game.sides;
      const mapSide = (s: string, swapped: boolean) => (swapped ? sides[(sides.indexOf(s) + 1) % sides.length]! : s);
      if (live.rematchId) {
        const row = await prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { rematchSwap: true } });
        const swapped = row.rematchSwap === true;
        const mine = mapSide(side, swapped);
        const token = newToken();
        await prisma.seat.updateMany({ where: { matchId: live.rematchId, side: mine }, data: { tokenHash: hashToken(token), claimedAt: new Date(this.svc.now()) } });
        const next = live.rematchId;
        this.svc.forget(next);
        this.svc.revoked(next, mine);
        await this.svc.inLane(next, async (n) => this.svc.commitChange(n, {}));
        return { id: next, side: mine, swapped, token, url: this.svc.link(next, token) };
      }
      const created = await this.svc.create(live.game.id, live.options, { deadlineMinutes: live.deadlineMs ? live.deadlineMs / 60_000 : null });
      const mine = mapSide(side, swap);
      const old = await prisma.seat.findMany({ where: { matchId, side: { in: [...sides] } } });
      const writes: Prisma.PrismaPromise<unknown>[] = [];
      for (const s of old) {
        const to = mapSide(s.side, swap);
        writes.push(
          prisma.seat.updateMany({
            where: { matchId: created.id, side: to },
            data: {
              name: s.name,
              notify: s.notify === null ? Prisma.DbNull : (s.notify as Prisma.InputJsonValue),
              webhookSecret: s.webhookSecret,
              // The other player's seat is reserved for them: its link is made when they ask.
              ...(to === mine ? { claimedAt: new Date(this.svc.now()) } : { tokenHash: hashToken(newToken()) }),
            },
          }),
        );
      }
      writes.push(prisma.match.update({ where: { id: matchId }, data: { rematchId: created.id, rematchSwap: swap } }));
      await prisma.$transaction(writes);
      live.rematchId = created.id;
      this.svc.forget(created.id);
      await this.svc.commitChange(live, {});
      this.svc.emit(matchId, [...sides, SPECTATOR], 'rematch', { id: created.id, by: side, swapped: swap });
      this.svc.logger.info({ matchId, rematch: created.id, swapped: swap }, 'rematch created');
      const link = created.seats[mine]!;
      return { id: created.id, side: mine, swapped: swap, token: link.token, url: link.url, creator: created.creator, spectator: created.spectator };
    });
  }
}

export const newSeatId = () => nanoid(12);
