/** IV: victory points and the result. */
import type { Result } from '../../engine';
import { magicVictoryPoints, victoryLevel } from './data';
import type { Side } from './data/types';
import { SIDE_NAME, type SsjState } from './state';
import { change } from './shared';

/** Points scored in the open (IV): the running score and its record. */
export function awardVp(s: SsjState, side: Side, points: number, why: string): void {
  awardAll(s, [{ side, points, why }]);
}

/** Points scored in the open, as `awardAll` takes them. */
export interface Award {
  side: Side;
  points: number;
  why: string;
}

/** Several awards at once: the record copied once for them all (it is shared with earlier states), not once each. */
export function awardAll(s: SsjState, awards: readonly Award[]): void {
  const entries = awards.filter((a) => a.points !== 0).map((a) => ({ turn: s.turn, side: a.side, points: a.points, why: a.why }));
  if (entries.length === 0) return;
  const vp = change(s, 'vp');
  for (const e of entries) vp[e.side] += e.points;
  s.vpLog = s.vpLog.concat(entries);
}

/** The score a viewer may know: the running score, plus hidden points it knows of (all of them at the end). */
export function scoreFor(s: SsjState, viewer: string): Record<Side, number> {
  const score = { ...s.vp };
  for (const e of s.vpLog) if (e.hiddenFrom && (s.phase === 'over' || viewer === 'referee' || (viewer !== 'spectator' && viewer !== e.hiddenFrom))) score[e.side] += e.points;
  return score;
}

/** The end of the game (the flow then enters 'over'): the Magic count's points; hidden points come into the open. */
export function finishGame(s: SsjState): string {
  const m = magicVictoryPoints(s.magic.successes);
  awardVp(s, 'allied', m.allied, `Magic on ${s.magic.successes} turns (VI.C)`);
  awardVp(s, 'japanese', m.japanese, `Magic on ${s.magic.successes} turns (VI.C)`);
  return `The game is over. Magic worked on ${s.magic.successes} turns: Allies +${m.allied} VP, Japan +${m.japanese} VP.`;
}

export function result(s: SsjState): Result | null {
  if (s.phase !== 'over') return null;
  const score = scoreFor(s, 'referee');
  const { winner, level } = victoryLevel(score.allied, score.japanese);
  const text = winner === null ? `A draw (${score.allied}–${score.japanese} VP).` : `A ${level} ${SIDE_NAME[winner]} victory (${score.allied}–${score.japanese} VP).`;
  return { winner, text, score };
}
