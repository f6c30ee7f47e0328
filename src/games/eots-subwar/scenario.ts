/**
 * The built-in scenarios and a match's options: a match names a built-in start or carries a
 * whole scenario object (validated by the schema of scenario-schema.ts, re-exported here).
 */
import { z } from 'zod';
import { BUILT_IN_SCENARIOS } from './data/scenarios';
import { Scenario, type ScenarioData } from './scenario-schema';

export * from './scenario-schema';

export const BUILT_IN_IDS = ['1941', '1942', '1943', '1944'] as const;
export type BuiltInId = (typeof BUILT_IN_IDS)[number];

/** The built-in scenarios, parsed (so their defaults are filled and every check has run). */
export const SCENARIOS: Readonly<Record<BuiltInId, ScenarioData>> = Object.fromEntries(BUILT_IN_IDS.map((id) => [id, Scenario.parse(BUILT_IN_SCENARIOS[id])])) as Record<
  BuiltInId,
  ScenarioData
>;

export const EotsOptions = z
  .strictObject({
    scenario: z
      .union([z.enum(BUILT_IN_IDS), Scenario], {
        error: (iss) => (iss.code === 'invalid_union' ? 'scenario: a built-in start ("1941", "1942", "1943" or "1944") or a whole scenario object' : undefined),
      })
      .default('1941'),
  })
  .default({ scenario: '1941' });
export type EotsOptions = z.output<typeof EotsOptions>;

/** The scenario a match's options name or carry. */
export function scenarioOf(options: EotsOptions): ScenarioData {
  return typeof options.scenario === 'string' ? structuredClone(SCENARIOS[options.scenario]) : options.scenario;
}
