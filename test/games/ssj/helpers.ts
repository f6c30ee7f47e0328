/** Driving Sky, Sea, and JUNGLE through the engine in tests. */
import { createMatchState, Rng, seedState, step, type MatchState } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjState } from '../../../src/games/ssj/state';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { SHIPS } from '../../../src/games/ssj/data';
import { addGroup } from '../../../src/games/ssj/groups';
import { own } from '../../../src/games/ssj/units';

export type M = MatchState<SsjState>;

/** A new match, at the start (the early-activation decision of AugI). */
export function freshMatch(seed = 'test-seed'): M {
  return createMatchState(ssj, {}, seed).state as M;
}

/** The least each decision needs: no early roll, no picks, deploy nothing, pass, land where first offered, go home. */
export function minimal(m: M, side: string): SsjAction {
  const acts = choices(m, side);
  const first = (t: string) => acts.find((a) => a.type === t);
  if (m.game.phase === 'early-activation') return { type: 'early-activation', roll: false };
  if (m.game.phase === 'magic') return { type: 'magic', numbers: [1, 2, 3] };
  return first('place') ?? first('land') ?? first('return') ?? first('sub-target') ?? first('done') ?? acts[0]!;
}

/** Plays minimal decisions until `until` holds. */
export function advance(m: M, until: (m: M) => boolean, limit = 500): M {
  for (let i = 0; i < limit && !until(m); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(m.game, s));
    if (!side) throw new Error(`stuck in ${m.game.phase}`);
    m = act(m, side, minimal(m, side));
  }
  if (!until(m)) throw new Error('did not get there');
  return m;
}

/** A new match at the Japanese deployment of AugI. */
export function newMatch(seed = 'test-seed'): M {
  return advance(freshMatch(seed), (m) => m.game.phase === 'japanese-deployment');
}

export function choices(m: M, side: string): SsjAction[] {
  return ssj.prompt(m.game, side)?.actions ?? [];
}

export function act(m: M, side: string, action: SsjAction): M {
  return step(ssj, m, side, action).state as M;
}

export const done: SsjAction = { type: 'done' };

/** A match played minimally through AugI, at the Japanese deployment of AugII. */
export function throughAugI(seed: string): M {
  return advance(newMatch(seed), (m) => m.game.turn === 1 && m.game.phase === 'japanese-deployment');
}

export const japaneseShips = SHIPS.filter((s) => s.side === 'japanese');
export const alliedShips = SHIPS.filter((s) => s.side === 'allied');

const alliedNames = new Set(SHIPS.filter((s) => s.side === 'allied').map((s) => s.name));

/**
 * Every Japanese ship id, and every Japanese ship name that is not also an Allied
 * counter's name ("DesDiv 4" is both), found in `json`.
 */
export function namesOfJapanese(json: string, ids: readonly string[] = japaneseShips.map((s) => s.id)): string[] {
  const found: string[] = [];
  for (const id of ids) {
    const u = SHIPS.find((s) => s.id === id)!;
    if (json.includes(u.id)) found.push(u.id);
    if (!alliedNames.has(u.name) && new RegExp(`"${u.name}"|\\b${u.name}\\b`).test(json)) found.push(u.name);
  }
  return found;
}

/** Dice that roll what a test says (the rules code sees an ordinary Rng). */
export class ScriptedDice extends Rng {
  constructor(private readonly script: number[]) {
    super(seedState('scripted', 'dice'));
  }
  override roll(sides: number, why: string): number {
    const value = this.script.shift();
    if (value === undefined) throw new Error(`the script has no die left for "${why}"`);
    this.rolls.push({ why, sides, value });
    return value;
  }
  override d6(why: string): number {
    return this.roll(6, why);
  }
  get left(): number {
    return this.script.length;
  }
}

/** A context for calling rules functions directly with scripted dice. */
export function ctxWith(dice: number[]): { dice: ScriptedDice; tags: Rng } {
  return { dice: new ScriptedDice(dice), tags: new Rng(seedState('scripted', 'tags')) };
}

/** Puts units into a new group of `side` in `area`/`box` (test set-ups). */
export function putInGroup(m: M, side: 'allied' | 'japanese', area: 'SP' | 'SL' | 'CS', box: 'day' | 'daynight' | 'night', ids: string[], id = `g-${side}-${area}-${box}`): string {
  addGroup(m.game, { id, side, area, box, ships: [...ids] });
  for (const u of ids) {
    const unit = own(m.game, u);
    unit.from = unit.place.at === 'base' ? unit.place.base : (unit.from ?? (side === 'allied' ? 'espiritu-santo' : 'rabaul'));
    unit.place = { at: 'group', group: id };
  }
  return id;
}
