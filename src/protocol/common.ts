/**
 * The wire's small pieces: what a match's status, a log line, a decision, a result and an
 * error look like between the server and its clients. Each is a zod schema (the server
 * checks its answers against them, see src/server/routes-*.ts) and the type made from it,
 * which the web client imports with `import type` only.
 */
import { z } from 'zod';

export const MatchStatusSchema = z.enum(['waiting', 'active', 'finished', 'abandoned']);
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

/** A side of the game, 'spectator' (the public view) or 'referee' (everything, admin replays). */
export type Viewer = string;

/** A complete action: sent back to the server as it is (its fields are each game's own). */
export const ActionSchema = z.looseObject({ type: z.string() });
export type Action = z.infer<typeof ActionSchema>;

/** A log line as a viewer gets it: stamped with the viewer's own seq of the action that made it (0: the set-up). */
export const LogEntrySchema = z.object({
  seq: z.number().int(),
  /** Everyone, or only the listed sides (and the referee). */
  to: z.union([z.literal('public'), z.array(z.string()).readonly()]),
  text: z.string(),
  /** Structured detail (ids only of pieces the line's readers may identify): dice, pieces, places. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** The decision in front of a side: the words, and every legal action, complete. */
export const PromptSchema = z.object({
  text: z.string(),
  actions: z.array(ActionSchema),
  /** A machine-readable name of the decision, for clients that draw it their own way. */
  kind: z.string().optional(),
});
export type Prompt = z.infer<typeof PromptSchema>;

export const ResultSchema = z.object({
  /** The winning side, or null for a draw (or an abandoned match). */
  winner: z.string().nullable(),
  text: z.string(),
  score: z.record(z.string(), z.number()).optional(),
});
export type Result = z.infer<typeof ResultSchema>;

/** Every refusal, HTTP (4xx) or socket (to its sender only). */
export const ErrorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export const ErrorResponseSchema = z.object({
  error: ErrorBodySchema,
  /** After a refused action (a stale seq): the state as the sender may see it now. */
  state: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
