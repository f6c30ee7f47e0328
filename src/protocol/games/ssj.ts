/** Sky, Sea, and JUNGLE's view, as the game makes it (src/games/ssj/view.ts): types only. */

import type { BASES, RABAUL_SORTIE_LIMIT, SEA_AREA_NAMES } from '../../games/ssj/data';
import type { BOXES, SEA_AREAS, TURNS } from '../../games/ssj/data/types';
import type { BOX_NAMES } from '../../games/ssj/deployment';
import type { BattleAction } from '../../games/ssj/battle/legality';
export type { GroupView, HiddenPiece, HiddenPlace, SideView, SsjView, UnitFace, Visibility } from '../../games/ssj/view';
export type { Damage, MagicRoll, Phase as SsjPhase, Place, UnitKind, VpEntry } from '../../games/ssj/state';
export type { BaseId, BoxId, SeaAreaId, Side, TurnId } from '../../games/ssj/data/types';
/** What a ground-combat log line is about (its `data.ground`). */
export type { GroundNote } from '../../games/ssj/phases/ground-combat';

/** The action types of a surface battle's decisions (VI.F.1.c, VI.F.2), as the game types them. */
export type BattleActionType = BattleAction['type'];

/** The part of SSJ's public data (GET /api/games/ssj → data) the web client reads: the map. */
export interface SsjData {
  turns: typeof TURNS;
  seaAreas: typeof SEA_AREAS;
  seaAreaNames: typeof SEA_AREA_NAMES;
  boxes: typeof BOXES;
  boxNames: typeof BOX_NAMES;
  bases: typeof BASES;
  rabaulSortieLimit: typeof RABAUL_SORTIE_LIMIT;
}
