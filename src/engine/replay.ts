/**
 * The engine's replay: a match rebuilt from its seed and recorded actions through the
 * very timeline the server keeps for a live match (`Timeline.planAction` → `accept`), so
 * the rule tests walk the path production walks — the undo cut-offs, the per-viewer seqs
 * and the log as each viewer reads it included.
 */
import { RuleError } from './errors';
import { createMatchState, type MatchState, type RecordedAction } from './match-state';
import type { Roll } from './rng';
import { NOTHING_TO_UNDO } from './row-texts';
import { Timeline, type Planned } from './timeline';
import { REFEREE, type GameModule, type StampedLogEntry } from './types';

export interface Replayed<S> {
  state: MatchState<S>;
  /** The whole log as the referee reads it (`timeline.logFor(viewer)` gives any viewer's). */
  log: StampedLogEntry[];
  /** The set-up's rolls, then each row's. */
  rolls: Roll[][];
  timeline: Timeline;
}

/** The match after the first `upto` actions (all when omitted), rebuilt from the seed. */
export function replay<S>(game: GameModule<S>, options: unknown, seed: string, actions: readonly RecordedAction[], upto = actions.length): Replayed<S> {
  const first = createMatchState(game, options, seed);
  const tl = new Timeline(game, first.state, first.log);
  const rolls: Roll[][] = [first.rolls];
  for (let i = 0; i < upto; i++) {
    const p = plan(tl, actions[i]!);
    tl.accept(p);
    rolls.push(p.row.rolls);
  }
  return { state: tl.state as MatchState<S>, log: tl.logFor(REFEREE), rolls, timeline: tl };
}

function plan(tl: Timeline, a: RecordedAction): Planned {
  if (a.kind === 'undo') {
    const p = tl.planTakeBack(a.side);
    if (!p) throw new RuleError(NOTHING_TO_UNDO, 'cannot-undo');
    return p;
  }
  if (a.kind === 'resign' || a.kind === 'forfeit') return tl.planEnd(a.kind, a.side);
  return tl.planAction(a.side, a.action);
}
