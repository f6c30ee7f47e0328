/**
 * A match as the engine sees it: the game's state plus the states of its two random
 * streams. The game module never sees the streams' states, so no view can carry them.
 */
import { jsonEqual } from './canonical';
import { promptOf } from './memo';
import { RuleError } from './errors';
import { Rng, seedState, type Roll, type RngState } from './rng';
import type { GameModule, LogEntry, Prompt, StampedLogEntry, Viewer } from './types';
import { REFEREE, SPECTATOR } from './types';

export interface MatchState<S = unknown> {
  game: S;
  dice: RngState;
  tags: RngState;
}

export interface Step<S = unknown> {
  state: MatchState<S>;
  log: LogEntry[];
  rolls: Roll[];
  reveals: boolean;
  private: boolean;
}

export interface RecordedAction {
  side: string;
  action: unknown;
}

export function createMatchState<S>(game: GameModule<S>, options: unknown, seed: string): Step<S> {
  const dice = new Rng(seedState(seed, 'dice'));
  const tags = new Rng(seedState(seed, 'tags'));
  const opts = game.options.parse(options);
  const out = game.setup(opts, { dice, tags });
  return {
    state: { game: out.state, dice: dice.state(), tags: tags.state() },
    log: out.log,
    rolls: dice.rolls,
    reveals: true,
    private: false,
  };
}

/**
 * Applies one action of `side`: it must be one of the actions its prompt offers now
 * (RuleError otherwise), and the game's rules must accept it. `ms` is left unchanged.
 */
export function step<S>(game: GameModule<S>, ms: MatchState<S>, side: string, action: unknown, known?: Prompt | null): Step<S> {
  if (!game.sides.includes(side)) throw new RuleError(`"${side}" is not a side of ${game.name}`, 'not-a-side');
  // `known`: the prompt the caller has just computed for this very state and side.
  const prompt = known !== undefined ? known : promptOf(game, ms.game, side);
  if (!prompt) throw new RuleError('There is nothing for you to decide now.', 'not-your-turn');
  if (!prompt.actions.some((a) => jsonEqual(a, action))) {
    throw new RuleError(`That action is not one of your choices now (${prompt.text})`, 'illegal');
  }
  const dice = new Rng(ms.dice);
  const tags = new Rng(ms.tags);
  const copy = game.clone ? game.clone(ms.game) : structuredClone(ms.game);
  const out = game.apply(copy, side, action as never, { dice, tags });
  return {
    state: { game: out.state, dice: dice.state(), tags: tags.state() },
    log: out.log,
    rolls: dice.rolls,
    reveals: out.reveals === true || dice.rolls.length > 0,
    private: out.private === true && dice.rolls.length === 0,
  };
}

/** The state after the first `upto` actions (all when omitted), rebuilt from the seed. */
export function replay<S>(
  game: GameModule<S>,
  options: unknown,
  seed: string,
  actions: readonly RecordedAction[],
  upto = actions.length,
): { state: MatchState<S>; log: StampedLogEntry[]; rolls: Roll[][] } {
  const first = createMatchState(game, options, seed);
  let state = first.state;
  const log: StampedLogEntry[] = first.log.map((e) => ({ ...e, seq: 0 }));
  const rolls: Roll[][] = [first.rolls];
  for (let i = 0; i < upto; i++) {
    const a = actions[i]!;
    const s = step(game, state, a.side, a.action);
    state = s.state;
    for (const e of s.log) log.push({ ...e, seq: i + 1 });
    rolls.push(s.rolls);
  }
  return { state, log, rolls };
}

export function canSee(entry: { to: LogEntry['to'] }, viewer: Viewer): boolean {
  if (viewer === REFEREE || entry.to === 'public') return true;
  return entry.to.includes(viewer);
}

/** The entries `viewer` may read whose seq is after `afterSeq` (all of them by default). */
export function filterLog(entries: readonly StampedLogEntry[], viewer: Viewer, afterSeq = -1): StampedLogEntry[] {
  const out: StampedLogEntry[] = [];
  for (const e of entries) if (e.seq > afterSeq && canSee(e, viewer)) out.push(e);
  return out;
}

/**
 * The seq each viewer may know: the number of actions whose existence it may know
 * (every public action, and its own private steps). The referee counts them all.
 */
export class SeqCounter {
  private counts = new Map<Viewer, number>();
  total = 0;

  constructor(private readonly sides: readonly string[]) {}

  add(actor: string, isPrivate: boolean): void {
    this.total++;
    for (const v of [...this.sides, SPECTATOR]) {
      if (!isPrivate || v === actor) this.counts.set(v, (this.counts.get(v) ?? 0) + 1);
    }
  }

  of(viewer: Viewer): number {
    return viewer === REFEREE ? this.total : (this.counts.get(viewer) ?? 0);
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = { [REFEREE]: this.total };
    for (const v of [...this.sides, SPECTATOR]) out[v] = this.of(v);
    return out;
  }
}
