/**
 * Copies of the state share what a step does not change (clone.ts): the units (`own`, units.ts),
 * the task force groups (`ownGroup`, groups.ts) and the record of what each side knows (`learn`,
 * state.ts). A step copies a group when it first changes it; the state it was made from keeps its
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

test('the record of what each side knows is shared by a step that learns nothing, and copied by one that learns', () => {
  const bots = { allied: plausibleBot('known/allied'), japanese: plausibleBot('known/japanese') };
  let ms = createMatchState(ssj, {}, 'known').state as MatchState<SsjState>;
  let [learned, shared] = [0, 0];
  for (let i = 0; i < 800 && !ssj.result(ms.game); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))! as 'allied' | 'japanese';
    const prompt = ssj.prompt(ms.game, side)!;
    const before = JSON.stringify(ms.game.known);
    const next = step(ssj, ms, side, bots[side].choose({ side, view: ssj.view(ms.game, side), prompt }), prompt).state as MatchState<SsjState>;
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
    ms = next;
  }
  expect(learned).toBeGreaterThan(0);
  expect(shared).toBeGreaterThan(learned);
});
