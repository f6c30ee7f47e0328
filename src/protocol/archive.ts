/** Fair dice (a match re-run from its seed) and the admin's list of matches. */
import { z } from 'zod';
import { MatchStatusSchema } from './common';

export const VerificationSchema = z.object({
  ok: z.boolean(),
  match: z.string(),
  game: z.string(),
  seed: z.string(),
  seedHash: z.string(),
  /** The rows re-run, and the dice rolls among them compared one by one. */
  actions: z.number().int(),
  rollsChecked: z.number().int(),
  finalSeq: z.number().int(),
  /** sha256 of the final state's canonical JSON, as re-run. */
  finalStateHash: z.string().nullable(),
  /** The dice's chain (docs/fairness.md): how they started, each seat's commitment checked against its revealed value. */
  dice: z.object({
    version: z.number().int(),
    sealedAfter: z.number().int().nullable(),
    diceSeed: z.string().nullable(),
    seats: z.array(z.object({ side: z.string(), by: z.enum(['seat', 'server']).nullable(), commitment: z.string().nullable(), ok: z.boolean() })),
  }),
  problems: z.array(z.string()),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const AdminMatchSchema = z.object({
  id: z.string(),
  game: z.string(),
  status: MatchStatusSchema,
  seq: z.number().int(),
  listed: z.boolean(),
  moveDeadlineMs: z.number().nullable(),
  sides: z.array(z.object({ side: z.string(), name: z.string().nullable(), claimed: z.boolean(), dueAt: z.string().nullable(), overdue: z.boolean() })),
  createdAt: z.string(),
  lastActivity: z.string(),
  endedAt: z.string().nullable(),
});
export type AdminMatch = z.infer<typeof AdminMatchSchema>;
export const AdminMatchListSchema = z.object({ total: z.number().int(), matches: z.array(AdminMatchSchema) });
export type AdminMatchList = z.infer<typeof AdminMatchListSchema>;
