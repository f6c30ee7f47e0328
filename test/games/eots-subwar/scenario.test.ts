import { toJSONSchema } from 'zod';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { SCENARIO_TABLE, START_TURN } from '../../../src/games/eots-subwar/data/tables';
import { BASE_MAP } from '../../../src/games/eots-subwar/data/map';
import { EotsOptions, Scenario, SCENARIOS, scenarioOf } from '../../../src/games/eots-subwar/scenario';
import { computeSwm } from '../../../src/games/eots-subwar/swm';
import { testScenario } from './helpers';

const messages = (input: unknown) => {
  const r = Scenario.safeParse(input);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('scenarios', () => {
  test.each(['1941', '1942', '1943', '1944'] as const)('11.21.B Scenario Table: the %s start places the Sub Bases of the table and its SWM marker', (id) => {
    const sc = SCENARIOS[id];
    const row = SCENARIO_TABLE[Number(id) as 1941];
    expect(sc.turn).toBe(START_TURN[Number(id) as 1941]);
    expect(sc.subBases).toEqual({ wilkes: row.wilkes, 'lockwood-4': row['lockwood-4'], fife: row.fife, 'lockwood-6': row['lockwood-6'] });
    expect(sc.swmMarker).toBe(row.swm);
    expect(computeSwm({ year: sc.years[sc.turn - 1]!, events: sc.events, swmSteps: sc.swmSteps })).toBe(row.swm);
  });

  test('11.21.B: the table itself, verbatim', () => {
    expect(SCENARIO_TABLE).toEqual({
      1941: { wilkes: '2813', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6, swm: 2 },
      1942: { wilkes: '2813', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6, swm: 2 },
      1943: { wilkes: 'replaced', 'lockwood-4': '3727', fife: 6, 'lockwood-6': 6, swm: 1 },
      1944: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '4024', 'lockwood-6': '5108', swm: 0 },
    });
  });

  test('the built-in hexes carry what the variant reads; Pusan is 3306', () => {
    expect(BASE_MAP.find((h) => h.hex === '3306')!.name).toBe('Pusan');
    for (const id of ['2813', '3727', '4024', '5108']) expect(BASE_MAP.find((h) => h.hex === id)).toMatchObject({ port: true, airfield: true, coastal: true });
    expect(BASE_MAP.filter((h) => h.homeIslandPort).length).toBeGreaterThan(0);
    expect(new Set(BASE_MAP.map((h) => h.hex)).size).toBe(BASE_MAP.length);
    for (const h of BASE_MAP) expect(h.note.length).toBeGreaterThan(0); // provenance of every hex
  });

  test('options: a built-in start by name (default 1941) or a whole scenario object', () => {
    expect(scenarioOf(EotsOptions.parse(undefined)).id).toBe('eots-1941');
    expect(scenarioOf(EotsOptions.parse({ scenario: '1943' })).id).toBe('eots-1943');
    const custom = scenarioOf(EotsOptions.parse({ scenario: testScenario() }));
    expect(custom.id).toBe('test-map');
    expect(custom.slocRange).toBe(7);
    // A scenario file overrides the reconstructed values; absent ones take the defaults.
    expect(Scenario.parse(testScenario({ slocRange: undefined })).slocRange).toBe(12);
  });

  test('options: an unknown start or a malformed scenario gets a clear zod error', () => {
    const bad = EotsOptions.safeParse({ scenario: '1945' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toMatch(/built-in start .*"1941".* or a whole scenario object/);
    const worse = EotsOptions.safeParse({ scenario: { ...testScenario(), turn: 13 } });
    expect(worse.error!.issues.map((i) => i.path.join('.'))).toContain('scenario.turn');
    expect(EotsOptions.safeParse({ scenario: '1941', extra: 1 }).success).toBe(false);
  });

  test('scenario validation: hex numbers, duplicates, strict keys', () => {
    const sc = testScenario();
    expect(messages({ ...sc, hexes: [...sc.hexes, { hex: '281' }] })).toContain(
      'hexes.18.hex: a hex is an Empire of the Sun hex number: four digits XXYY (column XX, row YY)',
    );
    expect(messages({ ...sc, hexes: [...sc.hexes, { hex: '1010' }] })).toContain('hexes.18.hex: hex 1010 is listed twice (also at hexes[7])');
    expect(messages({ ...sc, hexes: [{ hex: '1010', port: true, harbour: true }] }).join()).toMatch(/harbour/);
    expect(messages({ ...sc, hqs: [...sc.hqs!, { id: 'jp2', name: 'x', side: 'japanese', american: true, hex: '1006', activationRange: 2 }] })).toContain(
      'hqs.4.american: HQ "jp2" is Japanese, so it cannot be American',
    );
    expect(messages({ ...sc, hexes: [{ hex: '1002', homeIslandPort: true }, ...sc.hexes.slice(1)] })).toContain(
      'hexes.0.port: hex 1002 is a home island port, so it must be a port',
    );
  });

  test('scenario validation: Sub Base positions follow the order of battle (11.21.B) and the one-a-hex rule (11.21.C)', () => {
    const sc = testScenario();
    expect(messages({ ...sc, subBases: { ...sc.subBases, 'lockwood-4': '9999' } })).toContain(
      "subBases.lockwood-4: lockwood-4 sets up in hex 9999, which is not in the scenario's hexes",
    );
    expect(messages({ ...sc, subBases: { ...sc.subBases, 'lockwood-6': '1010' } })).toContain(
      'subBases.lockwood-6: lockwood-6 and lockwood-4 both set up in hex 1010: one Sub Base a hex (11.21.C)',
    );
    expect(messages({ ...sc, subBases: { ...sc.subBases, fife: '1012' } })).toContain(
      'subBases.fife: fife replaces lockwood-4 in situ (11.21.B): with lockwood-4 not "replaced", fife must be a later arrival turn',
    );
    expect(messages({ ...sc, subBases: { ...sc.subBases, fife: 4 } })).toContain("subBases.fife: fife arrives on Turn 4, before the scenario's first turn (5)");
    expect(messages({ ...sc, subBases: { ...sc.subBases, 'lockwood-6': 'replaced' } })).toContain(
      'subBases.lockwood-6: lockwood-6 is not replaced by any unit (11.21.B), so it cannot start "replaced"',
    );
    expect(messages({ ...sc, turn: 3, subBases: { wilkes: '1010', 'lockwood-4': 6, fife: 5, 'lockwood-6': 6 } })).toContain(
      'subBases.fife: fife (Turn 5) must arrive after lockwood-4 (Turn 6), which it replaces',
    );
  });

  test('scenario validation: a stated SWM marker must match the factors of 11.22.B', () => {
    expect(Scenario.safeParse(testScenario({ swmMarker: 1 })).success).toBe(true); // Turn 5 is 1943: +1
    expect(messages(testScenario({ swmMarker: 2 }))).toContain('swmMarker: the SWM marker +2 does not match the factors of 11.22.B, which give +1');
    expect(Scenario.safeParse(testScenario({ swmMarker: -1, events: { card80: 1 } })).success).toBe(true); // +1 − 2
  });

  test('the options schema converts to JSON Schema for the game list; publicData carries scenarios, tables and hexes', () => {
    expect(() => toJSONSchema(eotsSubwar.options, { io: 'input', unrepresentable: 'any' })).not.toThrow();
    const data = eotsSubwar.publicData() as { scenarios: unknown[]; hexes: unknown[]; tables: Record<string, unknown> };
    expect(data.scenarios).toHaveLength(4);
    expect(data.hexes).toBe(BASE_MAP);
    expect(Object.keys(data.tables)).toEqual(expect.arrayContaining(['orderOfBattle', 'scenarioTable', 'swm', 'sloc', 'card5']));
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(eotsSubwar.id).toBe('eots-subwar');
    expect(eotsSubwar.name).toBe('Empire of the Sun: submarine warfare');
    expect(eotsSubwar.sides).toEqual(['allied', 'japanese']);
  });
});

test('a scenario whose turn is out of range is refused with the field named, not a crash', () => {
  const { EotsOptions } = jest.requireActual('../../../src/games/eots-subwar/scenario');
  const { SCENARIOS } = jest.requireActual('../../../src/games/eots-subwar/scenario');
  const bad = { ...SCENARIOS['1943'], turn: 99 };
  const r = EotsOptions.safeParse({ scenario: bad });
  expect(r.success).toBe(false);
  expect(JSON.stringify(r.error.issues)).toMatch(/turn/);
});
