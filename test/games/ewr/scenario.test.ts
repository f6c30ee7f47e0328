/** Scenarios as data: the built-ins validate, a match may be created from any valid scenario, and bad ones fail clearly. */
import { z } from 'zod';
import { createMatchState } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { ScenarioSchema } from '../../../src/games/ewr/scenario';
import type { EwrState } from '../../../src/games/ewr/state';
import { scenario } from './fixtures';

const messages = (options: unknown) => {
  const r = ewr.options.safeParse(options);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ewr scenarios', () => {
  test.each(BUILTIN_SCENARIOS.map((s) => [s.id, s] as const))('built-in %s is valid and starts a match', (id) => {
    const first = createMatchState(ewr, { scenario: id }, 'x');
    const s = first.state.game as EwrState;
    expect(s.scenario.id).toBe(id);
    expect(s.phase).toBe('between');
    expect(ewr.prompt(s, s.roles.tfa)!.actions).toContainEqual({ type: 'begin-initiative' });
    expect(ewr.prompt(s, s.roles.tfz)).toBeNull();
  });

  test('three built-ins: a 1942 carrier intercept, a 1944 one, a surface-and-submarine one', () => {
    const parsed = BUILTIN_SCENARIOS.map((s) => ScenarioSchema.parse(s));
    expect(parsed.map((s) => s.year)).toEqual([1942, 1944, 1942]);
    const air = (s: (typeof parsed)[number], r: 'tfa' | 'tfz') => [...s[r].main, ...s[r].screen, ...s[r].reserve].reduce((n, sh) => n + sh.air, 0);
    expect(air(parsed[0]!, 'tfz')).toBeGreaterThan(0);
    expect(air(parsed[1]!, 'tfz')).toBeGreaterThan(0);
    expect(air(parsed[2]!, 'tfa') + air(parsed[2]!, 'tfz')).toBe(0);
    expect(parsed[2]!.tfz.submarines.length).toBeGreaterThan(0);
  });

  test('the default options are the 1942 carrier intercept', () => {
    expect(ewr.options.parse(undefined)).toEqual({ scenario: 'coral-sea-1942' });
    expect(ewr.options.parse({})).toEqual({ scenario: 'coral-sea-1942' });
  });

  test('a full scenario object creates a match', () => {
    const first = createMatchState(ewr, { scenario: scenario({ year: 1945 }) }, 'custom');
    expect((first.state.game as EwrState).scenario.year).toBe(1945);
  });

  test('bad options fail with errors that name the field', () => {
    expect(messages({ scenario: 'midway' })[0]).toMatch(/^scenario: Invalid option: expected one of "coral-sea-1942"/);
    expect(messages({ scenario: 7 })).toEqual([expect.stringMatching(/^scenario: a built-in scenario id/)]);
    expect(messages({ scenario: 'coral-sea-1942', extra: 1 })[0]).toMatch(/extra/);
    const tooClose = scenario();
    tooClose.tfa.hex = { col: 2, row: 2 };
    expect(messages({ scenario: tooClose })).toEqual([expect.stringMatching(/^scenario\.tfa\.hex: TFA must start at least three hexes from TFZ/)]);
    const offMap = scenario();
    offMap.bases![0]!.hex = { col: 9, row: 0 };
    expect(messages({ scenario: offMap })).toEqual(['scenario.bases.0.hex: hex 9,0 is not on the 7×5 map']);
    const subInMain = scenario();
    subInMain.tfz.main = [{ id: 'z-ss2', name: 'Sub', type: 'SS', hull: 1 }];
    expect(messages({ scenario: subInMain })[0]).toMatch(/^scenario\.tfz\.main\.0\.type: submarines go in "submarines"/);
    const twice = scenario();
    twice.tfz.screen![0]!.id = 'a-bb';
    expect(messages({ scenario: twice })[0]).toMatch(/ship id "a-bb" is used twice/);
    const bbAir = scenario();
    bbAir.tfa.main![1]!.air = 3;
    expect(messages({ scenario: bbAir })[0]).toMatch(/only carriers/);
    const noYear = { ...scenario() } as Record<string, unknown>;
    delete noYear.year;
    expect(messages({ scenario: noYear })[0]).toMatch(/^scenario\.year: /);
  });

  test('the options have a JSON schema for the game list', () => {
    expect(() => z.toJSONSchema(ewr.options, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });

  test('public data: scenarios without their TFs’ contents, the tables, the map geometry, the flowchart', () => {
    const data = ewr.publicData() as {
      scenarios: unknown[];
      tables: Record<string, unknown>;
      flowchart: { steps: { id: string }[]; arrows: { from: string; to: string }[] };
      hexMap: unknown;
    };
    expect(data.scenarios).toHaveLength(BUILTIN_SCENARIOS.length);
    const text = JSON.stringify(data.scenarios);
    for (const sc of BUILTIN_SCENARIOS) for (const sh of [...(sc.tfz.main ?? []), ...(sc.tfa.main ?? [])]) expect(text).not.toContain(sh.name);
    expect(Object.keys(data.tables)).toEqual(expect.arrayContaining(['sightingNumber', 'airstrike', 'surface', 'asw', 'moraleBreaksOn']));
    const ids = data.flowchart.steps.map((s) => s.id);
    expect(ids).toEqual(['start', '1', '2', '3', '4', '5', '6', 'A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'end']);
    for (const a of data.flowchart.arrows) expect(ids).toEqual(expect.arrayContaining([a.from, a.to]));
    expect(() => JSON.stringify(ewr.publicData())).not.toThrow();
  });
});
