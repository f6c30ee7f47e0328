/**
 * A match as the engine sees it: the game's state plus the states of its two random
 * streams. The game module never sees the streams' states, so no view can carry them.
 */
import { includesJson } from './canonical';
import { promptOf } from './memo';
import { RuleError } from './errors';
import { isSealed, Rng, seedState, UNSEALED, type Roll, type RngState } from './rng';
import type { GameModule, LogEntry, Prompt } from './types';

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
  /** See `Applied.unshared`: never with `private`, nor with a die rolled (a roll is in every side's log). */
  unshared: boolean;
}

/** One action as a test or a bot records it: a game action, or (with `kind`) an undo, a resignation or a forfeit. */
export interface RecordedAction {
  side: string;
  action: unknown;
  kind?: 'undo' | 'resign' | 'forfeit';
}

/**
 * The set-up of a match from the server's seed. The tags stream starts from the seed; the
 * dice start from it too (`dice: 'seed'`, the rule tests and matches from before seat
 * values) or stay unsealed until every seat's value is in (`dice: 'unsealed'`, every match
 * the server creates; see `sealDice`): a set-up rolls no die then (none of the games does).
 */
export function createMatchState<S>(game: GameModule<S>, options: unknown, seed: string, how: { dice?: 'seed' | 'unsealed' } = {}): Step<S> {
  const dice = new Rng(how.dice === 'unsealed' ? UNSEALED : seedState(seed, 'dice'));
  const tags = new Rng(seedState(seed, 'tags'));
  const opts = game.options.parse(options);
  const out = game.setup(opts, { dice, tags });
  return {
    state: { game: out.state, dice: dice.state(), tags: tags.state() },
    log: out.log,
    rolls: dice.rolls,
    reveals: true,
    private: false,
    unshared: false,
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
  // One of the prompt's very actions (a bot's choice; a deployment prompt offers hundreds) is found by
  // identity, a pointer compare each; an action read from the wire is compared as JSON, field by field.
  if (!includesJson(prompt.actions, action)) {
    throw new RuleError(`That action is not one of your choices now (${prompt.text})`, 'illegal');
  }
  return applied(game, ms, side, action);
}

/**
 * Applies an action that was checked against its prompt when it was planned: a row the server
 * stored (it stores only what `step` took), replayed to rebuild a match. The same as `step` on
 * such an action, without working out the prompt again (a deployment's offers hundreds of
 * actions: most of a cold match's replay, `npm run bench:cold`). A match file from outside is
 * replayed with `step` (`fold` with a check).
 */
export function applyChecked<S>(game: GameModule<S>, ms: MatchState<S>, side: string, action: unknown): Step<S> {
  if (!game.sides.includes(side)) throw new RuleError(`"${side}" is not a side of ${game.name}`, 'not-a-side');
  return applied(game, ms, side, action);
}

/** The rules' application of an action already checked, on a copy of the state. */
function applied<S>(game: GameModule<S>, ms: MatchState<S>, side: string, action: unknown): Step<S> {
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
    unshared: out.unshared === true && out.private !== true && dice.rolls.length === 0,
  };
}

/** `ms` with its game state as the rules hold it (`GameModule.revive`), when it was read back from JSON; otherwise `ms` itself. */
export function revived<S>(game: GameModule<S>, ms: MatchState<S>): MatchState<S> {
  const g = game.revive ? game.revive(ms.game) : ms.game;
  return g === ms.game ? ms : { ...ms, game: g };
}

/** The state with its dice sealed at `dice` (the seal's initial state); a state already sealed is returned as it is. */
export function sealDice<S>(ms: MatchState<S>, dice: RngState): MatchState<S> {
  return isSealed(ms.dice) ? ms : { ...ms, dice };
}
