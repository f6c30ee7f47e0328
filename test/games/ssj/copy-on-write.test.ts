/**
 * Copies of the state share what a step does not change (clone.ts): the units (`own`, units.ts)
 * and the task force groups (`ownGroup`, groups.ts). A step copies a group when it first changes
 * it; the state it was made from keeps its own, frozen, so a change made in place by mistake throws.
 */
import type { GroupFields } from '../../../src/games/ssj/state';
import { ssj } from '../../../src/games/ssj';
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
