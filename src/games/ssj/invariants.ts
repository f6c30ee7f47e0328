/**
 * What must hold of a Sky, Sea, and JUNGLE state after every action: each unit in exactly
 * one place and that place consistent with its kind and its groups and carriers; no
 * count lost or made; nothing sunk or destroyed comes back but as VI.A allows; the
 * deployment limits. Tests and the benchmark run it after every action.
 */
import { AIR_UNITS, GROUND_UNITS, PT_UNITS, RABAUL_SORTIE_LIMIT, SHIPS } from './data';
import type { SsjState } from './state';
import { UNIT_IDS } from './unit-table';
import { SHIP_BY_ID, isCarrier, troopCapacity } from './units';

const TOTAL = SHIPS.length + AIR_UNITS.length + GROUND_UNITS.length + PT_UNITS.length;

export function invariantErrors(s: SsjState, prev?: SsjState): string[] {
  const errors: string[] = [];
  const bad = (m: string) => errors.push(m);
  const ids = s.units.live().map((u) => u.id);
  if (ids.length !== TOTAL) bad(`${ids.length} units, expected ${TOTAL}`);
  for (let i = 0; i < ids.length; i++) if (ids[i] !== UNIT_IDS[i]) bad(`${ids[i]} in the slot of ${UNIT_IDS[i]}`);
  const inGroups = new Map<string, string>();
  for (const g of Object.values(s.groups)) {
    if (g.ships.length === 0) bad(`group ${g.id} is empty`);
    for (const id of g.ships) {
      if (inGroups.has(id)) bad(`${id} is in two groups`);
      inGroups.set(id, g.id);
      const u = s.units.get(id);
      if (!u || u.place.at !== 'group' || u.place.group !== g.id) bad(`${id} listed in ${g.id} but placed elsewhere`);
      if (u && u.side !== g.side) bad(`${id} in a group of the other side`);
      if (SHIP_BY_ID.get(id)?.slow && g.box !== 'daynight') bad(`slow ${id} outside a Day and Night box`);
    }
  }
  const cargo = new Map<string, { ground: number; air: number }>();
  for (const id of ids) {
    const u = s.units.of(id);
    const p = u.place;
    const shipOnly = ['group', 'returning-to-truk', 'repair', 'sunk'];
    if (shipOnly.includes(p.at) && u.kind !== 'ship') bad(`${id} (${u.kind}) at ${p.at}`);
    if (p.at === 'destroyed' && u.kind === 'ship') bad(`ship ${id} "destroyed" rather than sunk`);
    if (p.at === 'recon' && u.kind !== 'air') bad(`${id} (${u.kind}) on recon`);
    if (u.recon !== undefined && (u.kind !== 'air' || p.at === 'recon')) bad(`${id} (${u.kind}, at ${p.at}) marked on recon from a carrier`);
    if (p.at === 'slot' && u.kind !== 'pt') bad(`${id} (${u.kind}) in the Slot`);
    if (p.at === 'group' && inGroups.get(id) !== p.group) bad(`${id} placed in ${p.group} but not listed there`);
    if (p.at === 'aboard') {
      const c = s.units.get(p.ship);
      if (!c || c.kind !== 'ship') bad(`${id} aboard ${p.ship}, which is no ship`);
      else if (c.place.at === 'sunk' && !s.air?.airborne.includes(id)) bad(`${id} aboard the sunk ${p.ship}`);
      else if (c.side !== u.side) bad(`${id} aboard an enemy ship`);
      if (u.kind !== 'ground' && u.kind !== 'air') bad(`${id} (${u.kind}) aboard a ship`);
      const k = cargo.get(p.ship) ?? { ground: 0, air: 0 };
      if (u.kind === 'ground') k.ground++;
      if (u.kind === 'air') k.air++;
      cargo.set(p.ship, k);
    }
    if (u.damage && u.kind !== 'ship') bad(`${id} (${u.kind}) damaged`);
    const before = prev?.units.get(id);
    if (before?.place.at === 'sunk' && p.at !== 'sunk') bad(`sunk ${id} came back`);
    // Destroyed air, ground and PT units come back only through the reinforcement pool or at a base (VI.A).
    if (before?.place.at === 'destroyed' && p.at !== 'destroyed' && p.at !== 'pool' && p.at !== 'base') bad(`destroyed ${id} came back at ${p.at}`);
  }
  for (const [ship, k] of cargo) {
    if (k.ground > troopCapacity(ship)) bad(`${ship} carries ${k.ground} ground units`);
    if (k.air > 0 && !isCarrier(ship)) bad(`${ship} carries air units but is no carrier`);
    const inAir = s.air?.airborne.filter((x) => s.units.of(x).place.at === 'aboard' && (s.units.of(x).place as { ship: string }).ship === ship).length ?? 0;
    if (isCarrier(ship) && k.air - inAir > (s.units.of(ship).capacity ?? 0)) bad(`${ship} carries ${k.air} air units, capacity ${s.units.of(ship).capacity}`);
  }
  if (s.rabaulSorties > RABAUL_SORTIE_LIMIT) bad(`${s.rabaulSorties} pieces left Rabaul`);
  if (s.magic.successes !== s.magic.rolls.filter((r) => r.success).length) bad('Magic count out of step with its rolls');
  return errors;
}
