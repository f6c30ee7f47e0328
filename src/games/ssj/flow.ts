/**
 * Sky, Sea, and JUNGLE on the engine's flow table (src/engine/flow.ts): the targets a step
 * may lead to, how the state moves to one, and the typed builders the phase files use. The
 * table itself — one entry per phase, registered in one place — is `phases/index.ts`.
 */
import { flowKit, type Outcome } from '../../engine';
import type { SsjAction } from './actions';
import type { Side } from './data/types';
import { LOCAL_KEYS, type Phase, type PhaseSlice, type SsjState } from './state';

/** The steps that run with no decision and are no phase of their own. */
export type AutoStep = 'end-turn';

/** The entries of the flow table: every phase, and the automatic steps. */
export type Entry = Phase | AutoStep;

/** Where a step leads. */
export type Goto =
  /** Into a phase, with its phase-local state as it begins, and who decides first (null: the phase works it out). */
  | (PhaseSlice & { actor: Side | null })
  /** On in the same phase, the decision passing to `handTo` (null: both sides are through, or the phase works it out); its state kept. */
  | { handTo: Side | null }
  /** An automatic step. */
  | { auto: AutoStep };

export const { decision, auto, end } = flowKit<SsjState, SsjAction, Side, Goto>();

/** The decision passes to `side` in the same phase. */
export const handTo = (side: Side | null): Goto => ({ handTo: side });

/** After `side` in a phase both sides take in turn (the Japanese first): the Allies, or no one (both are through). */
export const after = (side: Side): Side | null => (side === 'japanese' ? 'allied' : null);

/** Moves the state to `to`: a new phase clears the old phase's fields and sets the new one's. */
export function go(s: SsjState, to: Goto): Entry {
  if ('auto' in to) return to.auto;
  if ('handTo' in to) {
    s.actor = to.handTo;
    return s.phase;
  }
  const local: Partial<Record<(typeof LOCAL_KEYS)[number], unknown>> = s;
  for (const k of LOCAL_KEYS) if (local[k] !== undefined) local[k] = undefined;
  Object.assign(s, to);
  return to.phase;
}

/**
 * The arrival of a phase both sides take in turn, the Japanese first (the actor null once
 * both are through): it rests while the actor `has` something to decide, passes to the
 * Allies after the Japanese, and then does `then` (where the flow goes next).
 */
export function inTurn(s: SsjState, has: (side: Side) => boolean, then: () => Outcome<Goto>): Outcome<Goto> {
  const actor = s.actor;
  if (actor && has(actor)) return { log: [] };
  if (actor === 'japanese') return { log: [], next: handTo('allied') };
  return then();
}
