/**
 * The sequence of play as a table (the role Rally the Troops' `states` object and
 * boardgame.io's phase configs play): one entry per place the flow can be, each either
 *
 * - a **decision**: who decides is the state's business (`actor`), the entry gives the
 *   prompt's text, the legal choices and how a chosen action applies; it may also run
 *   steps that need no decision each time the flow arrives there (`arrive`), and move on
 *   when nothing is left to decide;
 * - an **automatic step** (`auto`): runs and moves on, no decision (the end of a turn);
 * - the **end** (`end`): nothing more to decide.
 *
 * A step says where the flow goes next (`next`, a game-defined target: a phase with its
 * phase-local state, the other side of the same phase, an automatic step); the runner
 * follows targets until one comes to rest at a decision. So a rule fix touches the entry
 * of its phase and nothing else, and the four parallel switches over the phase (choices,
 * texts, entry steps, application) that a game would otherwise keep become one table.
 *
 * Typing: each entry is written against the state narrowed to its phase(s) and the action
 * union narrowed to the kinds it takes; the builders of `flowKit` check both at run time
 * before calling it (a mis-registered entry or a stray action is an error, not a cast), and
 * hand the table one erased shape. Pure: no I/O, no clock, no Math.random.
 */
import { RuleError } from './errors';
import type { Applied, ApplyContext, LogEntry, Prompt } from './types';

/** What a step of the flow did, and where the flow goes from there. */
export interface Outcome<G> {
  log: LogEntry[];
  /** Where the flow goes now; absent: it stays (a decision is pending here). */
  next?: G;
  /** A private step of a sealed decision (see `Applied.private`). */
  private?: boolean;
  /** A step the sides know of but not in common (see `Applied.unshared`). */
  unshared?: boolean;
  /** The step taught a side something (see `Applied.reveals`). */
  reveals?: boolean;
}

/** One decision kind, as its phase file writes it: `S` narrowed to its phase(s), `A` to the action kinds it takes. */
export interface DecisionSpec<S, A, Side, G> {
  /** The prompt's text for `side`. */
  text(s: S, side: Side): string;
  /** The complete actions `side` may send back now. */
  choices(s: S, side: Side): A[];
  /** Applies one of those choices (the engine has checked it is one). */
  apply(s: S, side: Side, action: A, ctx: ApplyContext): Outcome<G>;
  /** The steps with no decision, run each time the flow arrives here; `next` moves on when nothing is left to decide. */
  arrive?(s: S, ctx: ApplyContext): Outcome<G>;
}

/** An entry of the table, erased to the whole state and action union (built by `flowKit`, which checks the narrowing). */
export interface FlowEntry<S, A, Side, G> {
  readonly kind: 'decision' | 'auto' | 'end';
  /** The action kinds the entry takes (none for an automatic step or the end). */
  readonly takes: readonly string[];
  text(s: S, side: Side): string;
  choices(s: S, side: Side): A[];
  apply(s: S, side: Side, action: A, ctx: ApplyContext): Outcome<G>;
  arrive(s: S, ctx: ApplyContext): Outcome<G>;
}

/** The builders of a game's entries, typed once for its state, actions, sides and targets. */
export function flowKit<S extends { phase: string }, A extends { type: string }, Side extends string, G>() {
  type Phase = S['phase'];
  const rest = (): Outcome<G> => ({ log: [] });
  return {
    /**
     * A decision taken at phase(s) `at`, with actions of the kinds `takes`. The spec sees the
     * state narrowed to those phases and the actions narrowed to those kinds.
     */
    decision<P extends Phase, T extends A['type']>(
      at: P | readonly P[],
      takes: readonly T[],
      spec: DecisionSpec<S & { phase: P }, Extract<A, { type: T }>, Side, G>,
    ): FlowEntry<S, A, Side, G> {
      const phases: readonly string[] = typeof at === 'string' ? [at] : at;
      const here = (s: S): s is S & { phase: P } => phases.includes(s.phase);
      const taken = (a: A): a is Extract<A, { type: T }> => (takes as readonly string[]).includes(a.type);
      const narrow = (s: S): S & { phase: P } => {
        if (!here(s)) throw new Error(`flow: an entry of ${phases.join('/')} ran at ${s.phase}`);
        return s;
      };
      return {
        kind: 'decision',
        takes,
        text: (s, side) => spec.text(narrow(s), side),
        choices: (s, side) => spec.choices(narrow(s), side),
        apply: (s, side, action, ctx) => {
          if (!taken(action)) throw new RuleError(`"${action.type}" is not a choice in this phase.`, 'illegal');
          return spec.apply(narrow(s), side, action, ctx);
        },
        arrive: (s, ctx) => (spec.arrive ? spec.arrive(narrow(s), ctx) : rest()),
      };
    },
    /** A step with no decision: it runs when the flow reaches it and says where to go next. */
    auto(run: (s: S, ctx: ApplyContext) => Outcome<G>): FlowEntry<S, A, Side, G> {
      return { kind: 'auto', takes: [], text: () => '', choices: () => [], apply: nothing, arrive: run };
    },
    /** The end of the game: no decision, nowhere to go. */
    end(): FlowEntry<S, A, Side, G> {
      return { kind: 'end', takes: [], text: () => '', choices: () => [], apply: over, arrive: rest };
    },
  };
}

function nothing(): never {
  throw new RuleError('There is nothing to decide here.', 'not-your-turn');
}

function over(): never {
  throw new RuleError('The game is over.');
}

export interface FlowDefinition<S, A, Side, K extends string, G> {
  /** Every place the flow can be, by name. */
  table: Readonly<Record<K, FlowEntry<S, A, Side, G>>>;
  /** The entry the state is at. */
  at(s: S): K;
  /** Who decides now (null: no one). */
  actor(s: S): Side | null;
  /** Moves the state to target `to` (writing its phase, actor and phase-local state) and names the entry to run there. */
  go(s: S, to: G): K;
  /** How many targets one action may pass through before the flow is deemed stuck in a loop (default 10,000). */
  limit?: number;
}

export interface Flow<S, A, G> {
  /** What `side` must decide now (kind: the entry's name), or null. */
  prompt(s: S, side: string): Prompt<A> | null;
  /** Applies `side`'s action at the current decision, then follows the flow to its next rest. */
  apply(s: S, side: string, action: A, ctx: ApplyContext): Applied<S>;
  /** Moves to `to` and runs every automatic step from there until a decision (or the end). */
  run(s: S, to: G, ctx: ApplyContext): LogEntry[];
}

export function createFlow<S, A, Side extends string, K extends string, G>(def: FlowDefinition<S, A, Side, K, G>): Flow<S, A, G> {
  const limit = def.limit ?? 10_000;
  const entry = (s: S) => def.table[def.at(s)];

  function run(s: S, to: G, ctx: ApplyContext): LogEntry[] {
    const log: LogEntry[] = [];
    let next: G | undefined = to;
    for (let n = 0; next !== undefined; n++) {
      if (n >= limit) throw new Error(`flow: no rest after ${limit} steps (at ${def.at(s)})`);
      const out = def.table[def.go(s, next)].arrive(s, ctx);
      log.push(...out.log);
      next = out.next;
    }
    return log;
  }

  return {
    prompt(s, side) {
      const e = entry(s);
      const who = def.actor(s);
      if (e.kind !== 'decision' || who === null || who !== side) return null;
      return { kind: def.at(s), text: e.text(s, who), actions: e.choices(s, who) };
    },
    apply(s, side, action, ctx) {
      const e = entry(s);
      if (e.kind === 'end') throw new RuleError('The game is over.');
      const who = def.actor(s);
      if (e.kind !== 'decision' || who === null || who !== side) throw new RuleError('There is nothing for you to decide now.', 'not-your-turn');
      const out = e.apply(s, who, action, ctx);
      const log = out.next === undefined ? out.log : [...out.log, ...run(s, out.next, ctx)];
      return { state: s, log, ...(out.private ? { private: true } : {}), ...(out.unshared ? { unshared: true } : {}), ...(out.reveals ? { reveals: true } : {}) };
    },
    run,
  };
}
