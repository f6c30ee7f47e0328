/**
 * Provably fair dice: the match file (what an export holds) and its verification — the
 * match re-run from its seed and rows through the engine's fold, where every logged roll,
 * every log entry, the final state and the result must come out the same.
 *
 * No database: `npm run verify -- <file>` runs it on an exported file.
 */
import { z } from 'zod';
import { canonicalJson, createMatchState, fold, RuleError, type GameModule, type LogEntry, type Row } from '../engine';
import { sha256 } from './tokens';

const VisibilitySchema = z.union([z.literal('public'), z.array(z.string()).readonly()]);
const LogEntrySchema = z.object({
  to: VisibilitySchema,
  text: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
/** A roll as the engine records it, with its audience (`to`, absent: everyone) kept: a file that drops it no longer re-runs to the same rolls. */
const RollSchema = z.object({ why: z.string(), sides: z.number().int(), value: z.number().int(), to: VisibilitySchema.optional() });

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

