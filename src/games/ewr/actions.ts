/** Every action a client may send in East Wind Rain's intercept procedure, and the match options (zod). */
import { z } from 'zod';
import { BUILTIN_SCENARIOS, DEFAULT_SCENARIO } from './data/scenarios';
import { HexSchema, ScenarioSchema, type Scenario } from './scenario';

const air = z.number().int().min(0).max(200);

export const DECISION_STEPS = ['1', '3', '5', '6', 'A1', 'A2', 'A4', 'B1', 'B2', 'B4'] as const;
export const CHOICES = ['intercept', 'decline', 'sight', 'enter', 'airstrike', 'surface', 'pass', 'continue', 'stay', 'retreat', 'second-strike'] as const;

export const EwrAction = z.discriminatedUnion('type', [
  /** Between initiatives (TFA): begin the next, refuel (X.N.3.g), or close the operations phase. */
  z.strictObject({ type: z.literal('begin-initiative') }),
  z.strictObject({ type: z.literal('end-operations') }),
  z.strictObject({ type: z.literal('refuel') }),
  z.strictObject({ type: z.literal('skip-refuel') }),
  /** TFA on its initiative. */
  z.strictObject({ type: z.literal('move'), to: HexSchema }),
  z.strictObject({ type: z.literal('end-initiative') }),
  z.strictObject({ type: z.literal('withdraw') }),
  /** A branch of the chart. */
  z.strictObject({ type: z.literal('decide'), step: z.enum(DECISION_STEPS), choice: z.enum(CHOICES) }),
  /** B4: TFA moves to an adjacent hex and then tries to sight TFZ. */
  z.strictObject({ type: z.literal('b4-adjacent'), to: HexSchema }),
  /** Step 2: TFZ's one-hex move. */
  z.strictObject({ type: z.literal('approach'), to: HexSchema }),
  /** After step 6: TFZ redeploys in the area. */
  z.strictObject({ type: z.literal('redeploy'), to: HexSchema }),
  /** XI.H.1.c: the secret allocation of air factors. */
  z.strictObject({ type: z.literal('allocate'), cap: air, escort: air, strike: air }),
]);
export type EwrAction = z.infer<typeof EwrAction>;

const BUILTIN_IDS = BUILTIN_SCENARIOS.map((s) => s.id) as [string, ...string[]];
const BuiltinId = z.enum(BUILTIN_IDS);

/** A built-in scenario id or a full scenario object, validated with errors that name the field. */
const ScenarioRef = z
  .custom<string | object>((v) => typeof v === 'string' || (typeof v === 'object' && v !== null && !Array.isArray(v)), {
    message: `a built-in scenario id (${BUILTIN_IDS.join(', ')}) or a scenario object`,
  })
  .superRefine((v, ctx) => {
    const r = typeof v === 'string' ? BuiltinId.safeParse(v) : ScenarioSchema.safeParse(v);
    if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
  })
  .describe(`A built-in scenario id (${BUILTIN_IDS.join(', ')}), or a full scenario object (see the game's public data for the shape)`);

export const EwrOptions = z.strictObject({ scenario: ScenarioRef.default(DEFAULT_SCENARIO) }).default({ scenario: DEFAULT_SCENARIO });
export type EwrOptions = z.infer<typeof EwrOptions>;

/** The scenario the options name, with its defaults filled in. */
export function resolveScenario(options: EwrOptions): Scenario {
  const ref = options.scenario;
  if (typeof ref === 'string') {
    const found = BUILTIN_SCENARIOS.find((s) => s.id === ref);
    if (!found) throw new Error(`Unknown scenario "${ref}"`);
    return ScenarioSchema.parse(found);
  }
  return ScenarioSchema.parse(ref);
}
