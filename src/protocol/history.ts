/**
 * A player's replay (GET /api/matches/:id/history?at=N): what the token's holder saw at its
 * own seq N while the match runs, or the referee's whole match at real seq N once it is over
 * (src/matches/history.ts; why it cannot leak: docs/fog.md).
 */
import { z } from 'zod';
import { LogEntrySchema, ResultSchema } from './common';
import { StageSchema } from './state';

export const HistoryBodySchema = z.object({
  id: z.string(),
  game: z.string(),
  /** Who asked: a side or 'spectator'. */
  you: z.string(),
  /** Whose eyes the view is seen with: `you` while the match runs, 'referee' once it is over. */
  eye: z.string(),
  /** The match is over: every step of the referee's match, everything revealed. */
  revealed: z.boolean(),
  /** The step shown: your own seq while the match runs; the real seq once it is over. */
  at: z.number().int(),
  /** The last step there is: your own seq now (the number of actions you know of); once over, the match's number of actions. */
  total: z.number().int(),
  /** The game's view for `eye` then. */
  view: z.unknown(),
  stage: StageSchema.nullable(),
  /** The log entries `eye` read after seq `logFrom` up to step `at`, stamped with its seqs (-1: from the start). */
  log: z.array(LogEntrySchema),
  logFrom: z.number().int(),
  result: ResultSchema.nullable(),
});
export type HistoryBody = z.infer<typeof HistoryBodySchema>;
