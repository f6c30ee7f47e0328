import { toJSONSchema } from 'zod';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { BASE_MAP } from '../../../src/games/eots-subwar/data/map';
import { EotsOptions, Scenario, SCENARIOS, scenarioOf } from '../../../src/games/eots-subwar/scenario';
import { basesOnMap, initialState } from '../../../src/games/eots-subwar/state';
import { placementProblems } from '../../../src/games/eots-subwar/sub-bases';
import { start, testScenario } from './helpers';

const messages = (input: unknown) => {
  const r = Scenario.safeParse(input);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('scenarios', () => {
  /**
   * 11.21.B's Scenario Table as the rule text prints it (columns 1941, 1942, 1943, 1944): a hex
   * number (on the map at the start), "Replaced" (replaced in situ already) or the turn the unit
   * arrives; and the SWM marker.
   */
  const TEXT_TABLE: Record<string, string[]> = {
    Wilkes: ['2813', '2813', 'Replaced', 'Replaced'],
    'Lockwood (4)': ['4', '4', '3727', 'Replaced'],
    Fife: ['6', '6', '6', '4024'],
    'Lockwood (6)': ['6', '6', '6', '5108'],
    'SWM Marker': ['+2', '+2', '+1', '0'],
  };
  const ID: Record<string, string> = { Wilkes: 'wilkes', 'Lockwood (4)': 'lockwood-4', Fife: 'fife', 'Lockwood (6)': 'lockwood-6' };

  test.each([0, 1, 2, 3])('11.21.B Scenario Table: start %#, set up through the engine, has the Sub Bases and the SWM marker the text prints', (col) => {
    const id = ['1941', '1942', '1943', '1944'][col]!;
    const g = start({ scenario: id }, `table-${id}`).game;
    for (const [unit, cells] of Object.entries(TEXT_TABLE)) {
      const cell = cells[col]!;
      if (unit === 'SWM Marker') {
        expect(g.scenario.startSwm).toBe(Number(cell.replace('+', '')));
        continue;
      }
      const where = g.subBases[ID[unit] as keyof typeof g.subBases];
      if (cell === 'Replaced') expect({ unit, where }).toEqual({ unit, where: { at: 'replaced' } });
      else if (cell.length === 4) expect({ unit, where }).toEqual({ unit, where: { at: 'map', hex: cell } });
      else expect({ unit, where }).toEqual({ unit, where: { at: 'pending', turn: Number(cell) } });
    }
    // The starts' turns fit the table's arrivals: Lockwood (4) is in play from Turn 4, Fife and the second Lockwood from Turn 6.
    const inPlay = (cell: string) => cell.length === 4 || cell === 'Replaced';
    expect(inPlay(TEXT_TABLE['Lockwood (4)']![col]!)).toBe(g.scenario.startTurn > 4);
    expect(inPlay(TEXT_TABLE.Fife![col]!)).toBe(g.scenario.startTurn > 6);
  });

  test('11.21.C: every Sub Base a built-in start sets up on the map stands where 11.21.C would let it be placed (but 1942’s Wilkes, 17.25)', () => {
    for (const id of ['1941', '1942', '1943', '1944'] as const) {
      const g = initialState(SCENARIOS[id]);
      for (const { base, hex } of basesOnMap(g)) {
        // "Except as specified in a scenario set-up": the 1942 start has Manila already under Japanese influence, hence Wilkes's move at the start.
        const expected = id === '1942' && base === 'wilkes' ? ['11.21.C: inside an unneutralized Japanese ZoI'] : [];
        expect({ id, base, problems: placementProblems(g, base, hex) }).toEqual({ id, base, problems: expected });
      }
    }
  });

  test('11.22.C: Pusan is hex 3306 in the built-in extract; the Scenario Table’s hexes are in it', () => {
    expect(BASE_MAP.find((h) => h.hex === '3306')!.name).toBe('Pusan');
    for (const cell of Object.values(TEXT_TABLE)
      .flat()
      .filter((c) => /^\d{4}$/.test(c)))
      expect(BASE_MAP.some((h) => h.hex === cell)).toBe(true);
    expect(new Set(BASE_MAP.map((h) => h.hex)).size).toBe(BASE_MAP.length);
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
    expect(messages({ ...sc, hexes: [...sc.hexes, { hex: '281' }] })).toContain('hexes.18.hex: a hex is an Empire of the Sun hex number: four digits XXYY (column XX, row YY)');
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
    for (const sc of data.scenarios) expect(Scenario.safeParse(sc).success).toBe(true); // what the public data shows, a match accepts
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
