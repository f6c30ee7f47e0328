/**
 * The map of Sky, Sea, and JUNGLE, taken at build time from the game's own data files
 * (public: the mapsheets every player holds). Only the map is bundled: the counter sheet
 * stays out, so a player's page never holds the other side's ship names — own ships come
 * face up in the view, the enemy's only as the view shows them.
 */
import { BASES, SEA_AREA_NAMES, RABAUL_SORTIE_LIMIT } from '../../games/ssj/data/bases';
import { BOXES, SEA_AREAS, TURNS } from '../../games/ssj/data/types';
import type { Side } from './types';

export { BASES, BOXES, SEA_AREAS, SEA_AREA_NAMES, TURNS, RABAUL_SORTIE_LIMIT };
export type BaseId = keyof typeof BASES;

export const SIDES: readonly Side[] = ['allied', 'japanese'];

export const SIDE_NAMES: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };

export const BOX_NAMES: Record<string, string> = { day: 'Day Only', daynight: 'Day and Night', night: 'Night Only' };

export const RETURNING_TO_TRUK = 'returning-to-truk';

export function baseName(id: string): string {
  return (BASES as Record<string, { name: string } | undefined>)[id]?.name ?? id;
}

export function areaName(id: string): string {
  return (SEA_AREA_NAMES as Record<string, string | undefined>)[id] ?? id;
}

export function boxName(id: string): string {
  return BOX_NAMES[id] ?? id;
}

/** Who must act in each phase (for the "waiting for" banner). */
export function actorOf(phase: string): Side | null {
  switch (phase) {
    case 'japanese-deployment':
    case 'early-activation':
    case 'turn-end':
      return 'japanese';
    case 'magic':
    case 'allied-deployment':
    case 'allied-reinforcements':
    case 'supply':
      return 'allied';
    default:
      return null;
  }
}

export const PHASE_NAMES: Record<string, string> = {
  'early-activation': 'Early activation of Truk (V)',
  'allied-reinforcements': 'Allied reinforcements (VI.A)',
  'japanese-deployment': 'Japanese deployment (VI.B)',
  magic: 'Allied Magic roll (VI.C)',
  'allied-deployment': 'Allied deployment (VI.C)',
  'turn-end': 'End of the turn',
  submarines: 'Submarine attacks (VI.D)',
  detection: 'Detection (VI.E)',
  combat: 'Combat (VI.F)',
  supply: 'Supply (VI.G)',
  return: 'Return to base (VI.H)',
  volcano: 'Rabaul volcano (VI.I)',
  over: 'Game over',
};
