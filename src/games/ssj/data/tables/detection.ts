/** The Strategic/Daylight Detection/Surprise table (VI.E). */
import type { BaseId, SeaAreaId, Side } from '../types';
import { BASES } from '../bases';
import type { DetectionArea, Holding } from '../tables-types';
import { checkDie } from './dice';

/**
 * The Strategic/Daylight Detection/Surprise table (VI.E): the die roll (or more) each side
 * needs for "morning" detection in each sea area, by who holds the area's key bases
 * ('both' = both sides have ground units there). Recon and Magic add to the roll.
 *
 * Fixed point honoured: with troops of both sides on Guadalcanal and only Japanese troops
 * on Bougainville, the Allies detect in the Slot on 3–6 and the Japanese on 4–6 (VI.E
 * example — the Allies' coastwatchers outweigh Japanese Bougainville). Reconstructed: every
 * other entry. Slot: Allied need 4 − (Guadalcanal: Allied 2, both 1) − (Bougainville:
 * Allied 1), Japanese 3 + (Guadalcanal: both 1, Allied 2) + (Bougainville: both or Allied 1);
 * Coral Sea likewise for Port Moresby and Buna; South Pacific by Guadalcanal only
 * (Espiritu Santo's patrol planes always search it). Needs are kept within 2–6.
 */
export const STRATEGIC_DETECTION: Readonly<Record<SeaAreaId, DetectionArea>> = {
  SL: {
    keys: ['guadalcanal', 'bougainville'],
    rows: [
      { when: ['allied', 'allied'], allied: 2, japanese: 6 },
      { when: ['allied', 'both'], allied: 2, japanese: 6 },
      { when: ['allied', 'japanese'], allied: 2, japanese: 5 },
      { when: ['both', 'allied'], allied: 2, japanese: 5 },
      { when: ['both', 'both'], allied: 3, japanese: 5 },
      { when: ['both', 'japanese'], allied: 3, japanese: 4 },
      { when: ['japanese', 'allied'], allied: 3, japanese: 4 },
      { when: ['japanese', 'both'], allied: 4, japanese: 4 },
      { when: ['japanese', 'japanese'], allied: 4, japanese: 3 },
    ],
  },
  CS: {
    keys: ['port-moresby', 'buna'],
    rows: [
      { when: ['allied', 'allied'], allied: 2, japanese: 6 },
      { when: ['allied', 'both'], allied: 3, japanese: 5 },
      { when: ['allied', 'japanese'], allied: 3, japanese: 4 },
      { when: ['both', 'allied'], allied: 3, japanese: 5 },
      { when: ['both', 'both'], allied: 4, japanese: 4 },
      { when: ['both', 'japanese'], allied: 4, japanese: 3 },
      { when: ['japanese', 'allied'], allied: 4, japanese: 4 },
      { when: ['japanese', 'both'], allied: 5, japanese: 3 },
      { when: ['japanese', 'japanese'], allied: 5, japanese: 2 },
    ],
  },
  SP: {
    keys: ['guadalcanal'],
    rows: [
      { when: ['allied'], allied: 3, japanese: 5 },
      { when: ['both'], allied: 3, japanese: 4 },
      { when: ['japanese'], allied: 4, japanese: 4 },
    ],
  },
};

/** The roll a side needs for strategic detection; bases left out of `holdings` count as held by their set-up holder. */
export function detectionNeeded(side: Side, area: SeaAreaId, holdings: Readonly<Partial<Record<BaseId, Holding>>>): number {
  const table = STRATEGIC_DETECTION[area];
  const key = table.keys.map((b) => holdings[b] ?? BASES[b].heldBy);
  const row = table.rows.find((r) => r.when.every((h, i) => h === key[i]));
  if (!row) throw new Error(`no detection row for ${area} ${key.join('/')}`);
  return row[side];
}

/** VI.E: 1 reconning unit adds 1, 3 add 2, 5 add 3 (2 and 4 count as 1 and 3; more than 5 as 5). */
export function reconBonus(count: number): number {
  if (count >= 5) return 3;
  if (count >= 3) return 2;
  if (count >= 1) return 1;
  return 0;
}

/** VI.E: a successful Magic roll adds 1 to the Allied roll in all three sea areas. */
export const MAGIC_DETECTION_BONUS = 1;

export function detects(side: Side, area: SeaAreaId, holdings: Readonly<Partial<Record<BaseId, Holding>>>, die: number, o: { recon?: number; magic?: boolean } = {}): boolean {
  checkDie(die);
  const bonus = reconBonus(o.recon ?? 0) + (side === 'allied' && o.magic ? MAGIC_DETECTION_BONUS : 0);
  return die + bonus >= detectionNeeded(side, area, holdings);
}
