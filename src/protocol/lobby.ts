/** Games, match creation, seats, the lobby of open matches, the creator's decisions, rematches. */
import { z } from 'zod';
import { MatchStatusSchema } from './common';

/** GET /api/games: each game module, its sides and the JSON Schema of its options. */
export const GameInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  sides: z.array(z.string()).readonly(),
  options: z.record(z.string(), z.unknown()),
  /** The bots a seat may be given at creation (`bots: { <side>: <kind> }`), the best first. */
  bots: z.array(z.string()).optional(),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

/** GET /api/games/:game: a game's public data (counters, map, tables: whatever every player may know). */
export const GameDataSchema = z.object({ id: z.string(), name: z.string(), sides: z.array(z.string()).readonly(), data: z.unknown() });
export type GameData = z.infer<typeof GameDataSchema>;

/** A private link to a seat (or the spectators'): shown once. */
export const SeatLinkSchema = z.object({ token: z.string(), url: z.string() });
export type SeatLink = z.infer<typeof SeatLinkSchema>;

export const CreatedMatchSchema = z.object({
  id: z.string(),
  game: z.string(),
  seedHash: z.string(),
  status: MatchStatusSchema,
  seats: z.record(z.string(), SeatLinkSchema),
  spectator: SeatLinkSchema,
  /** The creator's token: re-issues seats, sets the deadline, abandons. Shown once. */
  creator: z.object({ token: z.string() }),
  /** The seats given to the computer: side → the name it plays under (they have no link). */
  bots: z.record(z.string(), z.string()).optional(),
});
export type CreatedMatch = z.infer<typeof CreatedMatchSchema>;

export const NotifyModeSchema = z.enum(['always', 'away', 'never']);
export type NotifyMode = z.infer<typeof NotifyModeSchema>;
/** A seat's notice addresses and when each channel sends (always; only while none of its sockets is connected; never). */
export const NotifySchema = z.object({
  webhook: z.string().optional(),
  email: z.string().optional(),
  /** A device of the seat's holder is subscribed to Web Push. */
  push: z.boolean().optional(),
  when: z.object({ webhook: NotifyModeSchema, email: NotifyModeSchema, push: NotifyModeSchema.optional() }).optional(),
});
export type NotifySettings = z.infer<typeof NotifySchema>;

/** A seat taken (claim, join): the webhook secret only to its holder, once. */
export const ClaimedSchema = z.object({
  side: z.string(),
  name: z.string().nullable(),
  status: MatchStatusSchema,
  notify: NotifySchema.nullable(),
  webhookSecret: z.string().optional(),
  /**
   * The seat's dice commitment as the server holds it (docs/fairness.md): the one sent, or
   * null when the seat brought none — or when it came after the dice were sealed, too late
   * to be part of them (`by` then says 'server').
   */
  commitment: z.string().nullable().optional(),
  by: z.enum(['seat', 'server']).nullable().optional(),
  /** Whether the seat's value is revealed to the server (kept secret until the end). */
  revealed: z.boolean().optional(),
});
export const JoinedSchema = ClaimedSchema.extend(SeatLinkSchema.shape);
export type Joined = z.infer<typeof JoinedSchema>;

export const LeftSchema = z.object({ side: z.string(), status: MatchStatusSchema });
export const ReissuedSchema = z.object({ side: z.string() }).extend(SeatLinkSchema.shape);

/** GET /api/matches?status=open: listed matches waiting for a player (no secret). */
export const OpenMatchSchema = z.object({
  id: z.string(),
  game: z.string(),
  gameName: z.string(),
  /** The seats anyone may take. */
  open: z.array(z.string()),
  /** The taken seats' display names. */
  players: z.record(z.string(), z.string().nullable()),
  moveDeadlineMs: z.number().nullable(),
  createdAt: z.string(),
});
export type OpenMatch = z.infer<typeof OpenMatchSchema>;

/** The creator's view of the match (GET /api/matches/:id/manage): seats without tokens. */
export const ManagedMatchSchema = z.object({
  id: z.string(),
  game: z.string(),
  status: MatchStatusSchema,
  listed: z.boolean(),
  /** The seq a spectator counts (steps every side may know of): the creator is usually a player. */
  seq: z.number().int(),
  seats: z.record(z.string(), z.object({ claimed: z.boolean(), name: z.string().nullable(), dueAt: z.string().nullable(), overdue: z.boolean(), notices: z.boolean() })),
  moveDeadlineMs: z.number().nullable(),
  rematch: z.string().nullable(),
});
export const DeadlineSetSchema = z.object({ moveDeadlineMs: z.number().nullable() });
export const AbandonedSchema = z.object({ status: MatchStatusSchema });

/** A player's link to the rematch; the first to ask also gets the new match's creator and spectator links. */
export const RematchSchema = z
  .object({
    id: z.string(),
    side: z.string(),
    swapped: z.boolean(),
    creator: z.object({ token: z.string() }).optional(),
    spectator: SeatLinkSchema.optional(),
  })
  .extend(SeatLinkSchema.shape);
export type Rematch = z.infer<typeof RematchSchema>;
