/** Every action a client may send in Sky, Sea, and JUNGLE (zod: anything else is a 400). */
import { z } from 'zod';
import { BOXES, SEA_AREAS } from './data/types';

const id = z.string().min(1).max(60);
const BASE_IDS = ['espiritu-santo', 'australia', 'port-moresby', 'guadalcanal', 'bougainville', 'buna', 'rabaul', 'truk'] as const;
const die = z.number().int().min(1).max(6);

export const Deploy = z.strictObject({
  type: z.literal('deploy'),
  ship: id,
  area: z.enum(SEA_AREAS),
  box: z.enum(BOXES),
  /** An existing group of yours in that box, or "new". */
  group: id,
});
export const Rebase = z.strictObject({ type: z.literal('rebase'), ship: id, base: z.enum(BASE_IDS) });
export const Recall = z.strictObject({ type: z.literal('recall'), ship: id });
export const Done = z.strictObject({ type: z.literal('done') });
export const Magic = z.strictObject({ type: z.literal('magic'), numbers: z.tuple([die, die, die]) });
export const EndTurn = z.strictObject({ type: z.literal('end-turn') });

export const SsjAction = z.discriminatedUnion('type', [Deploy, Rebase, Recall, Done, Magic, EndTurn]);
export type SsjAction = z.infer<typeof SsjAction>;
export type DeploymentAction = z.infer<typeof Deploy> | z.infer<typeof Rebase> | z.infer<typeof Recall> | z.infer<typeof Done>;
export type MagicAction = z.infer<typeof Magic>;

export const SsjOptions = z.strictObject({}).default({});
export type SsjOptions = z.infer<typeof SsjOptions>;
