/** Where air units may strike from (VI.F.1.a, b). */
import type { BaseId, SeaAreaId, Side } from '../types';

/**
 * Where air units may strike from (VI.F.1.a, b). The text names the cases; this is the
 * reading the project plays (see RULINGS.md), as data:
 * - long-range B-17s (Espiritu Santo) and Bettys (Rabaul) reach naval targets in every sea
 *   area and land targets at every base but the enemy's far main base (Rabaul for the
 *   Allies, Espiritu Santo for the Japanese) and Truk;
 * - staging: one B-17 a turn from Espiritu Santo through Allied Guadalcanal to Rabaul, one
 *   from Australia through Allied Port Moresby to Rabaul or Buna (its only attack that turn);
 * - raids: B-17s or Bettys based on Guadalcanal may raid Rabaul or Espiritu Santo, morning
 *   and afternoon;
 * - short-range air (MAR, JAAF, land-based NAV and IJN) based in the Slot (Guadalcanal,
 *   Bougainville) strikes the Slot and its bases; at Port Moresby or Buna, the Coral Sea and
 *   each other's base. Rabaul is no base "in the Slot" (RULING VI.F.1.a: ships are based
 *   there, and "PT Boats are the only naval units that may be based in the Slot", VI.F.2.d;
 *   VI.F.1.b names it apart from "the SL"; VI.F.1.a reaches it only by B-17s from
 *   Guadalcanal or staged): short-range air there strikes nothing, and no short-range air
 *   reaches it;
 * - carriers strike their own and adjacent sea areas (never from the Slot; SP and CS carriers
 *   never strike each other's carriers) and land targets in the Slot (Guadalcanal and
 *   Bougainville: by the same reading, not Rabaul), from the CS on New Guinea or Australia,
 *   from the SP Rabaul or Espiritu Santo — so Rabaul from the SP only. Truk may never be attacked.
 */
export const LONG_RANGE_HOME: Readonly<Record<Side, BaseId>> = { allied: 'espiritu-santo', japanese: 'rabaul' };
export const FAR_MAIN_BASE: Readonly<Record<Side, BaseId>> = { allied: 'rabaul', japanese: 'espiritu-santo' };
export const STAGING: readonly { side: Side; from: BaseId; via: BaseId; to: readonly BaseId[] }[] = [
  { side: 'allied', from: 'espiritu-santo', via: 'guadalcanal', to: ['rabaul'] },
  { side: 'allied', from: 'australia', via: 'port-moresby', to: ['rabaul', 'buna'] },
];
export const RAID_FROM_GUADALCANAL: Readonly<Record<Side, BaseId>> = { allied: 'rabaul', japanese: 'espiritu-santo' };
export const SLOT_AIR_BASES: readonly BaseId[] = ['guadalcanal', 'bougainville'];
export const NEW_GUINEA_AIR_BASES: readonly BaseId[] = ['port-moresby', 'buna'];
export const CARRIER_LAND_TARGETS: Readonly<Record<SeaAreaId, readonly BaseId[]>> = {
  SP: ['guadalcanal', 'bougainville', 'rabaul', 'espiritu-santo'],
  // RULING (VI.F.1.b): Rabaul is no land target "in the SL" (see above): a Coral Sea carrier does not reach it.
  CS: ['guadalcanal', 'bougainville', 'port-moresby', 'buna', 'australia'],
  SL: [],
};
export const NEVER_ATTACKED: readonly BaseId[] = ['truk'];
