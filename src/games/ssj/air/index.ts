/** VI.F.1.a, b, d and VII.B: air strikes — state, legality, flow, resolution, view. */
export type { AirStage, AirState, AirTurn, Raid, Strike } from './state';
export { airActor, airChoices, landings, reach, type AirAction } from './legality';
export { advanceAir, applyAir, startAir, type AirApplied } from './flow';
export { airView } from './view';
export { airText } from './text';
