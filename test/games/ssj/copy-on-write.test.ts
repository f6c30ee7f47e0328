/**
 * Copies of the state share what a step does not change (clone.ts): the units (`own`, units.ts),
 * the task force groups (`ownGroup`, groups.ts), the record of what each side knows (`learn`,
 * state.ts) and the state's other small records (`change`, shared.ts). A step copies a group when it first changes it; the state it was made from keeps its
 * own, frozen, so a change made in place by mistake throws.
 */
import { createMatchState, step, type MatchState } from '../../../src/engine';
import type { GroupFields, SsjState } from '../../../src/games/ssj/state';
import { ssj } from '../../../src/games/ssj';
import { plausibleBot } from '../../../src/games/ssj/bot';
import { act, newMatch } from './helpers';

const deploy = (ship: string, group = 'new') => ({ type: 'deploy', ship, area: 'SL', box: 'night', group }) as const;

test('a step copies only the groups it changes; the states before keep theirs, frozen', () => {
  let m = act(newMatch(), 'japanese', deploy('ijn-chokai'));
  m = act(m, 'japanese', deploy('ijn-aoba'));
  const [first, second] = Object.values(m.game.groups).sort((a, b) => (a.ships[0]! < b.ships[0]! ? -1 : 1)); // AOBA's, CHOKAI's
  const before = m;
  const after = act(m, 'japanese', deploy('ijn-kako', first!.id));

  expect(before.game.groups[first!.id]!.ships).toEqual(['ijn-aoba']);
  expect([...after.game.groups[first!.id]!.ships].sort()).toEqual(['ijn-aoba', 'ijn-kako']);
  // The group the step did not change is the very same object in both states.
  expect(after.game.groups[second!.id]).toBe(before.game.groups[second!.id]);
  expect(after.game.groups).not.toBe(before.game.groups);

  expect(Object.isFrozen(before.game.groups)).toBe(true);
  expect(() => {
    (before.game.groups[second!.id] as GroupFields).box = 'day';
  }).toThrow(TypeError);
  expect(() => {
    (before.game.groups[first!.id] as GroupFields).ships.push('ijn-furutaka');
  }).toThrow(TypeError);
});

test('a step that changes no group shares the record of groups', () => {
  const m = act(newMatch(), 'japanese', deploy('ijn-chokai'));
  const next = act(m, 'japanese', { type: 'load', ...loadFor(m) });
  expect(next.game.groups).toBe(m.game.groups);
});

/** A load step offered at `m` (a ground unit and a ship at the same base). */
function loadFor(m: ReturnType<typeof newMatch>): { unit: string; ship: string } {
  const a = ssj.prompt(m.game, 'japanese')!.actions.find((x) => (x as { type: string }).type === 'load') as { unit: string; ship: string } | undefined;
  if (!a) throw new Error('no load step offered');
  return { unit: a.unit, ship: a.ship };
}

/**
 * Plays a campaign of plausible bots for up to `limit` actions: before each, `visit` is given the state and the view its
 * actor sees, and returns what to check once the step has been taken, given the state it made.
 */
function campaign(seed: string, limit: number, visit: (ms: MatchState<SsjState>, view: unknown) => (next: MatchState<SsjState>) => void): void {
  const bots = { allied: plausibleBot(`${seed}/allied`), japanese: plausibleBot(`${seed}/japanese`) };
  let ms = createMatchState(ssj, {}, seed).state as MatchState<SsjState>;
  for (let i = 0; i < limit && !ssj.result(ms.game); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))! as 'allied' | 'japanese';
    const prompt = ssj.prompt(ms.game, side)!;
    const view = ssj.view(ms.game, side);
    const after = visit(ms, view);
    const next = step(ssj, ms, side, bots[side].choose({ side, view, prompt }), prompt).state as MatchState<SsjState>;
    after(next);
    ms = next;
  }
}

test('the record of what each side knows is shared by a step that learns nothing, and copied by one that learns', () => {
  let [learned, shared] = [0, 0];
  campaign('known', 800, (ms) => {
    const before = JSON.stringify(ms.game.known);
    return (next) => {
      // The state before is as it was, and read only from now on.
      expect(JSON.stringify(ms.game.known)).toBe(before);
      expect(Object.isFrozen(ms.game.known)).toBe(true);
      if (JSON.stringify(next.game.known) === before) {
        expect(next.game.known).toBe(ms.game.known);
        shared++;
      } else {
        expect(next.game.known).not.toBe(ms.game.known);
        learned++;
      }
    };
  });
  expect(learned).toBeGreaterThan(0);
  expect(shared).toBeGreaterThan(learned);
});

/** Whether `x` and everything it holds is frozen. */
const deepFrozen = (x: unknown): boolean => x === null || typeof x !== 'object' || (Object.isFrozen(x) && Object.values(x).every(deepFrozen));

test('the small records of the state (shared.ts) are shared by a step that leaves them be; the state before, and its views, keep theirs, frozen', () => {
  const keys = ['revealed', 'detection', 'airSupply', 'holder', 'volcano', 'vp', 'airTurn', 'magic', 'early', 'alliedPicks', 'fogLiftedFor', 'subsDone', 'engaged'] as const;
  let [changed, shared] = [0, 0];
  campaign('records', 1500, (ms, view) => {
    const [before, viewBefore] = [keys.map((k) => JSON.stringify(ms.game[k])), JSON.stringify(view)];
    return (next) => {
      expect(JSON.stringify(view)).toBe(viewBefore);
      keys.forEach((k, j) => {
        // The state before is as it was, and read only from now on, all through.
        expect(JSON.stringify(ms.game[k])).toBe(before[j]);
        expect([k, deepFrozen(ms.game[k])]).toEqual([k, true]);
        if (next.game[k] === ms.game[k]) shared++;
        else changed++;
      });
    };
  });
  expect(changed).toBeGreaterThan(0);
  expect(shared).toBeGreaterThan(10 * changed);
});
