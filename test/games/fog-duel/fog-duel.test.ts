/** fog-duel, the benchmark game of issue 13: its few rules, and that only the bench serves it. */
import { randomBot } from '../../../src/bots';
import { playMatch } from '../../../src/bots/play';
import { createMatchState, step } from '../../../src/engine';
import { BENCH_GAMES, GAMES } from '../../../src/games';
import { fogDuel, MOVES } from '../../../src/games/fog-duel';

test('fog-duel: a and b alternate, a first, three areas to choose from each turn', () => {
  let ms = createMatchState(fogDuel, {}, 'alternate').state;
  expect(fogDuel.prompt(ms.game, 'b')).toBeNull();
  expect(fogDuel.prompt(ms.game, 'a')!.actions).toEqual([
    { type: 'deploy', area: 'north' },
    { type: 'deploy', area: 'centre' },
    { type: 'deploy', area: 'south' },
  ]);
  ms = step(fogDuel, ms, 'a', { type: 'deploy', area: 'south' }).state;
  expect(fogDuel.prompt(ms.game, 'a')).toBeNull();
  expect(fogDuel.prompt(ms.game, 'b')).not.toBeNull();
  expect(() => step(fogDuel, ms, 'a', { type: 'deploy', area: 'north' })).toThrow();
});

test('fog-duel: a placement is seen by its owner only; the others learn that a piece was placed', () => {
  const ms = createMatchState(fogDuel, {}, 'secret').state;
  const out = step(fogDuel, ms, 'a', { type: 'deploy', area: 'centre' });
  const views = (area: 'north' | 'centre') => {
    const s = step(fogDuel, ms, 'a', { type: 'deploy', area }).state.game;
    return { b: JSON.stringify(fogDuel.view(s, 'b')), spectator: JSON.stringify(fogDuel.view(s, 'spectator')), a: JSON.stringify(fogDuel.view(s, 'a')) };
  };
  // Two worlds that differ only in where a placed: b and the spectator cannot tell them apart, a can.
  expect(views('north').b).toBe(views('centre').b);
  expect(views('north').spectator).toBe(views('centre').spectator);
  expect(views('north').a).not.toBe(views('centre').a);
  for (const e of out.log) if (e.text.includes('centre')) expect(e.to).toEqual(['a']);
});

test('fog-duel: the match ends after 40 placements, each area to the side with more pieces there', () => {
  const played = playMatch(fogDuel, 'end', { a: randomBot('a'), b: randomBot('b') });
  expect(played.actions).toHaveLength(MOVES);
  const s = played.state.game;
  const held = { a: 0, b: 0 };
  for (const area of ['north', 'centre', 'south'] as const) {
    if (s.placed.a[area] > s.placed.b[area]) held.a++;
    if (s.placed.b[area] > s.placed.a[area]) held.b++;
  }
  const r = fogDuel.result(s)!;
  expect(r.score).toEqual(held);
  expect(r.winner).toBe(held.a > held.b ? 'a' : held.b > held.a ? 'b' : null);
});

test('fog-duel is served only with BENCH_GAMES', () => {
  expect(GAMES.has('fog-duel')).toBe(false);
  expect(BENCH_GAMES.get('fog-duel')).toBe(fogDuel);
  for (const id of GAMES.keys()) expect(BENCH_GAMES.has(id)).toBe(true);
});
