/** East Wind Rain's phases and chart steps in words, and who a view shows deciding (the state body's `stage`). */
import type { GameLabels } from '../../engine';
import type { Side } from './scenario';
import type { Phase } from './state';
import type { EwrView } from './view';

/** Each phase the intercept procedure stands at: outside the flowchart, or at one of its steps. */
export const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  between: 'Between initiatives',
  move: 'TFA moves on its initiative',
  '1': '1: intercept at 2 hex range?',
  '2': '2: TFZ moves adjacent to TFA',
  '3': '3: sight from the adjacent hex, or enter TFA’s hex',
  '5': '5: airstrike or surface combat',
  '6-after': '6: after the strikes',
  A1: 'A1: intercept at adjacent hex range?',
  A2: 'A2: TFA may try to sight TFZ first',
  A4: 'A4: the sighter strikes or engages',
  B1: 'B1: intercept in TFZ’s own hex?',
  B4: 'B4: no intercept — TFA may sight or move on',
  'B4-strike': 'B4: TFA’s airstrike',
  'second-strike': 'An immediate second strike (V.B.2.c)',
  alloc: 'Air factors allocated in secret (XI.H.1.c)',
  over: 'Game over',
};

export const SIDE_NAMES: Readonly<Record<Side, string>> = { allied: 'Allied', japanese: 'Japanese' };

export const labels: GameLabels<EwrView> = {
  phases: PHASE_NAMES,
  sides: SIDE_NAMES,
  // The view's own list (a sealed allocation: every side asked, done or not, so it shows no one's progress).
  stage: (view) => ({ phase: view.phase, waitingFor: view.phase === 'over' ? [] : view.waitingFor }),
};
