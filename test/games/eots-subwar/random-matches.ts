/**
 * The 200 seeded random-play matches of the Empire of the Sun variant, shared by
 * random-play.test.ts and scripts/random-play-report.ts (which prints their figures): the
 * four campaign starts in turn, bots that see only their own prompt (test/games/random-play.ts).
 */
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { CLOSING, playRandom, type Played } from '../random-play';

export const STARTS = ['1941', '1942', '1943', '1944'] as const;
export const EOTS_MAX_ACTIONS = 3000;

export function eotsRandomMatches(count = 200): (Played & { start: string })[] {
  const out: (Played & { start: string })[] = [];
  for (let i = 0; i < count; i++) {
    const start = STARTS[i % STARTS.length]!;
    out.push({ ...playRandom(eotsSubwar, { scenario: start }, `random-${start}-${i}`, EOTS_MAX_ACTIONS, CLOSING), start });
  }
  return out;
}
