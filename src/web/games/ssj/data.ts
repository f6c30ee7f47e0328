/**
 * The map of Sky, Sea, and JUNGLE as the client reads it from the game's public data
 * (GET /api/games/ssj → data: the mapsheets every player holds), and its names.
 */
import type { SsjData } from '../../../protocol/games/ssj';

export type { SsjData };

export const RETURNING_TO_TRUK = 'returning-to-truk';

/** The parts of the public data the board draws from: the map, not the counter sheet. */
export const SSJ_DATA_KEYS = ['turns', 'seaAreas', 'seaAreaNames', 'boxes', 'boxNames', 'bases', 'rabaulSortieLimit'] as const satisfies readonly (keyof SsjData)[];

/** Reads the public data, checking the parts the board draws from. */
export function readSsjData(raw: unknown): SsjData {
  const d = raw as Partial<SsjData> | null;
  if (!d || !Array.isArray(d.turns) || !Array.isArray(d.seaAreas) || !Array.isArray(d.boxes) || !d.bases || !d.seaAreaNames || !d.boxNames) {
    throw new Error('the public data of Sky, Sea, and JUNGLE lacks its map');
  }
  return d as SsjData;
}

export function baseName(data: SsjData, id: string): string {
  if (id === RETURNING_TO_TRUK) return 'Returning to Truk';
  return (data.bases as Record<string, { name: string } | undefined>)[id]?.name ?? id;
}

export function areaName(data: SsjData, id: string): string {
  return (data.seaAreaNames as Record<string, string | undefined>)[id] ?? id;
}

export function boxName(data: SsjData, id: string): string {
  return (data.boxNames as Record<string, string | undefined>)[id] ?? id;
}
