/** A fact of the rest of the game that one player reports to the other (see facts.ts). */
import { z } from 'zod';
import { MAX_ACTIVATIONS, SIDES } from './data/tables';
import { HexId } from './scenario-schema';

const HqRef = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: 'an HQ id' });

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
