/**
 * The four built-in scenarios, one per campaign start of the Scenario Table (11.21.B).
 *
 * PROVENANCE. From the rule text: each start's Sub Base positions and SWM marker
 * (SCENARIO_TABLE), Wilkes's optional emergency move of the 1941 and 1942 starts (11.21.E).
 * RECONSTRUCTED (the excerpt does not give them; a scenario file may replace any of them):
 * the start turns and years (tables.ts), the map extract (map.ts) and who controls, supplies
 * and projects Zones of Influence over each of its hexes, the HQs and their activation
 * ranges, the Japanese ASP level, the Japanese hand sizes and the divisions in China.
 * The HQs are chosen so that each start's Sub Bases stand within half the activation range
 * of a different American HQ, as 11.21.C asks of any placement.
 */
import type { ScenarioInput } from '../scenario-schema';
import { BASE_MAP } from './map';
import { SCENARIO_TABLE, START_TURN } from './tables';

interface Overlay {
  /** Japanese-controlled hexes (every other hex of the extract is Allied-controlled and in Allied supply). */
  japanese: readonly string[];
  /** Allied hexes out of Allied supply. */
  unsupplied?: readonly string[];
  /** Hexes inside an unneutralized Japanese Zone of Influence. */
  zoi: readonly string[];
}

function hexes(o: Overlay): ScenarioInput['hexes'] {
  for (const id of [...o.japanese, ...(o.unsupplied ?? []), ...o.zoi]) {
    if (!BASE_MAP.some((m) => m.hex === id)) throw new Error(`overlay names ${id}, which is not on the map extract`);
  }
  return BASE_MAP.map((m) => {
    const japanese = o.japanese.includes(m.hex);
    return {
      hex: m.hex,
      ...(m.name ? { name: m.name } : {}),
      port: m.port,
      airfield: m.airfield,
      coastal: m.coastal,
      homeIslandPort: m.homeIslandPort,
      resource: m.resource,
      control: japanese ? ('japanese' as const) : ('allied' as const),
      alliedSupply: !japanese && !(o.unsupplied ?? []).includes(m.hex),
      japaneseZoi: o.zoi.includes(m.hex),
      note: m.note,
    };
  });
}

const HOME = ['3407', '3406', '3506', '3505', '3605', '3705', '3604', '3704'];
/** Japanese from the first turn: the home islands, Korea, Manchuria, occupied China, Formosa, Indochina, the Mandates. */
const JAPAN_1941 = [...HOME, '3306', '3204', '3104', '3003', '2907', '3010', '3009', '2412', '4017', '3814', '4415', '4617'];
/** January 1942: Hong Kong, Wake, Tarawa, Tarakan and northern Malaya have fallen. */
const JAPAN_1942 = [...JAPAN_1941, '2710', '4612', '4819', '2618', '2118'];
/** January 1943: the Philippines, Malaya, Burma, the Indies, northern New Guinea, Rabaul. */
const JAPAN_1943 = [...JAPAN_1942, '2813', '2812', '3017', '2219', '1813', '1812', '2221', '2322', '2323', '2620', '2722', '2821', '3621', '4021'];
/** January 1944: Tarawa retaken. */
const JAPAN_1944 = JAPAN_1943.filter((h) => h !== '4819');

const JAPANESE_HQS_EARLY: ScenarioInput['hqs'] = [
  { id: 'combined-fleet', name: 'Combined Fleet', side: 'japanese', hex: '3506', activationRange: 8 },
  { id: 'southern-army', name: 'Southern Army', side: 'japanese', hex: '3010', activationRange: 6 },
  { id: 'fourth-fleet', name: '4th Fleet', side: 'japanese', hex: '4017', activationRange: 6 },
  { id: 'china-expeditionary', name: 'China Expeditionary Army', side: 'japanese', hex: '2907', activationRange: 4 },
];
const JAPANESE_HQS_LATE: ScenarioInput['hqs'] = [
  { id: 'combined-fleet', name: 'Combined Fleet', side: 'japanese', hex: '4017', activationRange: 8 },
  { id: 'eighth-area-army', name: '8th Area Army', side: 'japanese', hex: '4021', activationRange: 6 },
  { id: 'southern-army', name: 'Southern Army', side: 'japanese', hex: '2219', activationRange: 6 },
  { id: 'china-expeditionary', name: 'China Expeditionary Army', side: 'japanese', hex: '2907', activationRange: 4 },
];
const AUSTRALIA_HQ = { id: 'australia', name: 'Australian command', side: 'allied', american: false, hex: '4031', activationRange: 8 } as const;
const PACIFIC_FLEET = { id: 'pacific-fleet', name: 'Pacific Fleet', side: 'allied', american: true, hex: '5911', activationRange: 16 } as const;

function start(year: 1941 | 1942 | 1943 | 1944) {
  const t = SCENARIO_TABLE[year];
  return {
    turn: START_TURN[year],
    swmMarker: t.swm,
    subBases: { wilkes: t.wilkes, 'lockwood-4': t['lockwood-4'], fife: t.fife, 'lockwood-6': t['lockwood-6'] },
  };
}

export const BUILT_IN_SCENARIOS: Readonly<Record<'1941' | '1942' | '1943' | '1944', ScenarioInput>> = {
  '1941': {
    id: 'eots-1941',
    name: '1941 campaign start (Turn 1)',
    ...start(1941),
    japaneseAsp: 4,
    chinaDivisions: 8,
    iaiEmergencyMove: 'after-first-japanese-offensive',
    hexes: hexes({ japanese: JAPAN_1941, zoi: ['2710', '2812', '4612'] }),
    hqs: [
      { id: 'asiatic-fleet', name: 'Asiatic Fleet', side: 'allied', american: true, hex: '2813', activationRange: 6 },
      { id: 'usaffe', name: 'U.S. Army Forces Far East', side: 'allied', american: true, hex: '2812', activationRange: 6 },
      PACIFIC_FLEET,
      AUSTRALIA_HQ,
      ...JAPANESE_HQS_EARLY,
    ],
  },
  '1942': {
    id: 'eots-1942',
    name: '1942 campaign start (Turn 2)',
    ...start(1942),
    japaneseAsp: 4,
    chinaDivisions: 8,
    iaiEmergencyMove: 'at-start',
    hexes: hexes({ japanese: JAPAN_1942, zoi: ['2813', '2812', '3017', '2219', '1813', '4021'] }),
    hqs: [
      { id: 'asiatic-fleet', name: 'Asiatic Fleet', side: 'allied', american: true, hex: '2722', activationRange: 6 },
      { id: 'usaffe', name: 'U.S. Army Forces Far East', side: 'allied', american: true, hex: '2812', activationRange: 6 },
      PACIFIC_FLEET,
      AUSTRALIA_HQ,
      ...JAPANESE_HQS_EARLY,
    ],
  },
  '1943': {
    id: 'eots-1943',
    name: '1943 campaign start (Turn 5)',
    ...start(1943),
    japaneseAsp: 3,
    chinaDivisions: 7,
    hexes: hexes({ japanese: JAPAN_1943, zoi: ['3225', '3625'] }),
    hqs: [
      { id: 'swpa', name: 'South West Pacific Area', side: 'allied', american: true, hex: '3823', activationRange: 8 },
      { id: 'south-pacific', name: 'South Pacific Area', side: 'allied', american: true, hex: '4528', activationRange: 8 },
      PACIFIC_FLEET,
      AUSTRALIA_HQ,
      ...JAPANESE_HQS_LATE,
    ],
  },
  '1944': {
    id: 'eots-1944',
    name: '1944 campaign start (Turn 8)',
    ...start(1944),
    japaneseAsp: 2,
    chinaDivisions: 6,
    hexes: hexes({ japanese: JAPAN_1944, zoi: ['3225'] }),
    hqs: [
      { id: 'swpa', name: 'South West Pacific Area', side: 'allied', american: true, hex: '4024', activationRange: 8 },
      { id: 'south-pacific', name: 'South Pacific Area', side: 'allied', american: true, hex: '4626', activationRange: 8 },
      PACIFIC_FLEET,
      AUSTRALIA_HQ,
      ...JAPANESE_HQS_LATE,
    ],
  },
};
