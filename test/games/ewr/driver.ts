/**
 * A small driver for East Wind Rain matches in tests: it creates a match through the
 * engine (createMatchState / step), keeps the full record (actions, log with seqs, rolls),
 * and plays to the end by a policy that picks one of each prompt's actions.
 */
import { createMatchState, step, type MatchState, type Prompt, type RecordedAction, type StampedLogEntry } from '../../../src/engine';
import type { Roll } from '../../../src/engine/rng';
import { ewr } from '../../../src/games/ewr';
import type { EwrAction } from '../../../src/games/ewr/actions';
import type { EwrState } from '../../../src/games/ewr/state';

export interface Match {
  options: unknown;
  seed: string;
  ms: MatchState<EwrState>;
  actions: RecordedAction[];
  log: StampedLogEntry[];
  rolls: Roll[][];
  /** The match state after each action (index 0 = after set-up). */
  states: MatchState<EwrState>[];
  privates: boolean[];
}

export function newMatch(options: unknown, seed: string): Match {
  const first = createMatchState(ewr, options, seed);
  return {
    options,
    seed,
    ms: first.state,
    actions: [],
    log: first.log.map((e) => ({ ...e, seq: 0 })),
    rolls: [first.rolls],
    states: [first.state],
    privates: [],
  };
}

export function act(m: Match, side: string, action: EwrAction): void {
  const out = step(ewr, m.ms, side, action);
  m.ms = out.state;
  m.actions.push({ side, action });
  const seq = m.actions.length;
  for (const e of out.log) m.log.push({ ...e, seq });
  m.rolls.push(out.rolls);
  m.states.push(out.state);
  m.privates.push(out.private);
}

export const game = (m: Match): EwrState => m.ms.game;

/** The sides with something to decide now, with their prompts. */
export function pending(m: Match): [string, Prompt<EwrAction>][] {
  const out: [string, Prompt<EwrAction>][] = [];
  for (const side of ewr.sides) {
    const p = ewr.prompt(m.ms.game, side);
    if (p) out.push([side, p]);
  }
  return out;
}

/** A policy returns the action to take, or undefined to take the prompt's first action. */
export type Policy = (m: Match, side: string, prompt: Prompt<EwrAction>) => EwrAction | undefined;

/** Plays until the match is over or `until` says stop (at most `limit` actions). */
export function play(m: Match, policy: Policy, until: (m: Match) => boolean = () => false, limit = 400): Match {
  for (let i = 0; i < limit && !until(m); i++) {
    const p = pending(m);
    if (p.length === 0) return m;
    const [side, prompt] = p[0]!;
    act(m, side, policy(m, side, prompt) ?? prompt.actions[0]!);
  }
  return m;
}

export const walked = (m: Match): string[] => m.ms.game.walked.map((w) => w.arrow);

/** A decision by choice name, if the prompt offers it. */
export function choose(prompt: Prompt<EwrAction>, choice: string): EwrAction | undefined {
  return prompt.actions.find((a) => a.type === 'decide' && a.choice === choice);
}
