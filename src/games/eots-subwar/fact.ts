/** A fact of the rest of the game that one player reports to the other (see facts.ts and reports.ts). */
import { z } from 'zod';
import { MAX_ACTIVATIONS, SIDES, type SubBaseId } from './data/tables';
import { HexId } from './scenario-schema';

const HqRef = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: 'an HQ id' });

/** A fact of the board, reported with the `propose` action (facts.ts). */
export const Fact = z.discriminatedUnion('kind', [
  /** The activations the card gives an Allied offensive (its Operations value; a Sub Base relocation takes two, 11.21.C). */
  z.strictObject({ kind: z.literal('activations'), count: z.int().min(1).max(MAX_ACTIVATIONS) }),
  /** The offensive's HQ ends its move in `to`. */
  z.strictObject({ kind: z.literal('hq-move'), hq: HqRef, to: HexId }),
  /** `side` controls `hex` (at an offensive's conclusion, or Japan through a National Surrender). */
  z.strictObject({ kind: z.literal('control'), hex: HexId, side: z.enum(SIDES) }),
  /** `hex` is in (or out of) Allied supply (11.21.C, 11.22.A.1). */
  z.strictObject({ kind: z.literal('supply'), hex: HexId, inSupply: z.boolean() }),
  /** `hex` is inside (or outside) an unneutralized Japanese ZoI (11.21.C). */
  z.strictObject({ kind: z.literal('zoi'), hex: HexId, unneutralized: z.boolean() }),
]);
export type Fact = z.infer<typeof Fact>;

/**
 * A play of the players' own game the variant acts on, reported by its own action
 * (declare-battle-hex, japanese-attack, japanese-ground-unit, play-event, play-card-5) and
 * confirmed by the other player before it takes effect (reports.ts).
 */
export type Play =
  /** 11.21.D: the offensive declares `hex` a Battle Hex (a Sub Base alone is enough to make one). */
  | { kind: 'battle-hex'; hex: string }
  /** 11.21.D: the Japanese apply `hits` to a Sub Base in Air-Naval Combat (as a Critical Hit's target, or after every other unit). */
  | { kind: 'sub-base-hits'; base: SubBaseId; hits: number; critical: boolean }
  /** 11.21.D: a Japanese ground unit occupies the Sub Base's hex at the end of ground combat. */
  | { kind: 'ground-unit'; base: SubBaseId }
  /** 11.22.B.4–6: a card played as the event the SWM counts. */
  | { kind: 'event'; card: 37 | 38 | 80 }
  /** 11.24.A: card #5 played as "Cryptographic Intercepts" with this Sub Base. */
  | { kind: 'card-5'; base: SubBaseId };

/** Anything one player reports for the other to confirm. */
export type Report = Fact | Play;
