import { Rng, seedState } from '../../src/engine/rng';

describe('seeded dice', () => {
  test('the same seed gives the same rolls', () => {
    const a = new Rng(seedState('seed-1', 'dice'));
    const b = new Rng(seedState('seed-1', 'dice'));
    const ra = Array.from({ length: 50 }, () => a.d6('t'));
    const rb = Array.from({ length: 50 }, () => b.d6('t'));
    expect(ra).toEqual(rb);
  });

  test('another seed or another stream gives other rolls', () => {
    const roll = (seed: string, stream: string) => {
      const r = new Rng(seedState(seed, stream));
      return Array.from({ length: 30 }, () => r.d6('t')).join('');
    };
    expect(roll('seed-1', 'dice')).not.toEqual(roll('seed-2', 'dice'));
    expect(roll('seed-1', 'dice')).not.toEqual(roll('seed-1', 'tags'));
  });

  test('a generator resumed from its saved state continues the same sequence', () => {
    const a = new Rng(seedState('x', 'dice'));
    for (let i = 0; i < 7; i++) a.d6('t');
    const resumed = new Rng(a.state());
    expect(Array.from({ length: 20 }, () => resumed.d6('t'))).toEqual(Array.from({ length: 20 }, () => a.d6('t')));
  });

  test('d6 covers 1..6 roughly evenly and records each roll', () => {
    const r = new Rng(seedState('even', 'dice'));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) counts[r.d6('t') - 1]!++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(r.rolls).toHaveLength(6000);
    expect(r.rolls[0]).toEqual({ why: 't', sides: 6, value: expect.any(Number) });
  });

  test('d10 reads 0..9 (Empire of the Sun)', () => {
    const r = new Rng(seedState('ten', 'dice'));
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(r.d10('t'));
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
