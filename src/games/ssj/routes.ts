/**
 * Where ships may sail from a base and where they go home to: the data's SHIP_ROUTES
 * (VI.B, VI.H), plus moves between friendly naval bases during deployment.
 */
import { RABAUL_SORTIE_LIMIT, SHIP_ROUTES } from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';

export { RABAUL_SORTIE_LIMIT };

/** RULING (VI.B "into a friendly base box"): a ship may move to another friendly naval base instead of sailing. */
const REBASE: Record<Side, Partial<Record<BaseId, readonly BaseId[]>>> = {
  japanese: { truk: ['rabaul'], rabaul: ['truk'] },
  allied: { 'espiritu-santo': ['australia'], australia: ['espiritu-santo'] },
};

export function sortieAreas(side: Side, base: BaseId): readonly SeaAreaId[] {
  return SHIP_ROUTES[side].sortie[base] ?? [];
}

export function rebaseTargets(side: Side, base: BaseId): readonly BaseId[] {
  return REBASE[side][base] ?? [];
}

export type ReturnPlace = BaseId | 'returning-to-truk';

/** Where a ship in `area` may go home to (VI.H). */
export function returnPlaces(side: Side, area: SeaAreaId): readonly ReturnPlace[] {
  return SHIP_ROUTES[side].returnTo[area] as readonly ReturnPlace[];
}
