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
// VI.F.1.a, b, d: air strikes (a face-down group at sea; a base's ground, air or harbour; then a ship of the struck group, turned up).
export const AirStrike = act('air-strike', { unit: id, group: id });
export const AirRaid = act('air-raid', { unit: id, base, target: z.enum(['ground', 'air', 'harbour']) });
export const AirTarget = act('air-target', { unit: id, ship: id });
// VI.F.1.b note / VII.A: carrier air in the air lands where its owner picks (a carrier by `ship`, or an airfield by `base`).
export const AirLand = act('air-land', { unit: id, ship: id.optional(), base: base.optional() }).refine((a) => (a.ship === undefined) !== (a.base === undefined), {
  message: 'name either a carrier or a base',
});
// VI.F.1.h, F.2.f: shore bombardment; VI.F.2.d: PT boats (a Japanese piece in the Slot, by tag).
/** By day (VI.F.1.h) the bombarding ship is then withdrawn: `to` is where its owner sends it. */
export const Bombard = act('bombard', { ship: id, base, target: z.enum(['ground', 'air']), to: z.union([base, z.literal('returning-to-truk')]).optional() });
export const PtAttack = act('pt-attack', { unit: id, piece: id });
// VI.F.1 / F.1.f: withdrawal of single ships home, and the shift from Day and Night to Day Only.
export const WithdrawShip = act('withdraw-ship', { ship: id, to: z.union([base, z.literal('returning-to-truk')]) });
export const DayOnly = act('day-only', { ship: id });
// VI.D / VI.H / VII.A: where a ship knocked out of the game at sea by its damage is repaired (its owner chooses among the places it may return to).
export const Repair = act('repair', { ship: id, to: base });
// VI.F.2.c: After Midnight.
export const AfterMidnight = act('after-midnight', { group: id, area: z.enum(SEA_AREAS) });
// VI.F.2: night battles (enemy pieces are named by their tags).
export const BattleTf = act('battle-tf', { group: id });
// Withdrawing ships go "to base (or to the back-to-Truk holding box)" as their owner chooses (`to`).
export const SetAside = act('set-aside', { ship: id, to: z.union([base, z.literal('returning-to-truk')]) });
export const BattleRow = act('battle-row', { ship: id, row: z.enum(['above', 'below']) });
// VI.F.1.c: engage in a daylight surface battle or not (the Japanese first); asked again of a side pursued
// (the other engages, it does not): fight (true), or abandon its slow and heavily damaged ships there (false).
export const BattleEngage = act('battle-engage', { engage: z.boolean() });
// VI.F.1.c: an Allied PT unit in the Slot joins a daylight battle there (instead of hiding).
export const BattlePt = act('battle-pt', { unit: id });
export const BattleOpen = act('battle-open', { first: z.enum(['torpedoes', 'gunfire']) });
export const Torpedo = act('torpedo', { piece: id });
export const WildTarget = act('wild-target', { piece: id });
export const Fire = act('fire', { ship: id, piece: id });
export const FireSpread = act('fire-spread', {});
export const BattleContinue = act('battle-continue', {});
export const BattleWithdraw = act('battle-withdraw', { to: z.union([base, z.literal('returning-to-truk')]) });
// VI.F.2.g: ground combat.
export const GroundAttack = act('ground-attack', { base, units: z.number().int().min(1).max(60) });
export const GroundPass = act('ground-pass', { base });
// VI.G note: an advance over the Kokoda Trail from one base to attack another.
export const GroundAdvance = act('ground-advance', { from: base, to: base, units: z.number().int().min(1).max(60) });
// VI.F: landings.
export const Land = act('land', { ship: id, base });
// VI.G: aerial supply, designated at the Allied deployment: the B-17 flies to the base it supplies and lands there.
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
  AirStrike,
  AirRaid,
  AirTarget,
  AirLand,
  Bombard,
  PtAttack,
  AfterMidnight,
  WithdrawShip,
  DayOnly,
  Repair,
  BattleTf,
  BattleEngage,
  SetAside,
  BattleRow,
  BattleOpen,
  BattlePt,
  Torpedo,
  WildTarget,
  Fire,
  FireSpread,
  BattleContinue,
  BattleWithdraw,
  GroundAttack,
  GroundPass,
  GroundAdvance,
  AirSupply,
  Return,
  Transfer,
  Embark,
  PtToSlot,
]);
export type SsjAction = z.infer<typeof SsjAction>;
export type DeploymentAction =
  z.infer<typeof Deploy> | z.infer<typeof Rebase> | z.infer<typeof Load> | z.infer<typeof Recon> | z.infer<typeof AirSupply> | z.infer<typeof Recall> | z.infer<typeof Done>;
export type MagicAction = z.infer<typeof Magic>;

export const SsjOptions = z.strictObject({}).default({});
export type SsjOptions = z.infer<typeof SsjOptions>;
