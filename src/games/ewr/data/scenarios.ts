/**
 * The built-in scenarios: small maps with one static intercept each. The forces are
 * illustrative (factors on the scales of data/tables.ts), not the published counters; the
 * missions and their points are ours (RULINGS.md).
 */
import type { ScenarioInput } from '../scenario';

const cv = (id: string, name: string, air: number) => ({ id, name, type: 'CV' as const, air, surface: 1, asw: 0, hull: 4 });
const cvl = (id: string, name: string, air: number) => ({ id, name, type: 'CVL' as const, air, surface: 0, asw: 0, hull: 2 });
const bb = (id: string, name: string, surface = 6, hull = 5) => ({ id, name, type: 'BB' as const, surface, asw: 0, hull });
const ca = (id: string, name: string) => ({ id, name, type: 'CA' as const, surface: 3, asw: 0, hull: 3 });
const cl = (id: string, name: string) => ({ id, name, type: 'CL' as const, surface: 2, asw: 1, hull: 2 });
const dd = (id: string, name: string) => ({ id, name, type: 'DD' as const, surface: 1, asw: 2, hull: 1 });
const ap = (id: string, name: string) => ({ id, name, type: 'AP' as const, surface: 0, asw: 0, hull: 1 });
const ss = (id: string, name: string, surface = 2) => ({ id, name, type: 'SS' as const, surface, asw: 0, hull: 1 });

/** May 1942: the MO Striking Force moves south; TF 17 lies in wait off the Louisiades. */
export const CORAL_SEA_1942: ScenarioInput = {
  id: 'coral-sea-1942',
  name: 'Coral Sea, May 1942: a carrier intercept',
  description: 'The Japanese carriers move on their initiative past Allied TF 17, which may intercept. In 1942 TFZ must close to the adjacent hex.',
  year: 1942,
  map: { width: 8, height: 6 },
  tfaSide: 'japanese',
  tfa: {
    id: 'mo-striking-force',
    name: 'MO Striking Force',
    hex: { col: 0, row: 1 },
    movement: 6,
    morale: 4,
    main: [cv('shokaku', 'Shokaku', 6), cv('zuikaku', 'Zuikaku', 6)],
    screen: [ca('myoko', 'Myoko'), ca('haguro', 'Haguro'), dd('ushio', 'Ushio'), dd('akebono', 'Akebono')],
  },
  tfz: {
    id: 'tf-17',
    name: 'TF 17',
    hex: { col: 5, row: 3 },
    morale: 4,
    main: [cv('lexington', 'Lexington', 7), cv('yorktown', 'Yorktown', 6)],
    screen: [ca('minneapolis', 'Minneapolis'), ca('astoria', 'Astoria'), dd('phelps', 'Phelps'), dd('dewey', 'Dewey')],
  },
  bases: [
    { id: 'tulagi', name: 'Tulagi', hex: { col: 1, row: 0 }, side: 'japanese', size: 'minor' },
    { id: 'port-moresby', name: 'Port Moresby', hex: { col: 7, row: 5 }, side: 'allied', size: 'major' },
  ],
  markers: [
    { id: 'bismarcks', name: 'Bismarcks', hex: { col: 0, row: 0 }, value: 1, zone: 'japanese' },
    { id: 'solomons', name: 'Solomons', hex: { col: 1, row: 0 }, value: 2, zone: null },
    { id: 'papua', name: 'Papua', hex: { col: 7, row: 5 }, value: 1, zone: 'allied' },
  ],
  mission: {
    kind: 'strike',
    hexes: [{ col: 7, row: 5 }],
    text: 'strike Port Moresby: end an initiative within two hexes of it with at least 6 air factors, to cover the invasion convoy',
    points: 8,
    deniedPoints: 6,
    minAir: 6,
  },
  initiativeCost: 1,
  maxInitiatives: 2,
};

/** June 1944: TF 58 moves west; the Mobile Fleet's van, with a reserve and submarines, lies in wait. */
export const MARIANAS_1944: ScenarioInput = {
  id: 'marianas-1944',
  name: 'Marianas, June 1944: an intercept at two hexes',
  description:
    'Allied TF 58 moves on its initiative; the Japanese van may intercept, and in 1944 it may stay two hexes off to strike. Its reserve costs it a point of morale; its submarines are known to be there.',
  year: 1944,
  map: { width: 8, height: 6 },
  tfaSide: 'allied',
  tfa: {
    id: 'tg-58-3',
    name: 'TG 58.3',
    hex: { col: 7, row: 4 },
    movement: 6,
    morale: 5,
    main: [cv('essex', 'Essex', 8), cv('lexington-ii', 'Lexington (CV-16)', 8)],
    screen: [bb('indiana', 'Indiana'), cl('santa-fe', 'Santa Fe'), dd('stockham', 'Stockham'), dd('twining', 'Twining')],
  },
  tfz: {
    id: 'van-force',
    name: 'Van Force (Kurita)',
    hex: { col: 2, row: 2 },
    morale: 4,
    main: [cvl('chitose', 'Chitose', 3), cvl('chiyoda', 'Chiyoda', 3), cvl('zuiho', 'Zuiho', 3)],
    screen: [bb('yamato', 'Yamato', 8, 6), bb('musashi', 'Musashi', 8, 6), ca('atago', 'Atago'), dd('shimakaze', 'Shimakaze')],
    reserve: [bb('haruna', 'Haruna', 5, 5), bb('kongo', 'Kongo', 5, 5)],
    submarines: [ss('i-184', 'I-184'), ss('ro-115', 'RO-115', 1)],
  },
  bases: [
    { id: 'guam', name: 'Guam', hex: { col: 1, row: 3 }, side: 'japanese', size: 'major' },
    { id: 'saipan-beachhead', name: 'Saipan beachhead', hex: { col: 7, row: 5 }, side: 'allied', size: 'minor' },
  ],
  markers: [
    { id: 'carolines', name: 'Carolines', hex: { col: 0, row: 5 }, value: 2, zone: 'japanese' },
    { id: 'marianas', name: 'Marianas', hex: { col: 7, row: 5 }, value: 1, zone: null },
    { id: 'marshalls', name: 'Marshalls', hex: { col: 7, row: 0 }, value: 2, zone: 'allied' },
  ],
  mission: {
    kind: 'strike',
    hexes: [{ col: 1, row: 3 }],
    text: 'strike Guam: end an initiative within two hexes of it with at least 8 air factors',
    points: 8,
    deniedPoints: 6,
    minAir: 8,
  },
  initiativeCost: 1,
  maxInitiatives: 2,
};

/** November 1942: an Allied convoy covered by cruisers runs for Guadalcanal; battleships and submarines wait. */
export const IRONBOTTOM_1942: ScenarioInput = {
  id: 'ironbottom-1942',
  name: 'Ironbottom Sound, November 1942: surface and submarines',
  description:
    'No carriers: an Allied cruiser force with transports in reserve moves on its initiative; a Japanese battleship force with submarines may intercept. Sighting is by eye, and the fighting is surface and ASW combat.',
  year: 1942,
  map: { width: 7, height: 5 },
  tfaSide: 'allied',
  tfa: {
    id: 'tf-67',
    name: 'TF 67',
    hex: { col: 6, row: 4 },
    movement: 5,
    morale: 4,
    main: [ca('san-francisco', 'San Francisco'), ca('portland', 'Portland'), cl('helena', 'Helena')],
    screen: [dd('laffey', 'Laffey'), dd('sterett', 'Sterett'), dd('obannon', "O'Bannon")],
    reserve: [ap('mccawley', 'McCawley'), ap('president-jackson', 'President Jackson')],
  },
  tfz: {
    id: 'raiding-group',
    name: 'Raiding Group',
    hex: { col: 1, row: 1 },
    morale: 4,
    main: [bb('hiei', 'Hiei', 5, 5), bb('kirishima', 'Kirishima', 5, 5)],
    screen: [cl('nagara', 'Nagara'), dd('akatsuki', 'Akatsuki'), dd('ikazuchi', 'Ikazuchi')],
    submarines: [ss('i-26', 'I-26'), ss('i-172', 'I-172')],
  },
  bases: [
    { id: 'lunga', name: 'Lunga Point', hex: { col: 2, row: 2 }, side: 'allied', size: 'minor' },
    { id: 'espiritu-santo', name: 'Espiritu Santo', hex: { col: 6, row: 4 }, side: 'allied', size: 'major' },
    { id: 'shortlands', name: 'Shortlands', hex: { col: 0, row: 0 }, side: 'japanese', size: 'minor' },
  ],
  markers: [
    { id: 'new-hebrides', name: 'New Hebrides', hex: { col: 6, row: 4 }, value: 1, zone: null },
    { id: 'new-caledonia', name: 'New Caledonia', hex: { col: 5, row: 4 }, value: 2, zone: 'allied' },
  ],
  mission: {
    kind: 'land',
    hexes: [{ col: 2, row: 2 }],
    text: 'land the reinforcements at Lunga Point: end an initiative there with a transport afloat',
    points: 8,
    deniedPoints: 6,
  },
  initiativeCost: 1,
  maxInitiatives: 2,
};

export const BUILTIN_SCENARIOS: readonly ScenarioInput[] = [CORAL_SEA_1942, MARIANAS_1944, IRONBOTTOM_1942];
export const DEFAULT_SCENARIO = CORAL_SEA_1942.id;
