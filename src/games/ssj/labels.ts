/** Sky, Sea, and JUNGLE's phases in words, and whose decision a view shows (the state body's `stage`). */
import type { GameLabels } from '../../engine';
import { SIDE_NAME, type Phase } from './state';
import type { SsjView } from './view';

/** Every phase of the sequence of play (VI), named as the rules name it. */
export const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  'early-activation': 'Early activation of Truk (V)',
  'allied-reinforcements': 'Allied reinforcements (VI.A)',
  'japanese-deployment': 'Japanese deployment (VI.B)',
  magic: 'Magic codebreaking roll (VI.C)',
  'allied-deployment': 'Allied deployment (VI.C)',
  submarines: 'Submarine attacks (VI.D)',
  'air-morning': 'Morning land-based air attacks (VI.F.1.a)',
  'carrier-strikes': 'Morning naval air attacks (VI.F.1.b)',
  counterattack: 'Land-based air counterattacks (VI.F.1.b)',
  withdrawal: 'Withdrawal to base (VI.F.1)',
  'day-combat': 'Daylight surface battles by choice (VI.F.1.c)',
  'air-afternoon': 'Afternoon land-based air attacks (VI.F.1.d)',
  'day-end-combat': 'Mandatory daylight surface battles (VI.F.1.f)',
  'day-only': 'Moves to the Day Only box (VI.F.1.f)',
  'day-landings': 'Daylight landings (VI.F.1.g)',
  'bombard-day': 'Daytime shore bombardment (VI.F.1.h)',
  'night-combat': 'Night-time surface battles (VI.F.2.a–b)',
  'after-midnight': 'After Midnight (VI.F.2.c)',
  'pt-boats': 'PT boat attacks (VI.F.2.d)',
  combat: 'Night landings (VI.F.2.e)',
  'bombard-night': 'Night-time shore bombardment (VI.F.2.f)',
  'ground-combat': 'Ground combat and control (VI.F.2.g)',
  supply: 'Aerial supply (VI.G)',
  return: 'Return to base and transfers (VI.H)',
  over: 'Game over',
};

export const labels: GameLabels<SsjView> = {
  phases: PHASE_NAMES,
  sides: SIDE_NAME,
  // One side decides at a time: the view's actor (public: both players see whose turn it is).
  stage: (view) => ({ phase: view.phase, waitingFor: view.phase !== 'over' && view.actor ? [view.actor] : [] }),
};
