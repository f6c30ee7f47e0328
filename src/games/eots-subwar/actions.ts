/**
 * Every action a client may send (zod: anything else is a 400 before the rules run). The
 * rest of Empire of the Sun (movement, combat) is not modelled: where the variant depends on
 * it, its outcome is an explicit action of the player it belongs to (a Japanese attack
 * landing hits, a Japanese ground unit in a Sub Base's hex, an event played), and the facts
 * of the board (activations, HQ moves, control, supply, ZoI) are proposed by one player and
 * confirmed or disputed by the other (facts.ts). The prompts list every legal parameter.
 */
import { z } from 'zod';
import { DISPLACE_HITS, SUB_BASE_IDS } from './data/tables';
import { Fact } from './fact';
import { HexId } from './scenario-schema';

const Base = z.enum(SUB_BASE_IDS);
const HqId = z.string().min(1).max(40);

/** 11.21.B/C: place an arriving or returning Sub Base during the Reinforcement Segment. */
export const PlaceSubBase = z.strictObject({ type: z.literal('place-sub-base'), base: Base, hex: HexId });
/** 11.22.A: roll for one eligible Sub Base in the Strategic Warfare Segment. */
export const SubmarineWarfare = z.strictObject({ type: z.literal('submarine-warfare'), base: Base });
/** 11.23: after a success, one ASP, one SWM step, or neither. */
export const SubWarfareEffect = z.strictObject({ type: z.literal('sub-warfare-effect'), base: Base, choice: z.enum(['asp', 'swm', 'none']) });
/** A card played for an offensive by the HQ it activates (an Allied offensive's activations are then proposed as a fact). */
export const BeginOffensive = z.strictObject({ type: z.literal('begin-offensive'), hq: HqId });
/** 11.22.B: a card played as the event the SWM counts (Japanese #37, #38; Allied #80). */
export const PlayEvent = z.strictObject({ type: z.literal('play-event'), card: z.union([z.literal(37), z.literal(38), z.literal(80)]) });
/** No more card plays this Offensives Phase. */
export const Pass = z.strictObject({ type: z.literal('pass') });
/** 11.21.C: two activations pick a Sub Base up and place it in any hex meeting the conditions. */
export const RelocateSubBase = z.strictObject({ type: z.literal('relocate-sub-base'), base: Base, to: HexId });
/** A fact of the rest of the game, put to the other player (facts.ts). */
export const Propose = z.strictObject({ type: z.literal('propose'), fact: Fact });
export const Confirm = z.strictObject({ type: z.literal('confirm') });
export const Dispute = z.strictObject({ type: z.literal('dispute') });
export const Withdraw = z.strictObject({ type: z.literal('withdraw') });
/** The proposer keeps to a disputed fact: it is left unresolved (listed in the result) and not applied. */
export const Insist = z.strictObject({ type: z.literal('insist') });
export const EndMovement = z.strictObject({ type: z.literal('end-movement') });
/** 11.21.D: a Sub Base alone is enough to make a hex a Battle Hex. */
export const DeclareBattleHex = z.strictObject({ type: z.literal('declare-battle-hex'), hex: HexId });
export const EndDeclaration = z.strictObject({ type: z.literal('end-declaration') });
/** 11.24.A: Allied card #5 played for "Cryptographic Intercepts: Submarines Target Troop Transports". */
export const PlayCard5 = z.strictObject({ type: z.literal('play-card-5'), base: Base });
export const DeclineCard5 = z.strictObject({ type: z.literal('decline-card-5') });
/**
 * 11.21.D: hits the Japanese apply to a Sub Base in Air-Naval Combat — as the target of a
 * Critical Hit, or (critical: false) after every other Allied air and naval unit in the
 * combat has been reduced. Hits add up within a combat; 15 (or more) displace it.
 */
export const JapaneseAttack = z.strictObject({
  type: z.literal('japanese-attack'),
  base: Base,
  hits: z.int().min(1).max(DISPLACE_HITS),
  critical: z.boolean(),
});
/** Ends the Air-Naval Combat: Sub Bases not attacked were ignored (11.21.D). */
export const EndAirNavalCombat = z.strictObject({ type: z.literal('end-air-naval-combat') });
/** 11.21.D: at the end of ground combat a Japanese ground unit occupies the Sub Base's hex. */
export const JapaneseGroundUnit = z.strictObject({ type: z.literal('japanese-ground-unit'), base: Base });
export const EndGroundCombat = z.strictObject({ type: z.literal('end-ground-combat') });
export const EndOffensive = z.strictObject({ type: z.literal('end-offensive') });
/** 11.21.E: within 10 hexes under every limit of 11.21.C, or onto the Turn Record Track. */
export const EmergencyMove = z.strictObject({ type: z.literal('emergency-move'), base: Base, to: z.union([HexId, z.literal('trt')]) });
/** 11.21.E: Wilkes stays put (its emergency move in the 1941 and 1942 starts is optional). */
export const NoEmergencyMove = z.strictObject({ type: z.literal('no-emergency-move'), base: Base });
export const EndPolitical = z.strictObject({ type: z.literal('end-political') });

export const EotsAction = z.discriminatedUnion('type', [
  PlaceSubBase,
  SubmarineWarfare,
  SubWarfareEffect,
  BeginOffensive,
  PlayEvent,
  Pass,
  RelocateSubBase,
  Propose,
  Confirm,
  Dispute,
  Withdraw,
  Insist,
  EndMovement,
  DeclareBattleHex,
  EndDeclaration,
  PlayCard5,
  DeclineCard5,
  JapaneseAttack,
  EndAirNavalCombat,
  JapaneseGroundUnit,
  EndGroundCombat,
  EndOffensive,
  EmergencyMove,
  NoEmergencyMove,
  EndPolitical,
]);
export type EotsAction = z.infer<typeof EotsAction>;
export type ActionOf<T extends EotsAction['type']> = Extract<EotsAction, { type: T }>;
