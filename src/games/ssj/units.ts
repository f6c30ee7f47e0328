/** Look-ups over the game data. */
import { SHIPS } from './data';
import type { ShipUnit } from './data/types';

export const SHIP_BY_ID: ReadonlyMap<string, ShipUnit> = new Map(SHIPS.map((s) => [s.id, s]));

export function shipUnit(id: string): ShipUnit {
  const u = SHIP_BY_ID.get(id);
  if (!u) throw new Error(`unknown ship ${id}`);
  return u;
}
