/**
 * The map extract every built-in scenario shares: the hexes the variant looks at (places a
 * Sub Base may stand, the Japanese home island ports, Pusan, resource hexes, the hexes HQs
 * stand in), by Empire of the Sun's four-digit numbers.
 *
 * PROVENANCE. From the rule text: Pusan 3306 (11.22.C) and the four Sub Base hexes of the
 * Scenario Table, 2813, 3727, 4024 and 5108 (11.21.B), which are therefore Allied ports
 * with an airfield. From the variant's own introduction (5.23, not in the excerpt): Truk 4017.
 * EVERYTHING ELSE IS RECONSTRUCTED: the published map is not in the project. The other hexes
 * are placed from their latitude and longitude, calibrated on the given ones (Truk 4017 and
 * 2813 and 5108, which fall where Manila and Midway are): about 2.6° of longitude a column
 * near the equator (wider further north, as on an equal-area map) and 2.5° of latitude a
 * row, rows counted down from about 50°N. The place names in the notes say what a hex stands
 * for, not that the published map numbers it so. A scenario file may carry its own hexes
 * instead (scenario.ts); no rules code knows these numbers except Pusan's.
 *
 * Feature letters: P port, A airfield, C coastal, H Japanese home island port, R resource hex.
 */

export interface MapHex {
  hex: string;
  name?: string;
  port: boolean;
  airfield: boolean;
  coastal: boolean;
  homeIslandPort: boolean;
  resource: boolean;
  /** Where the number comes from, or what it stands for (reconstructed hexes only say so). */
  note: string;
}

function h(hex: string, features: string, note: string, name?: string): MapHex {
  for (const f of features) if (!'PACHR'.includes(f)) throw new Error(`unknown feature "${f}" for ${hex}`);
  return {
    hex,
    ...(name ? { name } : {}),
    port: features.includes('P'),
    airfield: features.includes('A'),
    coastal: features.includes('C') || features.includes('P'),
    homeIslandPort: features.includes('H'),
    resource: features.includes('R'),
    note,
  };
}

const R = 'reconstructed';

export const BASE_MAP: readonly MapHex[] = [
  // The Japanese home islands (11.22.C.1).
  h('3407', 'PACH', `${R}: Kyushu, Sasebo–Nagasaki`),
  h('3406', 'PCH', `${R}: Shimonoseki strait`),
  h('3506', 'PACH', `${R}: Inland Sea, Kure`),
  h('3505', 'PCH', `${R}: Sea of Japan coast, Maizuru`),
  h('3605', 'PACH', `${R}: Osaka–Kobe`),
  h('3705', 'PCH', `${R}: Tokyo Bay, Yokohama`),
  h('3604', 'PCH', `${R}: Niigata`),
  h('3704', 'PACH', `${R}: northern Honshu`),
  // Korea, Manchuria, China.
  h('3306', 'PC', '11.22.C.2: Pusan', 'Pusan'),
  h('3204', 'R', `${R}: Korea, resource hex`),
  h('3104', 'R', `${R}: Manchuria, resource hex`),
  h('3003', 'R', `${R}: Manchuria, resource hex`),
  h('2907', 'PAC', `${R}: Shanghai`),
  h('2710', 'PAC', `${R}: Hong Kong`),
  // Formosa, Indochina, Burma, Malaya.
  h('3010', 'PAC', `${R}: Formosa, Takao`),
  h('3009', 'AC', `${R}: Formosa, north`),
  h('2412', 'PAC', `${R}: Indochina, Haiphong`),
  h('1813', 'PAC', `${R}: Rangoon`),
  h('1812', 'R', `${R}: Burma oil, resource hex`),
  h('2118', 'RC', `${R}: Malaya, resource hex`),
  h('2219', 'PAC', `${R}: Singapore`),
  // The Dutch East Indies.
  h('2221', 'RC', `${R}: Palembang, resource hex`),
  h('2322', 'PAC', `${R}: Batavia`),
  h('2323', 'PAC', `${R}: Tjilatjap`),
  h('2618', 'RC', `${R}: Tarakan, resource hex`),
  h('2620', 'PRC', `${R}: Balikpapan, resource hex with a port`),
  h('2722', 'PC', `${R}: Makassar`),
  h('2821', 'RC', `${R}: Celebes, resource hex`),
  // The Philippines.
  h('2813', 'PAC', '11.21.B: Wilkes sets up here in the 1941 and 1942 starts (probably Manila)'),
  h('2812', 'AC', `${R}: Luzon, Clark Field`),
  h('3017', 'PAC', `${R}: Mindanao, Davao`),
  // Australia.
  h('3225', 'PAC', `${R}: Darwin`),
  h('2633', 'PAC', `${R}: Fremantle`),
  h('3625', 'AC', `${R}: Cape York`),
  h('3727', 'PAC', '11.21.B: Lockwood (4) sets up here in the 1943 start (probably Townsville)'),
  h('4031', 'PAC', `${R}: Brisbane`),
  // New Guinea, the Bismarcks, the Solomons.
  h('3621', 'PC', `${R}: Hollandia`),
  h('3823', 'PAC', `${R}: Port Moresby`),
  h('4024', 'PAC', '11.21.B: Fife sets up here in the 1944 start (probably Milne Bay)'),
  h('4021', 'PAC', `${R}: Rabaul`),
  h('4323', 'AC', `${R}: Guadalcanal`),
  // The Central Pacific.
  h('4017', 'PAC', 'the variant introduction (5.23): Truk 4017', 'Truk'),
  h('3814', 'AC', `${R}: Saipan`),
  h('4612', 'AC', `${R}: Wake`),
  h('4415', 'AC', `${R}: Eniwetok`),
  h('4617', 'AC', `${R}: Kwajalein`),
  h('4819', 'AC', `${R}: Tarawa`),
  h('5108', 'PAC', '11.21.B: Lockwood (6) sets up here in the 1944 start (probably Midway)'),
  h('5911', 'PAC', `${R}: Pearl Harbor`),
  // The South Pacific.
  h('4528', 'PAC', `${R}: Noumea`),
  h('4626', 'PAC', `${R}: Espiritu Santo`),
  h('5027', 'PC', `${R}: Fiji`),
];
