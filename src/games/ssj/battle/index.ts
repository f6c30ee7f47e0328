/** VI.F.1.c/f, VI.F.2: surface battles — state, legality, flow, resolution, view. */
export type { BattleMode, BattleState, BattleStep, FireOrder, Row } from './state';
export { battleActor, battleChoices, canFire, canTorpedo, nightTaskForces, placementLegal, surfaceShips, taskForces, type BattleAction } from './legality';
export { startBattles, startNightBattles } from './flow';
export { withdraw } from './resolution';
export { applyBattle, type BattleApplied } from './decisions';
export { battleView } from './view';
export { battleText } from './text';
