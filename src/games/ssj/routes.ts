/**
 * Where ships may sail from a base and where they go home to: the data's SHIP_ROUTES
 * (VI.B, VI.H), plus moves between friendly naval bases during deployment.
 */
import { RABAUL_SORTIE_LIMIT, SHIP_ROUTES } from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';
import type { SsjState } from './state';

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

/** A base its side may still use: not Rabaul once the volcano has blown (VI.I). */
export function baseUsable(s: SsjState, base: BaseId): boolean {
  return !(base === 'rabaul' && s.volcano.erupted);
}

/** Where a ship of `side` in `area` may go home to now (VI.H): Rabaul only while it stands. */
export function returnChoices(s: SsjState, side: Side, area: SeaAreaId): ReturnPlace[] {
  const open = returnPlaces(side, area).filter((p) => p === 'returning-to-truk' || (baseUsable(s, p) && s.holder[p] === side));
  // RULING (VI.I): with Rabaul gone, Japanese ships from the SL and CS go to the Returning to Truk box.
  if (open.length === 0) return side === 'japanese' ? ['returning-to-truk'] : ['espiritu-santo'];
  return open;
}
