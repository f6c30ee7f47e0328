/** Empire of the Sun (submarine warfare)'s phases in words, and who a view shows deciding (the state body's `stage`). */
import type { GameLabels } from '../../engine';
import type { Side } from './data/tables';
import type { Phase } from './state';
import type { EotsView } from './view';

/** Each phase of the turn the variant plays (11.2), by its kind. */
export const PHASE_NAMES: Readonly<Record<Phase['kind'], string>> = {
  'turn-start': 'Start of the turn',
  reinforcement: 'Reinforcement Segment (11.21.B–C)',
  'strategic-warfare': 'Strategic Warfare Segment (11.22)',
  operations: 'Offensives Phase: card plays',
  offensive: 'Offensive',
  political: 'Political Phase',
  'turn-end': 'End of the turn',
  over: 'Game over',
};

export const SIDE_NAMES: Readonly<Record<Side, string>> = { allied: 'Allied', japanese: 'Japanese' };

export const labels: GameLabels<EotsView> = {
  phases: PHASE_NAMES,
  sides: SIDE_NAMES,
  stage: (view) => ({ phase: view.phase.kind, waitingFor: view.waitingFor ? [view.waitingFor.side] : [] }),
};
