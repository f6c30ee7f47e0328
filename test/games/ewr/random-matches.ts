/**
 * The 200 seeded random-play matches of East Wind Rain, shared by fuzz.test.ts and
 * scripts/random-play-report.ts (which prints their figures): the three built-in scenarios
 * in turn, bots that see only their own view and prompt (test/games/random-play.ts).
 */
import { ewr } from '../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { PLAYING_ON, playRandom, type Played } from '../random-play';

export const EWR_MAX_ACTIONS = 400;

export function ewrRandomMatches(count = 200): (Played & { scenario: string })[] {
  const out: (Played & { scenario: string })[] = [];
  for (let i = 0; i < count; i++) {
    const sc = BUILTIN_SCENARIOS[i % BUILTIN_SCENARIOS.length]!;
    out.push({ ...playRandom(ewr, { scenario: sc.id }, `random-${sc.id}-${i}`, EWR_MAX_ACTIONS, PLAYING_ON), scenario: sc.id });
  }
  return out;
}
