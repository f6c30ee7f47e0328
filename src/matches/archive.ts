/**
 * Provably fair dice and the admin's archive: a match file (export), its verification
 * (re-run from the seed and the actions: every logged roll, every log entry and the final
 * state must come out the same), import into a fresh match (refused unless the file
 * verifies), the admin's list, and replays at any seq as any viewer saw them.
 *
 * `verifyFile` needs no database: `npm run verify -- <file>` runs it on an exported file.
 */
import { nanoid } from 'nanoid';
import { z } from 'zod';
import {
  canonicalJson,
  createMatchState,
  REFEREE,
  RuleError,
  SPECTATOR,
  type GameModule,
  type LogEntry,
  type MatchState,
  type Viewer,
} from '../engine';
import { Prisma } from '../store/generated/client';
import { ApiError, badRequest, notFound, unprocessable } from './errors';
import { isOver, stateBody, type Live, type MatchStatus, type StateBody } from './live';
import { hashToken, newToken, readRows, sha256, type CreatedMatch, type MatchService, type SeatLink } from './service';
import { fold, type Row } from './timeline';

const LogEntrySchema = z.object({
  to: z.union([z.literal('public'), z.array(z.string())]),
  text: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const RollSchema = z.object({ why: z.string(), sides: z.number().int(), value: z.number().int() });

export const MatchFileSchema = z.object({
  format: z.literal('ironbottom/match'),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  match: z.object({
    id: z.string().max(40),
    game: z.string().max(40),
    options: z.unknown(),
    seed: z.string().min(1).max(200),
    seedHash: z.string().regex(/^[0-9a-f]{64}$/),
    status: z.enum(['waiting', 'active', 'finished', 'abandoned']),
    result: z.object({ winner: z.string().nullable(), text: z.string(), score: z.record(z.string(), z.number()).optional() }).nullable(),
    moveDeadlineMs: z.number().int().positive().nullable().optional(),
    createdAt: z.string(),
    endedAt: z.string().nullable().optional(),
  }),
  seats: z.array(z.object({ side: z.string().max(40), name: z.string().max(60).nullable(), claimedAt: z.string().nullable() })).max(20),
  setupLog: z.array(LogEntrySchema),
  actions: z.array(
    z.object({
      seq: z.number().int().positive(),
      side: z.string().max(40),
      kind: z.enum(['action', 'undo', 'resign', 'forfeit']),
      private: z.boolean(),
      reveals: z.boolean(),
      payload: z.unknown(),
      log: z.array(LogEntrySchema),
      rolls: z.array(RollSchema),
      createdAt: z.string(),
    }),
  ),
  final: z.object({ seq: z.number().int().nonnegative(), state: z.unknown() }),
});
export type MatchFile = z.infer<typeof MatchFileSchema>;

export interface Verification {
  ok: boolean;
  match: string;
  game: string;
  seed: string;
  seedHash: string;
  /** The rows re-run, and the dice rolls among them compared one by one. */
  actions: number;
  rollsChecked: number;
  finalSeq: number;
  /** sha256 of the final state's canonical JSON, as re-run. */
  finalStateHash: string | null;
  problems: string[];
}

/** Re-runs a match file from its seed and actions; every difference is a problem. */
export function verifyFile(games: ReadonlyMap<string, GameModule>, file: MatchFile): Verification {
  const problems: string[] = [];
  const m = file.match;
  const out: Verification = { ok: false, match: m.id, game: m.game, seed: m.seed, seedHash: m.seedHash, actions: 0, rollsChecked: 0, finalSeq: 0, finalStateHash: null, problems };
  const game = games.get(m.game);
  if (!game) {
    problems.push(`unknown game "${m.game}"`);
    return out;
  }
  if (sha256(m.seed) !== m.seedHash) problems.push('the seed does not match the seed hash published at creation');
  let setup;
  try {
    setup = createMatchState(game, m.options, m.seed);
  } catch (e) {
    problems.push(`the set-up fails: ${(e as Error).message}`);
    return out;
  }
  if (canonicalJson(setup.log) !== canonicalJson(file.setupLog)) problems.push('seq 0: the set-up\'s log differs from what the seed gives');
  const rows: Row[] = file.actions.map((a) => ({ ...a, log: a.log as LogEntry[] }));
  rows.forEach((r, i) => {
    if (r.seq !== i + 1) problems.push(`the actions are not numbered 1, 2, 3…: found seq ${r.seq} at position ${i + 1}`);
  });
  if (problems.length) return out;
  try {
    const tl = fold(game, file.setupLog as LogEntry[], rows, { seq: 0, state: setup.state }, (p) => problems.push(p));
    out.actions = rows.length;
    out.rollsChecked = rows.reduce((n, r) => n + r.rolls.length, 0);
    out.finalSeq = tl.seq;
    out.finalStateHash = sha256(canonicalJson(tl.state));
    if (file.final.seq !== tl.seq) problems.push(`the final state is given at seq ${file.final.seq}, the actions end at ${tl.seq}`);
    else if (canonicalJson(tl.state) !== canonicalJson(file.final.state)) problems.push(`seq ${tl.seq}: the final state differs from the one the seed and the actions give`);
    const result = tl.result();
    if (m.status === 'finished' && canonicalJson(result) !== canonicalJson(m.result)) problems.push('the result differs from the one the seed and the actions give');
  } catch (e) {
    if (e instanceof RuleError) problems.push(`the rules refuse the file's actions: ${e.message}`);
    else throw e;
  }
  out.ok = problems.length === 0;
  return out;
}

export class Archive {
  constructor(private svc: MatchService) {}

  /** The match file: game, options, seed, every row with its timestamps, the final state. */
  async exportMatch(matchId: string): Promise<MatchFile> {
    const prisma = this.svc.prisma;
    const m = await prisma.match.findUnique({ where: { id: matchId }, include: { seats: true } });
    if (!m) throw notFound(`There is no match "${matchId}".`);
    const game = this.svc.gameModule(m.game);
    const actions = await prisma.action.findMany({ where: { matchId, seq: { lte: m.seq } }, orderBy: { seq: 'asc' } });
    const snap = await prisma.snapshot.findUnique({ where: { matchId_seq: { matchId, seq: m.seq } } });
    let final = snap?.state as unknown as MatchState | undefined;
    if (!final) {
      // A running match between snapshots: the server's own state, as it holds it.
      final = (await this.svc.load(matchId)).tl.state;
    }
    return {
      format: 'ironbottom/match',
      version: 1,
      exportedAt: new Date(this.svc.now()).toISOString(),
      match: {
        id: m.id,
        game: game.id,
        options: m.options,
        seed: m.seed,
        seedHash: m.seedHash,
        status: m.status as MatchStatus,
        result: (m.result as MatchFile['match']['result']) ?? (isOver(m.status as MatchStatus) ? (await this.svc.load(matchId)).tl.result() : null),
        moveDeadlineMs: m.moveDeadlineMs,
        createdAt: m.createdAt.toISOString(),
        endedAt: m.endedAt?.toISOString() ?? null,
      },
      seats: m.seats.filter((s) => s.side !== SPECTATOR).map((s) => ({ side: s.side, name: s.name, claimedAt: s.claimedAt?.toISOString() ?? null })),
      setupLog: m.setupLog as unknown as MatchFile['setupLog'],
      actions: actions.map((a) => ({
        seq: a.seq,
        side: a.side,
        kind: a.kind as Row['kind'],
        private: a.private,
        reveals: a.reveals,
        payload: a.payload,
        log: a.log as unknown as MatchFile['setupLog'],
        rolls: a.rolls as unknown as MatchFile['actions'][number]['rolls'],
        createdAt: a.createdAt.toISOString(),
      })),
      final: { seq: m.seq, state: final },
    };
  }

  /** GET /api/matches/:id/verify: only once the match is over (its seed is secret until then). */
  async verifyMatch(matchId: string): Promise<Verification> {
    const live = await this.svc.load(matchId);
    if (!isOver(live.status)) {
      throw new ApiError(409, 'not-over', `The match is ${live.status}: it can be verified once it has ended, when its seed is revealed. Its seed hash is ${live.seedHash}.`);
    }
    return verifyFile(this.svc.opts.games, await this.exportMatch(matchId));
  }

  /** Imports a match file into a fresh match (new id, new links), if it verifies. */
  async importMatch(input: unknown): Promise<CreatedMatch & { importedFrom: string; verification: Verification }> {
    const parsed = MatchFileSchema.safeParse(input);
    if (!parsed.success) {
      const msg = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '/'}: ${i.message}`).join('; ');
      throw badRequest(`This is not an ironbottom match file: ${msg}`, 'invalid-file');
    }
    const file = parsed.data;
    const game = this.svc.gameModule(file.match.game);
    const v = verifyFile(this.svc.opts.games, file);
    if (!v.ok) {
      throw new ApiError(422, 'verify-failed', `The file does not verify, so it was not imported: ${v.problems.slice(0, 5).join('; ')}${v.problems.length > 5 ? ` (and ${v.problems.length - 5} more)` : ''}.`);
    }
    const id = nanoid(12);
    const tokens: Record<string, string> = {};
    for (const side of [...game.sides, SPECTATOR]) tokens[side] = newToken();
    const creator = newToken();
    const setup = createMatchState(game, file.match.options, file.match.seed);
    const seatOf = (side: string) => file.seats.find((s) => s.side === side);
    const f = file.match;
    await this.svc.prisma.$transaction([
      this.svc.prisma.match.create({
        data: {
          id,
          game: game.id,
          options: (f.options ?? {}) as Prisma.InputJsonValue,
          seed: f.seed,
          seedHash: f.seedHash,
          status: f.status,
          seq: v.finalSeq,
          setupLog: file.setupLog as unknown as Prisma.InputJsonValue,
          creatorHash: hashToken(creator),
          moveDeadlineMs: f.moveDeadlineMs ?? null,
          ...(f.result ? { result: f.result as unknown as Prisma.InputJsonValue } : {}),
          createdAt: new Date(f.createdAt),
          endedAt: f.endedAt ? new Date(f.endedAt) : null,
          seats: {
            create: Object.entries(tokens).map(([side, token]) => ({
              id: nanoid(12),
              side,
              tokenHash: hashToken(token),
              name: seatOf(side)?.name ?? null,
              claimedAt: seatOf(side)?.claimedAt ? new Date(seatOf(side)!.claimedAt!) : null,
            })),
          },
          snapshots: { create: [{ seq: 0, state: setup.state as unknown as Prisma.InputJsonValue }] },
        },
      }),
      ...(file.final.seq > 0 ? [this.svc.prisma.snapshot.create({ data: { matchId: id, seq: file.final.seq, state: file.final.state as Prisma.InputJsonValue } })] : []),
      this.svc.prisma.action.createMany({
        data: file.actions.map((a) => ({
          matchId: id,
          seq: a.seq,
          side: a.side,
          kind: a.kind,
          private: a.private,
          reveals: a.reveals,
          payload: a.payload as Prisma.InputJsonValue,
          log: a.log as unknown as Prisma.InputJsonValue,
          rolls: a.rolls as unknown as Prisma.InputJsonValue,
          createdAt: new Date(a.createdAt),
        })),
      }),
    ]);
    this.svc.logger.info({ matchId: id, importedFrom: f.id, actions: file.actions.length }, 'match imported');
    const link = (token: string): SeatLink => ({ token, url: this.svc.link(id, token) });
    return {
      id,
      game: game.id,
      seedHash: f.seedHash,
      status: f.status,
      seats: Object.fromEntries(game.sides.map((s) => [s, link(tokens[s]!)])),
      spectator: link(tokens[SPECTATOR]!),
      creator: { token: creator },
      importedFrom: f.id,
      verification: v,
    };
  }

  /** The admin's list: status, sides, seq, last activity; no secret. */
  async list(filter: { status?: MatchStatus; limit: number; offset: number }) {
    const where = filter.status ? { status: filter.status } : {};
    const [rows, total] = await Promise.all([
      this.svc.prisma.match.findMany({
        where,
        orderBy: { updatedAt: 'desc' },
        take: filter.limit,
        skip: filter.offset,
        select: {
          id: true,
          game: true,
          status: true,
          seq: true,
          listed: true,
          moveDeadlineMs: true,
          createdAt: true,
          updatedAt: true,
          endedAt: true,
          seats: { select: { side: true, name: true, claimedAt: true, dueAt: true, overdueAt: true } },
        },
      }),
      this.svc.prisma.match.count({ where }),
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
    const prisma = this.svc.prisma;
    const m = await prisma.match.findUnique({ where: { id: matchId }, include: { seats: true } });
    if (!m) throw notFound(`There is no match "${matchId}".`);
    const game = this.svc.gameModule(m.game);
    if (as !== REFEREE && as !== SPECTATOR && !game.sides.includes(as)) {
      throw badRequest(`"as" must be referee, spectator or a side of ${game.name} (${game.sides.join(', ')}).`, 'bad-viewer');
    }
    if (seq > m.seq) throw unprocessable(`The match has ${m.seq} actions: seq ${seq} is beyond its end.`, 'bad-seq');
    const rows = await readRows(prisma, matchId, seq, false);
    const base = await prisma.snapshot.findUniqueOrThrow({ where: { matchId_seq: { matchId, seq: 0 } } });
    const tl = fold(game, m.setupLog as unknown as LogEntry[], rows, { seq: 0, state: base.state as unknown as MatchState });
    const status: MatchStatus = seq === m.seq ? (m.status as MatchStatus) : tl.result() ? 'finished' : 'active';
    const live: Live = {
      id: m.id,
      game,
      options: m.options,
      seed: m.seed,
      seedHash: m.seedHash,
      status,
      listed: m.listed,
      deadlineMs: null,
      rematchId: null,
      tl,
      seats: Object.fromEntries(
        m.seats
          .filter((s) => s.side !== SPECTATOR)
          .map((s) => [s.side, { name: s.name, claimed: s.claimedAt !== null, notify: null, secret: null, dueAt: null, remindedAt: null, overdueAt: null }]),
      ),
      lastUsed: 0,
    };
    return { ...stateBody(live, as, -1), total: m.seq };
  }
}
