/**
 * The state body: what one viewer may see of a match now (GET /api/matches/:id, every
 * action's answer, the socket's `state` event, an admin replay's step). The server makes
 * one per audience (src/matches/live.ts); nothing in it is meant for anyone else.
 */
import { z } from 'zod';
import { LogEntrySchema, MatchStatusSchema, PromptSchema, ResultSchema } from './common';

/**
 * Each side's display name, whether its seat is taken (names are public), and its dice
 * commitment (docs/fairness.md): the sha256 of the seat's own random value, public from the
 * moment it is made; `by`: who stands for the seat in the dice — 'seat' (its own value),
 * 'server' (none of its own when the dice were sealed), null (not yet decided); `revealed`:
 * whether the seat has revealed its value to the server (a page reveals once every seat is in).
 */
export const PlayersSchema = z.record(
  z.string(),
  z.object({
    name: z.string().nullable(),
    claimed: z.boolean(),
    commitment: z.string().nullable().optional(),
    by: z.enum(['seat', 'server']).nullable().optional(),
    /** Whether the seat has revealed its value to the server (the value itself stays secret until the end). */
    revealed: z.boolean().optional(),
  }),
);
export type Players = z.infer<typeof PlayersSchema>;

/** The move deadline of a match that has one: each side's due time (ISO) and who is overdue. */
export const DeadlineSchema = z.object({
  moveMs: z.number(),
  due: z.record(z.string(), z.string().nullable()),
  overdue: z.array(z.string()),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

/**
 * The time banks of a match that has them (issue #15), the same for every viewer: each
 * side's time left when the body was made (`leftMs`) and, while its bank runs, when it runs
 * out (`runsOutAt`, ISO) — a page counts down from `leftMs` on its own clock. `out`: the
 * sides whose bank ran out (flagged); `paused`: both players agreed to stop the banks;
 * `pauseProposedBy`: a side proposed a pause the other has not agreed to yet.
 */
export const ClockSchema = z.object({
  bankMs: z.number(),
  incrementMs: z.number(),
  onTimeout: z.enum(['flag', 'forfeit']),
  sides: z.record(z.string(), z.object({ leftMs: z.number(), runsOutAt: z.string().nullable() })),
  out: z.array(z.string()),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  pauseProposedBy: z.string().nullable(),
});
export type Clock = z.infer<typeof ClockSchema>;

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

/** How the dice start (docs/fairness.md). */
export const DiceSchema = z.object({
  /** 0: from the seed alone, at the set-up (matches from before commitments); 1: from the seed and every seat's own value. */
  version: z.number().int(),
  /** Whether the dice have started (version 1: just before the first die). */
  sealed: z.boolean(),
  /** Once the match is over: the real seq after which the dice were sealed (null: no die was needed). */
  sealedAfter: z.number().int().nullable().optional(),
  /** Once the match is over: each seat's revealed value (null: none of its own). */
  values: z.record(z.string(), z.string().nullable()).optional(),
});
export type Dice = z.infer<typeof DiceSchema>;

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
  dice: DiceSchema.optional(),
  /** Whether `you` may take back your last decision now (sides only). */
  canUndo: z.boolean(),
  deadline: DeadlineSchema.nullable(),
  /** The time banks, when the match has them. */
  clock: ClockSchema.optional(),
  /** The games that give labels: the phase and who the match waits for. */
  stage: StageSchema.nullable(),
  /** The rematch of this match, once one was proposed. */
  rematch: z.string().optional(),
  /** Admin replays only: the number of actions in the match. */
  total: z.number().int().optional(),
});
export type StateBody = z.infer<typeof StateBodySchema>;
