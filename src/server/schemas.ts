/**
 * Every input the edge accepts, as zod: bodies, query strings, params and socket payloads.
 * Bodies and queries are strict (an unknown field is a 400). OpenAPI is made from these.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column (seqs, chat ids, deadline milliseconds). */
export const INT4_MAX = 2 ** 31 - 1;
/**
 * A move deadline, in minutes: at least one (a shorter one would mark a player overdue
 * before the page could show it), at most what `move_deadline_ms` (int4 milliseconds)
 * holds, ~24.8 days. Stored as whole milliseconds, so the deadline shown is the one enforced.
 */
export const DeadlineMinutes = z
  .number()
  .min(1)
  .max(Math.floor(INT4_MAX / 60_000));

export const MatchIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'not a match id') });
export const SideParams = MatchIdParams.extend({ side: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'not a side') });
export const GameParams = z.object({ game: z.string().max(40) });
/** `only`: the parts of a game's public data wanted, by their keys (comma-separated); all of it without. */
export const GameDataQuery = z.strictObject({
  only: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+){0,31}$/, 'keys separated by commas')
    .max(400)
    .optional(),
});
export const NoQuery = z.strictObject({});
/** A body that may be absent or `{}`. */
export const EmptyBody = z.strictObject({}).optional();

export const Name = z.string().trim().min(1).max(40);
export const Notify = z.strictObject({
  webhook: z
    .string()
    .max(500)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'a webhook must be an http(s) URL')
    .optional(),
  email: z.string().max(200).email().optional(),
  /** When each channel sends: always, only while no socket of the seat is connected (default), never. */
  when: z
    .strictObject({
      webhook: z.enum(['always', 'away', 'never']).optional(),
      email: z.enum(['always', 'away', 'never']).optional(),
      push: z.enum(['always', 'away', 'never']).optional(),
    })
    .optional(),
});

/**
 * Time banks (issue #15): each side's total time `bankMs` (from a minute to what an int4
 * column holds, ~24.8 days), `incrementMs` added after each of its decisions (at most a
 * week; default none), and what running out does: `flag` (default; the side is marked out
 * of time) or `forfeit` (the match ends, the other side wins).
 */
export const ClockOption = z.strictObject({
  bankMs: z
    .number({ error: (i) => (i.input === undefined ? "required: each side's total time, in milliseconds" : undefined) })
    .int()
    .min(60_000)
    .max(INT4_MAX),
  incrementMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .optional(),
  onTimeout: z.enum(['flag', 'forfeit']).optional(),
});

export const CreateMatchBody = z.strictObject({
  game: z.string().min(1).max(40),
  options: z.record(z.string(), z.unknown()).optional(),
  /** List the match in GET /api/matches?status=open, where anyone may take a free seat. */
  listed: z.boolean().optional(),
  /** Each side's time for a decision, in minutes (a reminder at half time, overdue at expiry). */
  deadlineMinutes: DeadlineMinutes.nullable().optional(),
  /** Time banks per side (alongside or instead of a deadline per decision). */
  clock: ClockOption.nullable().optional(),
  /** Seats given to the computer: side → bot kind (GET /api/games lists each game's `bots`); at least one seat stays a person's. */
  bots: z.record(z.string().min(1).max(40), z.string().min(1).max(40)).optional(),
});
export const ActionBody = z.strictObject({
  seq: z.number().int().nonnegative(),
  action: z.unknown(),
});
export const UndoBody = z.strictObject({ seq: z.number().int().nonnegative() });
export const StateQuery = z.strictObject({
  since: z.coerce.number().int().min(-1).optional(),
});
/** `seedHash`: the hash the checker saw published at creation; verification says so when the match's differs. */
export const VerifyQuery = z.strictObject({
  seedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits')
    .optional(),
});
export const ListQuery = z.strictObject({ status: z.literal('open') });
/**
 * A seat's dice commitment (docs/fairness.md): `commitment` = lowercase hex sha256 of
 * `value`, 32 random bytes in lowercase hex made by the client. The commitment is public;
 * the value is revealed to the server once every seat is in (POST /reveal, or with the
 * commitment in one call) and kept secret until the match ends.
 */
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
export const Commit = { commitment: Hex64.optional(), value: Hex64.optional() };
export const ClaimBody = z.strictObject({ name: Name.optional(), notify: Notify.nullable().optional(), ...Commit });
export const JoinBody = z.strictObject({ side: z.string().max(40).optional(), name: Name.optional(), notify: Notify.optional(), ...Commit });
export const RevealBody = z.strictObject({ value: Hex64 });
export const RematchBody = z.strictObject({ swap: z.boolean().optional() }).optional();
export const DeadlineBody = z.strictObject({ minutes: DeadlineMinutes.nullable() });
export const ForfeitBody = z.strictObject({ side: z.string().max(40) });

export const Channel = z.enum(['players', 'spectators']);
export const ChatBody = z.strictObject({ text: z.string().trim().min(1).max(500), channel: Channel.optional(), name: Name.optional() });
export const ChatQuery = z.strictObject({ channel: Channel.optional(), after: z.coerce.number().int().nonnegative().max(INT4_MAX).optional() });

export const AdminListQuery = z.strictObject({
  status: z.enum(['waiting', 'active', 'finished', 'abandoned']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().nonnegative().default(0),
});
export const ReplayQuery = z.strictObject({
  seq: z.coerce.number().int().nonnegative(),
  as: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'referee, spectator or a side'),
});

// Socket payloads.
export const Handshake = z.strictObject({
  token: z.string().min(1).max(200),
  since: z.number().int().min(-1).optional(),
  // A seat's dice commitment, when connecting takes the seat (see ClaimBody).
  ...Commit,
  // socket.io-client adds these when it asks for its session to be recovered.
  pid: z.string().max(100).optional(),
  offset: z.string().max(100).optional(),
});
export const ActionMessage = ActionBody;
export const UndoMessage = UndoBody;
export const ResignMessage = z.strictObject({}).optional();
export const ChatMessageIn = ChatBody;
export const ChatHistoryMessage = z.strictObject({ channel: Channel.optional(), after: z.number().int().nonnegative().max(INT4_MAX).optional() }).optional();
