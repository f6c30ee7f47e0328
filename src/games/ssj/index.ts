/**
 * Sky, Sea, and JUNGLE as a game module (see src/engine/types.ts for the contract): the
 * wiring only. The sequence of play (V, VI) is the flow table in phases/index.ts, one file
 * a phase; the state is state.ts, what each viewer sees view.ts, the phases' names labels.ts.
 */
import type { GameModule, Viewer } from '../../engine';
import { AIR_UNITS, BASES, GROUND_UNITS, PT_UNITS, RABAUL_SORTIE_LIMIT, SEA_AREA_NAMES, SHIPS } from './data';
import { BOXES, SEA_AREAS, TURNS } from './data/types';
import { SsjAction, SsjOptions } from './actions';
import { cloneState, reviveState } from './clone';
import { BOX_NAMES } from './deployment';
import { labels } from './labels';
import { sequence } from './phases';
import { setupState } from './setup';
import { other, type SsjState } from './state';
import { result } from './victory';
import { viewFor } from './view';

const SIDES = ['allied', 'japanese'] as const;

export const ssj: GameModule<SsjState, SsjAction, SsjOptions> = {
  id: 'ssj',
  name: 'Sky, Sea, and JUNGLE',
  sides: SIDES,
  action: SsjAction,
  options: SsjOptions,
  setup: (_options, ctx) => setupState(ctx),
  clone: cloneState,
  revive: reviveState,
  prompt: (s, side) => sequence.prompt(s, side),
  apply: (s, side, action, ctx) => sequence.apply(s, side, action, ctx),
  view: (s: SsjState, viewer: Viewer) => viewFor(s, viewer),
  result,
  labels,
  publicData: () => ({
    turns: TURNS,
    seaAreas: SEA_AREAS,
    seaAreaNames: SEA_AREA_NAMES,
    boxes: BOXES,
    boxNames: BOX_NAMES,
    bases: BASES,
    rabaulSortieLimit: RABAUL_SORTIE_LIMIT,
    ships: SHIPS,
    air: AIR_UNITS,
    ground: GROUND_UNITS,
    pt: PT_UNITS,
  }),
};

export { other };
