/**
 * The order of battle of both sides' ship units, Aug–Dec 1942. The Japanese and Allied
 * lists live in `ships-ijn.ts` and `ships-allied.ts`; this file joins them and offers
 * small lookups.
 */

import type { GeneralClass, ShipClass, ShipUnit } from './types';
import { IJN_SHIPS } from './ships-ijn';
import { ALLIED_SHIPS } from './ships-allied';

export { IJN_SHIPS } from './ships-ijn';
export { ALLIED_SHIPS } from './ships-allied';

export const SHIPS: readonly ShipUnit[] = [...IJN_SHIPS, ...ALLIED_SHIPS];

export const SHIPS_BY_ID: ReadonlyMap<string, ShipUnit> = new Map(SHIPS.map((s) => [s.id, s]));

/** The general class of III.B ("Carriers, Capital Ships, Cruisers, Destroyers, Transports, Submarines"). */
export const GENERAL_CLASS: Readonly<Record<ShipClass, GeneralClass>> = {
  CV: 'carrier',
  CVL: 'carrier',
  CVE: 'carrier',
  SBB: 'capital',
  BB: 'capital',
  B: 'capital',
  BC: 'capital',
  CA: 'cruiser',
  CL: 'cruiser',
  CLAA: 'cruiser',
  DL: 'destroyer',
  DD: 'destroyer',
  TR: 'transport',
  SS: 'submarine',
};

/**
 * Daylight fire-class ranks (VI.F.1.c.3): ships may not fire at a higher rank than their
 * own — destroyers and CLAAs, then light cruisers, then heavy cruisers, then capital ships.
 * RULING (VI.F.1.c.3): carriers, transports and submarines do not fire; as targets they rank
 * with capital ships (carriers) and destroyers (transports) — transports were fired on by any
 * ship, carriers were the prize held back behind the escorts.
 */
export const FIRE_RANK: Readonly<Record<ShipClass, number>> = {
  DL: 1,
  DD: 1,
  CLAA: 1,
  TR: 1,
  SS: 1,
  CL: 2,
  CA: 3,
  SBB: 4,
  BB: 4,
  B: 4,
  BC: 4,
  CV: 4,
  CVL: 4,
  CVE: 4,
};
