/**
 * The state body: what one viewer may see of a match now (GET /api/matches/:id, every
 * action's answer, the socket's `state` event, an admin replay's step). The server makes
 * one per audience (src/matches/live.ts); nothing in it is meant for anyone else.
 */
import { z } from 'zod';
import { LogEntrySchema, MatchStatusSchema, PromptSchema, ResultSchema } from './common';

/** Each side's display name and whether its seat is taken (names are public). */
export const PlayersSchema = z.record(z.string(), z.object({ name: z.string().nullable(), claimed: z.boolean() }));
export type Players = z.infer<typeof PlayersSchema>;

/** The move deadline of a match that has one: each side's due time (ISO) and who is overdue. */
export const DeadlineSchema = z.object({
  moveMs: z.number(),
  due: z.record(z.string(), z.string().nullable()),
  overdue: z.array(z.string()),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

/**
 * Where the match stands, in the game's words (src/engine/labels.ts), read from the view
 * this body carries — so it tells its viewer nothing the view does not.
 */
export const StageSchema = z.object({
  /** The phase (or chart step) id, as the view names it. */
  phase: z.string(),
  /** Its name for people: "Allied Magic roll (VI.C)". */
  name: z.string(),
  /** The sides whose decision the match waits for (empty: no one's, or the match is over). */
  waitingFor: z.array(z.string()),
  /** Who, in words: "the Allied player", "both players"; null when no one. */
  waiting: z.string().nullable(),
});
export type Stage = z.infer<typeof StageSchema>;

export const StateBodySchema = z.object({
  id: z.string(),
  game: z.string(),
  /** The viewer's own seq: actions it has seen (private steps of others do not count). */
  seq: z.number().int(),
  you: z.string(),
  status: MatchStatusSchema,
  /** The game's view for this viewer (its shape: src/protocol/games/<game>.ts). */
  view: z.unknown(),
  prompt: PromptSchema.nullable(),
  /** Log entries after seq `logFrom`; -1: the whole log. */
  log: z.array(LogEntrySchema),
  logFrom: z.number().int(),
  result: ResultSchema.nullable(),
  /** sha256 of the seed, published at creation. */
  seedHash: z.string(),
  /** The seed itself, once the match is over. */
  seed: z.string().optional(),
  players: PlayersSchema,
  /** Whether `you` may take back your last decision now (sides only). */
  canUndo: z.boolean(),
  deadline: DeadlineSchema.nullable(),
  /** The games that give labels: the phase and who the match waits for. */
  stage: StageSchema.nullable(),
  /** The rematch of this match, once one was proposed. */
  rematch: z.string().optional(),
  /** Admin replays only: the number of actions in the match. */
  total: z.number().int().optional(),
});
export type StateBody = z.infer<typeof StateBodySchema>;
