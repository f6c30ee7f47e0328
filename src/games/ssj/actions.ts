/** Every action a client may send in Sky, Sea, and JUNGLE (zod: anything else is a 400). */
import { z } from 'zod';
import { BOXES, SEA_AREAS } from './data/types';

const id = z.string().min(1).max(60);
export const BASE_IDS = ['espiritu-santo', 'australia', 'port-moresby', 'guadalcanal', 'bougainville', 'buna', 'rabaul', 'truk'] as const;
const base = z.enum(BASE_IDS);
const die = z.number().int().min(1).max(6);
const act = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...shape });

// V: the first-turn early activation of Truk.
export const Early = act('early-activation', { roll: z.boolean() });
// VI.A: Allied reinforcements.
export const Place = act('place', { unit: id, base });
export const Pick = act('pick', { slot: z.enum(['cruiser', 'other']), ship: id });
// VI.B / VI.C: deployment behind the screen.
export const Deploy = act('deploy', { ship: id, area: z.enum(SEA_AREAS), box: z.enum(BOXES), group: id });
export const Rebase = act('rebase', { ship: id, base });
export const Load = act('load', { unit: id, ship: id });
export const Recon = act('recon', { unit: id, area: z.enum(SEA_AREAS) });
export const Recall = act('recall', { unit: id });
export const Done = act('done', {});
export const Magic = act('magic', { numbers: z.tuple([die, die, die]) });
// VI.D: submarines.
export const SubAttack = act('sub-attack', { sub: id, group: id });
/** A target: a ship turned face up (`ship`), or a face-down piece chosen blindly (`piece`, its tag). */
export const SubTarget = act('sub-target', { ship: id.optional(), piece: id.optional() }).refine((a) => (a.ship === undefined) !== (a.piece === undefined), {
  message: 'name either a ship or a piece',
});
export const SubPass = act('sub-pass', { sub: id });
// VI.F: landings.
export const Land = act('land', { ship: id, base });
// VI.G: aerial supply.
export const AirSupply = act('air-supply', { unit: id, base });
// VI.H: return to base and strategic transfers.
export const Return = act('return', { ship: id, to: z.union([base, z.literal('returning-to-truk')]) });
export const Transfer = act('transfer', { unit: id, to: base });
export const Embark = act('embark', { unit: id, carrier: id });
export const PtToSlot = act('pt-slot', { unit: id });

export const SsjAction = z.discriminatedUnion('type', [
  Early,
  Place,
  Pick,
  Deploy,
  Rebase,
  Load,
  Recon,
  Recall,
  Done,
  Magic,
  SubAttack,
  SubTarget,
  SubPass,
  Land,
  AirSupply,
  Return,
  Transfer,
  Embark,
  PtToSlot,
]);
export type SsjAction = z.infer<typeof SsjAction>;
export type DeploymentAction = z.infer<typeof Deploy> | z.infer<typeof Rebase> | z.infer<typeof Load> | z.infer<typeof Recon> | z.infer<typeof Recall> | z.infer<typeof Done>;
export type MagicAction = z.infer<typeof Magic>;

export const SsjOptions = z.strictObject({}).default({});
export type SsjOptions = z.infer<typeof SsjOptions>;
