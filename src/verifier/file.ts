/**
 * Provably fair dice: the match file (what an export holds) and its verification — the
 * match re-run from its seed and rows through the engine's fold, where every logged roll,
 * every log entry, the final state and the result must come out the same. Dice version 1
 * (docs/fairness.md): every seat's revealed value must match the commitment it made, and
 * the dice are re-derived from the seed and those values where they were sealed.
 *
 * No database, no Node API: `npm run verify -- <file>` runs it on an exported file, and the
 * web client on a downloaded one, in the browser (src/verifier/browser.ts).
 */
import { z } from 'zod';
import {
  canonicalJson,
  commitmentOf,
  createMatchState,
  DiceNotSealed,
  diceSeed,
  fold,
  RuleError,
  SEAT_VALUE,
  seedState,
  type GameModule,
  type LogEntry,
  type Row,
  type Seal,
} from '../engine';
import { sha256Hex as sha256 } from '../engine/hash';
import { seatValues } from './seats';

const VisibilitySchema = z.union([z.literal('public'), z.array(z.string()).readonly()]);
/** A log entry as the engine writes it (LogEntry): a field left out here is stripped from every file served and read, and the re-run's entries then differ. */
const LogEntrySchema = z.object({
  to: VisibilitySchema,
  text: z.string(),
  texts: z.record(z.string(), z.string()).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
/** A roll as the engine records it, with its audience (`to`, absent: everyone) kept: a file that drops it no longer re-runs to the same rolls. */
const RollSchema = z.object({ why: z.string(), sides: z.number().int(), value: z.number().int(), to: VisibilitySchema.optional() });

export const MatchFileSchema = z.object({
  format: z.literal('ironbottom/match'),
  /** Fields added since (`match.dice`, the seats' commitments) are optional: a file without them is dice version 0. */
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
    /** Time banks (absent in files from before them): each side's bank, the increment per decision, what running out did. */
    clock: z
      .object({ bankMs: z.number().int().positive(), incrementMs: z.number().int().nonnegative(), onTimeout: z.enum(['flag', 'forfeit']) })
      .nullable()
      .optional(),
    createdAt: z.string(),
    endedAt: z.string().nullable().optional(),
    /** How the dice started (absent: version 0, from the seed at the set-up). */
    dice: z.object({ version: z.union([z.literal(0), z.literal(1)]), sealedAfter: z.number().int().nonnegative().nullable() }).optional(),
  }),
  seats: z
    .array(
      z.object({
        side: z.string().max(40),
        name: z.string().max(60).nullable(),
        claimedAt: z.string().nullable(),
        /** The seat's dice commitment, its revealed value, and who stood for it in the dice (docs/fairness.md). */
        commitment: z.string().max(64).nullable().optional(),
        value: z.string().max(64).nullable().optional(),
        committedBy: z.enum(['seat', 'server']).nullable().optional(),
      }),
    )
    .max(20),
  setupLog: z.array(LogEntrySchema),
  actions: z.array(
    z.object({
      seq: z.number().int().positive(),
      side: z.string().max(40),
      kind: z.enum(['action', 'undo', 'resign', 'forfeit']),
      private: z.boolean(),
      /** Known to every side but not in common (absent in files from before it existed: false). */
      unshared: z.boolean().optional(),
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
  /** The dice's chain: how they started, and each seat's commitment against its revealed value. */
  dice: DiceCheck;
  problems: string[];
}

export interface DiceCheck {
  version: number;
  /** The real seq after which the dice were sealed (null: at the set-up, version 0, or no die was needed). */
  sealedAfter: number | null;
  /** HMAC-SHA256 keyed by the seed over the seats' values: what the dice started from (version 1, sealed). */
  diceSeed: string | null;
  /** Each seat: 'seat' (its own value, `ok` when the value matches its commitment), 'server' (none of its own). */
  seats: { side: string; by: 'seat' | 'server' | null; commitment: string | null; ok: boolean }[];
}

/**
 * Checks the seats' commitments against their revealed values; returns the seal the fold
 * needs (version 1). Every difference is a problem.
 */
function checkDice(game: GameModule, file: MatchFile, problems: string[]): { check: DiceCheck; seal: Seal | null } {
  const d = file.match.dice ?? { version: 0 as const, sealedAfter: null };
  const check: DiceCheck = { version: d.version, sealedAfter: d.sealedAfter, diceSeed: null, seats: [] };
  if (d.version === 0) return { check, seal: null };
  const seats: Record<string, MatchFile['seats'][number]> = {};
  for (const side of game.sides) {
    const s = file.seats.find((x) => x.side === side);
    const by = s?.committedBy ?? null;
    let ok = true;
    if (s && by === 'seat' && !s.value && s.commitment && d.sealedAfter === null) {
      // Committed, never revealed, and no die was drawn: the value made no dice.
    } else if (s && by === 'seat') {
      if (!s.commitment || !s.value) {
        ok = false;
        problems.push(`the ${side} seat brought a value of its own, but the file does not reveal it with its commitment`);
      } else if (!SEAT_VALUE.test(s.value) || commitmentOf(s.value) !== s.commitment) {
        ok = false;
        problems.push(`the ${side} seat's revealed value does not match its commitment ${s.commitment}: sha256 of the value is ${commitmentOf(s.value)}`);
      }
      seats[side] = s;
    } else if (d.sealedAfter !== null && by !== 'server') {
      ok = false;
      problems.push(`the dice were sealed, but the file does not say who stood for the ${side} seat in them`);
    }
    check.seats.push({ side, by, commitment: s?.commitment ?? null, ok });
  }
  if (d.sealedAfter === null) return { check, seal: null };
  const values = seatValues(game, seats);
  check.diceSeed = diceSeed(file.match.seed, values);
  return { check, seal: { seq: d.sealedAfter, dice: seedState(check.diceSeed, 'dice') } };
}

/** What the checker saw published while the match ran: a seed hash other than the file's is a problem (a server that changed its seed after creation). */
export interface Published {
  seedHash?: string;
}

/** Re-runs a match file from its seed and actions; every difference is a problem. */
export function verifyFile(games: ReadonlyMap<string, GameModule>, file: MatchFile, published: Published = {}): Verification {
  const problems: string[] = [];
  const m = file.match;
  const none: DiceCheck = { version: m.dice?.version ?? 0, sealedAfter: m.dice?.sealedAfter ?? null, diceSeed: null, seats: [] };
  const out: Verification = {
    ok: false,
    match: m.id,
    game: m.game,
    seed: m.seed,
    seedHash: m.seedHash,
    actions: 0,
    rollsChecked: 0,
    finalSeq: 0,
    finalStateHash: null,
    dice: none,
    problems,
  };
  const game = games.get(m.game);
  if (!game) {
    problems.push(`unknown game "${m.game}"`);
    return out;
  }
  if (sha256(m.seed) !== m.seedHash)
    problems.push(`the seed does not match the seed hash published at creation: sha256 of the revealed seed is ${sha256(m.seed)}, the hash published was ${m.seedHash}`);
  if (published.seedHash !== undefined && published.seedHash !== m.seedHash) {
    problems.push(`the seed hash published at creation was ${published.seedHash}, but the match now gives ${m.seedHash}: the server changed its seed after creation`);
  }
  const dice = checkDice(game, file, problems);
  out.dice = dice.check;
  let setup;
  try {
    setup = createMatchState(game, m.options, m.seed, { dice: out.dice.version === 0 ? 'seed' : 'unsealed' });
  } catch (e) {
    problems.push(`the set-up fails: ${(e as Error).message}`);
    return out;
  }
  if (canonicalJson(setup.log) !== canonicalJson(file.setupLog)) problems.push("seq 0: the set-up's log differs from what the seed gives");
  const rows: Row[] = file.actions.map((a) => ({ ...a, log: a.log as LogEntry[] }));
  rows.forEach((r, i) => {
    if (r.seq !== i + 1) problems.push(`the actions are not numbered 1, 2, 3…: found seq ${r.seq} at position ${i + 1}`);
  });
  if (problems.length) return out;
  try {
    const tl = fold(game, file.setupLog as LogEntry[], rows, { seq: 0, state: setup.state }, (p) => problems.push(p), dice.seal);
    out.actions = rows.length;
    out.rollsChecked = rows.reduce((n, r) => n + r.rolls.length, 0);
    out.finalSeq = tl.seq;
    out.finalStateHash = sha256(canonicalJson(tl.state));
    if (file.final.seq !== tl.seq) problems.push(`the final state is given at seq ${file.final.seq}, the actions end at ${tl.seq}`);
    else if (canonicalJson(tl.state) !== canonicalJson(file.final.state)) problems.push(`seq ${tl.seq}: the final state differs from the one the seed and the actions give`);
    const result = tl.result();
    if (m.status === 'finished' && canonicalJson(result) !== canonicalJson(m.result)) problems.push('the result differs from the one the seed and the actions give');
  } catch (e) {
    if (e instanceof DiceNotSealed) problems.push(`a row of the file rolls a die before the dice were sealed (after seq ${out.dice.sealedAfter ?? '-'})`);
    else if (e instanceof RuleError) problems.push(`the rules refuse the file's actions: ${e.message}`);
    else throw e;
  }
  out.ok = problems.length === 0;
  return out;
}
