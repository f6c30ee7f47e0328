/** East Wind Rain's view (src/games/ewr/view.ts) and its public flowchart: types only. */
import type { EwrView } from '../../games/ewr/view';
import type { Arrow, FlowStep } from '../../games/ewr/data/flowchart';

export type { EnemyTfView, EwrView, OwnTfView, ShipView } from '../../games/ewr/view';
export type { Allocation, Part, Role } from '../../games/ewr/state';
export type { Component, Side } from '../../games/ewr/scenario';
export type { HexRef } from '../../games/ewr/hex';
export type { Arrow as FlowArrow, FlowStep, StepId } from '../../games/ewr/data/flowchart';

export type TfView = NonNullable<EwrView['tfs'][keyof EwrView['tfs']]>;
export type EwrBase = EwrView['scenario']['bases'][number];
export type EwrMarker = EwrView['scenario']['markers'][number];
export type EwrMission = EwrView['mission'];

/** The flowchart as the game's public data gives it (GET /api/games/ewr → data.flowchart). */
export interface Flowchart {
  steps: readonly FlowStep[];
  arrows: readonly Arrow[];
}
