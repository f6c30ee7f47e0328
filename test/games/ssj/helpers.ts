/** Driving Sky, Sea, and JUNGLE through the engine in tests. */
import { createMatchState, step, type MatchState } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjState } from '../../../src/games/ssj/state';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { SHIPS } from '../../../src/games/ssj/data';

export type M = MatchState<SsjState>;

export function newMatch(seed = 'test-seed'): M {
  return createMatchState(ssj, {}, seed).state as M;
}

export function choices(m: M, side: string): SsjAction[] {
  return ssj.prompt(m.game, side)?.actions ?? [];
}

export function act(m: M, side: string, action: SsjAction): M {
  return step(ssj, m, side, action).state as M;
}

export const done: SsjAction = { type: 'done' };

/** Finds a seed whose first Magic roll (on AugII) comes out as wanted with numbers 1,2,3. */
export function throughAugI(seed: string): M {
  let m = newMatch(seed);
  m = act(m, 'japanese', done);
  m = act(m, 'allied', done);
  return act(m, 'japanese', { type: 'end-turn' });
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
