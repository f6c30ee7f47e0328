/**
 * The eight bases, the three sea areas, their adjacency, and where each side's ships
 * may sail from and return to.
 *
 * Fixed by the text: naval bases only at Australia, Espiritu Santo, Rabaul and Truk
 * (VI.F.1.a); home bases Espiritu Santo and Australia (Allied), Truk, Buna and Rabaul
 * (Japanese) (VI.H); the contested island bases are on Guadalcanal, Bougainville,
 * New Guinea North and New Guinea South (VI.F.2.g.2.a); ship returns (VI.H); Japanese
 * ships enter the Coral Sea only from Rabaul (VI.B). Everything else here (sea-area
 * attachments, set-up holders, victory points, adjacency, sortie lists) is a reading
 * of the text, marked RULING where the text is silent.
 */

import type { Base, BaseId, SeaAreaId, Side } from './types';
import type { ShipRoutes } from './tables-types';

/** The land masses of VI.F.2.g.2.a (the four contested ones) and the rear areas. */
export const LANDS = {
  guadalcanal: 'Guadalcanal',
  bougainville: 'Bougainville',
  newGuineaNorth: 'New Guinea North',
  newGuineaSouth: 'New Guinea South',
  espirituSanto: 'Espiritu Santo',
  australia: 'Australia',
  newBritain: 'New Britain',
  truk: 'Truk',
} as const;

/** The lands on which ground combat and control changes happen (VI.F.2.g.2.a). */
export const CONTESTED_LANDS: readonly string[] = [LANDS.guadalcanal, LANDS.bougainville, LANDS.newGuineaNorth, LANDS.newGuineaSouth];

export const BASES: Readonly<Record<BaseId, Base>> = {
  'espiritu-santo': {
    id: 'espiritu-santo',
    name: 'Espiritu Santo',
    heldBy: 'allied',
    naval: true,
    airfield: true,
    home: true,
    // RULING (VI.F.1.a): Espiritu Santo is attached to the South Pacific — B-17s from it
    // strike "from Espiritu Santo" and carriers in the SP may strike it.
    seaArea: 'SP',
    land: LANDS.espirituSanto,
    vpPerTurn: 0,
    source: 'History: the Allied advanced base (airfield open 28 July 1942). Naval and home base: VI.F.1.a, VI.H.',
  },
  australia: {
    id: 'australia',
    name: 'Australia',
    heldBy: 'allied',
    naval: true,
    airfield: true,
    home: true,
    // RULING (VI.F.1.b): Australia is attached to the Coral Sea — carriers in the CS may
    // strike "New Guinea or Australia".
    seaArea: 'CS',
    land: LANDS.australia,
    vpPerTurn: 0,
    source: 'History: Brisbane/Townsville. Naval and home base: VI.F.1.a, VI.H.',
  },
  'port-moresby': {
    id: 'port-moresby',
    name: 'Port Moresby',
    heldBy: 'allied',
    naval: false,
    airfield: true,
    home: false,
    // VI.F.1.a: MAR and JAAF air at Port Moresby or Buna may attack the Coral Sea.
    seaArea: 'CS',
    land: LANDS.newGuineaSouth,
    // RULING (IV): reconstructed objective value — the second Allied prize after Henderson Field.
    vpPerTurn: 5,
    source: 'History: Allied-held throughout (Japanese overland drive stopped at Ioribaiwa, Sept 1942). Not a naval base (VI.F.1.a). VP reconstructed.',
  },
  guadalcanal: {
    id: 'guadalcanal',
    name: 'Guadalcanal (Henderson Field)',
    // RULING (V): at set-up (1 August 1942) the Japanese hold Guadalcanal — a garrison and
    // construction troops with the airfield nearly finished; the US landing of 7 August is
    // played out on the first turn. The Japanese garrison unit starts there (GROUND_UNITS).
    heldBy: 'japanese',
    naval: false,
    airfield: true,
    home: false,
    // VI.F.1.a/b: "based in the Slot"; land targets "in the SL".
    seaArea: 'SL',
    land: LANDS.guadalcanal,
    // RULING (IV): reconstructed — the campaign's objective, worth the most.
    vpPerTurn: 10,
    source: 'History: Lunga airfield begun by the Japanese July 1942, taken by the 1st Marine Division 7–8 Aug 1942. VP reconstructed.',
  },
  bougainville: {
    id: 'bougainville',
    name: 'Bougainville (Buka/Buin)',
    heldBy: 'japanese',
    naval: false,
    airfield: true,
    home: false,
    seaArea: 'SL',
    land: LANDS.bougainville,
    // RULING (IV): reconstructed objective value.
    vpPerTurn: 3,
    source: 'History: Japanese since March 1942 (Buka airfield; Buin/Kahili built Sept–Oct 1942). VP reconstructed.',
  },
  buna: {
    id: 'buna',
    name: 'Buna',
    heldBy: 'japanese',
    naval: false,
    airfield: true,
    home: true,
    // VI.F.1.a: air at Buna may attack Port Moresby or the Coral Sea; VII.A: carrier air
    // in the CS may land at Buna.
    seaArea: 'CS',
    land: LANDS.newGuineaNorth,
    // RULING (IV): reconstructed objective value.
    vpPerTurn: 3,
    source: 'History: Japanese landing 21 July 1942 (South Seas Detachment); held until January 1943. Japanese home base: VI.H. VP reconstructed.',
  },
  rabaul: {
    id: 'rabaul',
    name: 'Rabaul',
    heldBy: 'japanese',
    naval: true,
    airfield: true,
    home: true,
    // RULING (VI.F.1.a, VII.A): Rabaul is attached to the Slot. It lies at the head of the
    // Slot; its air groups fought over the Slot daily; ships in the SL return only to
    // Rabaul (VI.H). Carriers may still strike it from the SP (VI.F.1.b) as the text says.
    seaArea: 'SL',
    land: LANDS.newBritain,
    vpPerTurn: 0,
    source: 'History: Japanese main forward base (8th Fleet, 25th/11th Air Fleet). Naval and home base: VI.F.1.a, VI.H.',
  },
  truk: {
    id: 'truk',
    name: 'Truk',
    heldBy: 'japanese',
    naval: true,
    airfield: true,
    home: true,
    // RULING (VI.F.1.b): Truk is attached to no sea area — it "may never be attacked"
    // and lies far north of the three battle areas; its ships sail to the SP (SHIP_ROUTES).
    seaArea: null,
    land: LANDS.truk,
    vpPerTurn: 0,
    source: 'History: Combined Fleet anchorage. Naval and home base, Japanese reinforcements enter here: VI.A, VI.F.1.a, VI.H.',
  },
};

export const BASE_IDS = Object.keys(BASES) as BaseId[];

/**
 * The island (air) bases of VI.F.2.g.2.a — "on Guadalcanal, Bougainville, New Guinea North,
 * or New Guinea South": the only bases troops land on ("Units may land on an island having
 * enemy ground units", VI.F.2.e), fight for (VI.F.2.g.1 "on a contested island") and whose
 * control changes (VI.F.2.g.2.a).
 */
export const ISLAND_BASES: readonly BaseId[] = BASE_IDS.filter((b) => CONTESTED_LANDS.includes(BASES[b].land));

/**
 * VI.G note: "units may advance over the Kokoda Trail from one base to attack another, the
 * trail is not a supply line" — the trail joins the two New Guinea bases, Buna (New Guinea
 * North) and Port Moresby (New Guinea South).
 */
export const KOKODA_TRAIL: readonly [BaseId, BaseId] = ['buna', 'port-moresby'];

export const SEA_AREA_NAMES: Readonly<Record<SeaAreaId, string>> = {
  SP: 'South Pacific',
  SL: 'The Slot',
  CS: 'Coral Sea',
};

/** A sea area named after "the" in a sentence: "the Slot", "the Coral Sea" (its name is "The Slot"). */
export const theSeaArea = (area: SeaAreaId): string => {
  const name = SEA_AREA_NAMES[area];
  return name.startsWith('The ') ? `the ${name.slice(4)}` : `the ${name}`;
};

/**
 * Sea-area adjacency ("After Midnight", VI.B and VI.F.2.c; orphaned naval air, VI.F.1.b).
 *
 * RULING (VI.B): all three sea areas are adjacent to one another. SP–SL and SL–CS are
 * plain from the map's geography. SP–CS is read as adjacent too, because VI.F.1.b has to
 * forbid carriers in the SP from air-attacking carriers in the CS "nor vice versa" — a
 * ban that would be needless if the two areas did not touch.
 */
export const ADJACENT: Readonly<Record<SeaAreaId, readonly SeaAreaId[]>> = {
  SP: ['SL', 'CS'],
  SL: ['SP', 'CS'],
  CS: ['SP', 'SL'],
};

/** Whether two sea areas are adjacent (a sea area is not adjacent to itself). */
export function areAdjacent(a: SeaAreaId, b: SeaAreaId): boolean {
  return ADJACENT[a].includes(b);
}

/**
 * Where ships sail from and return to.
 *
 * Returns (VI.H, fixed): Japanese from SP to Rabaul or the "Returning to Truk" box, from
 * SL or CS only to Rabaul; Allied from any area to Espiritu Santo or Australia, but not
 * from the SP to Australia.
 *
 * Sorties:
 * - RULING (VI.B): Japanese ships at Rabaul may sail to SP, SL or CS; ships at Truk may sail
 *   to SP or SL but never to CS ("Japanese ships may only enter the CS from Rabaul"). Truk's
 *   fleet reached the Solomons both east of the chain (SP: Eastern Solomons, Santa Cruz)
 *   and down into the Slot (the Kongo/Haruna bombardment, 13–14 Oct).
 * - VI.B: Allied ships at Espiritu Santo or Australia may sail to any sea area: the text
 *   restricts only their return (VI.H: not from the SP to Australia), not their sortie.
 * - Ships never sortie from the non-naval bases (VI.F.1.a); PT boats are not ships for
 *   this purpose (they are "based in the Slot", VI.F.2.d).
 */
export const SHIP_ROUTES: Readonly<Record<Side, ShipRoutes>> = {
  japanese: {
    sortie: {
      truk: ['SP', 'SL'],
      rabaul: ['SP', 'SL', 'CS'],
    },
    returnTo: {
      SP: ['rabaul', 'returning-to-truk'],
      SL: ['rabaul'],
      CS: ['rabaul'],
    },
  },
  allied: {
    sortie: {
      'espiritu-santo': ['SP', 'SL', 'CS'],
      australia: ['SP', 'SL', 'CS'],
    },
    returnTo: {
      SP: ['espiritu-santo'],
      SL: ['espiritu-santo', 'australia'],
      CS: ['espiritu-santo', 'australia'],
    },
  },
};

/**
 * VI.G AERIAL SUPPLY routes: the base supplied ← the base its B-17 flies from ("Allied units in Buna may be supplied by a
 * B-17 flying from Port Moresby; Port Moresby may be supplied from Australia; Guadalcanal may be supplied from Espiritu
 * Santo; and Bougainville may be supplied from Guadalcanal").
 */
export const AIR_SUPPLY_ROUTES: Readonly<Partial<Record<BaseId, BaseId>>> = {
  buna: 'port-moresby',
  'port-moresby': 'australia',
  guadalcanal: 'espiritu-santo',
  bougainville: 'guadalcanal',
};

/** No more than 8 ship units may sortie from Rabaul per turn (VI.B). */
export const RABAUL_SORTIE_LIMIT = 8;

/** The home bases between which ground units move strategically, without transports (VI.H). */
export const HOME_BASES: Readonly<Record<Side, readonly BaseId[]>> = {
  allied: ['espiritu-santo', 'australia'],
  japanese: ['truk', 'buna', 'rabaul'],
};
