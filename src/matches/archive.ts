/**
 * The admin's archive: a match file (export), its verification once the match is over,
 * import into a fresh match (refused unless the file verifies), the admin's list, and
 * replays at any seq as any viewer saw them (the engine's fold up to that row).
 */
import { createMatchState, fold, REFEREE, SPECTATOR, withoutOthersOrders, type LogEntry, type MatchState, type Viewer } from '../engine';
import type { MatchContext } from './context';
import { gameOf } from './context';
import { storedSeal } from './dice';
import { Issued, type CreatedMatch } from './create';
import { ApiError, badRequest, notFound, unprocessable } from './errors';
import { isOver, stateBody, type Live, type MatchStatus, type StateBody } from './live';
import { liveFields, type LiveMatches } from './loading';
import { hashToken } from './tokens';
import { MatchFileSchema, verifyFile, type MatchFile, type Published, type Verification } from './verify';

export { MatchFileSchema, verifyFile, type MatchFile, type Verification } from './verify';

/** What the archive needs of the match service. */
export interface ArchiveDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'load'>;
}

export class Archive {
  private ctx: MatchContext;

  constructor(private svc: ArchiveDeps) {
    this.ctx = svc.ctx;
  }

  /** The match file: game, options, seed, every row with its timestamps, the final state. */
  async exportMatch(matchId: string): Promise<MatchFile> {
    const store = this.ctx.store;
    const m = await store.readMatch(matchId);
    if (!m) throw notFound(`There is no match "${matchId}".`);
    const game = gameOf(this.ctx, m.game);
    const rows = await store.readRows(matchId, m.seq, { rolls: true });
    const snap = await store.snapshotAtOrBefore(matchId, m.seq);
    // A running match between snapshots: the server's own state, as it holds it.
    const final: MatchState = snap?.seq === m.seq ? snap.state : (await this.svc.matches.load(matchId)).tl.state;
    return {
      format: 'ironbottom/match',
      version: 1,
      exportedAt: new Date(this.ctx.now()).toISOString(),
      match: {
        id: m.id,
        game: game.id,
        options: m.options,
        seed: m.seed,
        seedHash: m.seedHash,
        status: m.status,
        result: m.result ?? (isOver(m.status) ? (await this.svc.matches.load(matchId)).tl.result() : null),
        moveDeadlineMs: m.moveDeadlineMs,
        ...(m.clock ? { clock: m.clock } : {}),
        createdAt: m.createdAt.toISOString(),
        endedAt: m.endedAt?.toISOString() ?? null,
        dice: { version: m.diceVersion === 1 ? 1 : 0, sealedAfter: m.diceSealSeq },
      },
      // Each seat's commitment and its value (the admin's file, as the seed is): the values are revealed to all once the match is over.
      seats: m.seats
        .filter((s) => s.side !== SPECTATOR)
        .map((s) => ({ side: s.side, name: s.name, claimedAt: s.claimedAt?.toISOString() ?? null, commitment: s.commitment, value: s.value, committedBy: s.committedBy })),
      setupLog: m.setupLog as MatchFile['setupLog'],
      actions: rows.map((a) => ({ ...a, log: a.log as MatchFile['setupLog'], createdAt: a.createdAt.toISOString() })),
      final: { seq: m.seq, state: final },
    };
  }

  /**
   * GET /api/matches/:id/file: a player's or a spectator's copy of the match file, once the match is over (everything
   * the game hid is revealed to all then; a side's standing orders are not the game's, and stay out of the others' copies).
   */
  async matchFile(matchId: string, viewer: Viewer): Promise<MatchFile> {
    const live = await this.svc.matches.load(matchId);
    if (!isOver(live.status)) {
      throw new ApiError(409, 'not-over', `The match is ${live.status}: its file can be downloaded once it has ended, when its seed and every seat's value are revealed.`);
    }
    const file = await this.exportMatch(matchId);
    return { ...file, actions: file.actions.map((a) => ({ ...a, log: withoutOthersOrders(a.log, viewer) })) };
  }

  /** GET /api/matches/:id/verify: only once the match is over (its seed is secret until then). */
  async verifyMatch(matchId: string, published: Published = {}): Promise<Verification> {
    const live = await this.svc.matches.load(matchId);
    if (!isOver(live.status)) {
      throw new ApiError(409, 'not-over', `The match is ${live.status}: it can be verified once it has ended, when its seed is revealed. Its seed hash is ${live.seedHash}.`);
    }
    return verifyFile(this.ctx.games, await this.exportMatch(matchId), published);
  }

  /** Imports a match file into a fresh match (new id, new links), if it verifies. */
  async importMatch(input: unknown): Promise<CreatedMatch & { importedFrom: string; verification: Verification }> {
    const parsed = MatchFileSchema.safeParse(input);
    if (!parsed.success) {
      const msg = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '/'}: ${i.message}`)
        .join('; ');
      throw badRequest(`This is not an ironbottom match file: ${msg}`, 'invalid-file');
    }
    const file = parsed.data;
    const game = gameOf(this.ctx, file.match.game);
    const v = verifyFile(this.ctx.games, file);
    if (!v.ok) {
      throw new ApiError(
        422,
        'verify-failed',
        `The file does not verify, so it was not imported: ${v.problems.slice(0, 5).join('; ')}${v.problems.length > 5 ? ` (and ${v.problems.length - 5} more)` : ''}.`,
      );
    }
    const issued = new Issued(this.ctx, game);
    const version = file.match.dice?.version ?? 0;
    const setup = createMatchState(game, file.match.options, file.match.seed, { dice: version === 0 ? 'seed' : 'unsealed' });
    const seatOf = (side: string) => file.seats.find((s) => s.side === side);
    const f = file.match;
    await this.ctx.store.createMatch({
      id: issued.id,
      game: game.id,
      options: f.options ?? {},
      seed: f.seed,
      seedHash: f.seedHash,
      status: f.status,
      setupLog: file.setupLog as LogEntry[],
      creatorHash: hashToken(issued.creator),
      moveDeadlineMs: f.moveDeadlineMs ?? null,
      ...(f.clock ? { clock: f.clock } : {}),
      result: f.result ?? null,
      createdAt: new Date(f.createdAt),
      endedAt: f.endedAt ? new Date(f.endedAt) : null,
      diceVersion: version,
      diceSealSeq: f.dice?.sealedAfter ?? null,
      seats: issued.seats((side) => {
        const s = seatOf(side);
        return {
          name: s?.name ?? null,
          claimedAt: s?.claimedAt ? new Date(s.claimedAt) : null,
          commitment: s?.commitment ?? null,
          value: s?.value ?? null,
          committedBy: s?.committedBy ?? null,
        };
      }),
      snapshots: [{ seq: 0, state: setup.state }, ...(file.final.seq > 0 ? [{ seq: file.final.seq, state: file.final.state as MatchState }] : [])],
      rows: file.actions.map((a) => ({ ...a, log: a.log as LogEntry[], createdAt: new Date(a.createdAt) })),
    });
    this.ctx.logger.info({ matchId: issued.id, importedFrom: f.id, actions: file.actions.length }, 'match imported');
    return { ...issued.created(f.status, f.seedHash), importedFrom: f.id, verification: v };
  }

  /** The admin's list: status, sides, seq, last activity; no secret. */
  async list(filter: { status?: MatchStatus; limit: number; offset: number }) {
    const store = this.ctx.store;
    const [rows, total] = await Promise.all([
      store.listMatches({ status: filter.status, order: 'updated', limit: filter.limit, offset: filter.offset }),
      store.countMatches({ status: filter.status }),
    ]);
    return {
      total,
      matches: rows.map((m) => ({
        id: m.id,
        game: m.game,
        status: m.status,
        seq: m.seq,
        listed: m.listed,
        moveDeadlineMs: m.moveDeadlineMs,
        sides: m.seats
          .filter((s) => s.side !== SPECTATOR)
          .map((s) => ({ side: s.side, name: s.name, claimed: s.claimedAt !== null, dueAt: s.dueAt?.toISOString() ?? null, overdue: s.overdueAt !== null })),
        createdAt: m.createdAt.toISOString(),
        lastActivity: m.updatedAt.toISOString(),
        endedAt: m.endedAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * The state body `as` saw at real seq `seq`: the match re-run from its seed up to that
   * row, seen through that viewer's eye (the referee sees everything; a side sees its own
   * seq and log as it knew them then). `total` is the match's number of rows.
   */
  async replay(matchId: string, seq: number, as: Viewer): Promise<StateBody> {
    const store = this.ctx.store;
    const m = await store.readMatch(matchId);
    if (!m) throw notFound(`There is no match "${matchId}".`);
    const game = gameOf(this.ctx, m.game);
    if (as !== REFEREE && as !== SPECTATOR && !game.sides.includes(as)) {
      throw badRequest(`"as" must be referee, spectator or a side of ${game.name} (${game.sides.join(', ')}).`, 'bad-viewer');
    }
    if (seq > m.seq) throw unprocessable(`The match has ${m.seq} actions: seq ${seq} is beyond its end.`, 'bad-seq');
    const rows = await store.readRows(matchId, seq);
    const base = await store.snapshotAtOrBefore(matchId, 0);
    if (!base) throw new ApiError(500, 'corrupt', `Match ${matchId} has no snapshot.`);
    const tl = fold(game, m.setupLog, rows, base, undefined, storedSeal(m, game));
    const status: MatchStatus = seq === m.seq ? m.status : tl.result() ? 'finished' : 'active';
    const fields = liveFields(m);
    // The replay shows names and claims only: no deadline, no notice address, no rematch.
    const seats = Object.fromEntries(Object.entries(fields.seats).map(([s, x]) => [s, { ...x, notify: null, secret: null, dueAt: null, remindedAt: null, overdueAt: null }]));
    const live: Live = { ...fields, game, status, deadlineMs: null, rematchId: null, rematchSwap: false, seats, tl, lastUsed: 0 };
    return { ...stateBody(live, as, -1), total: m.seq };
  }
}
