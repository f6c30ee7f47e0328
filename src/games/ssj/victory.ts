/** IV: victory points and the result. */
import type { Result } from '../../engine';
import { magicVictoryPoints, victoryLevel } from './data';
import type { Side } from './data/types';
import { awardVp } from './reinforcements';
import { SIDE_NAME, type SsjState } from './state';

/** The score a viewer may know: the running score, plus hidden points it knows of (all of them at the end). */
export function scoreFor(s: SsjState, viewer: string): Record<Side, number> {
  const score = { ...s.vp };
  for (const e of s.vpLog) if (e.hiddenFrom && (s.phase === 'over' || viewer === 'referee' || (viewer !== 'spectator' && viewer !== e.hiddenFrom))) score[e.side] += e.points;
  return score;
}

/** The end of the game: the Magic count's points, and hidden points come into the open. */
export function finishGame(s: SsjState): string {
  const m = magicVictoryPoints(s.magic.successes);
  awardVp(s, 'allied', m.allied, `Magic on ${s.magic.successes} turns (VI.C)`);
  awardVp(s, 'japanese', m.japanese, `Magic on ${s.magic.successes} turns (VI.C)`);
  s.phase = 'over';
  s.actor = null;
  return `The game is over. Magic worked on ${s.magic.successes} turns: Allies +${m.allied} VP, Japan +${m.japanese} VP.`;
}

export function result(s: SsjState): Result | null {
  if (s.phase !== 'over') return null;
  const score = scoreFor(s, 'referee');
  const { winner, level } = victoryLevel(score.allied, score.japanese);
  const text =
    winner === null
      ? `A draw (${score.allied}–${score.japanese} VP).`
      : `A ${level} ${SIDE_NAME[winner]} victory (${score.allied}–${score.japanese} VP).`;
  return { winner, text, score };
}
