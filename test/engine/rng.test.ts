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

describe('a turn of different tags (Rng.distinctTags)', () => {
  /** The plain way it replaces: `tag(8)` a tag, drawn again while a set holds it. */
  const byTagLoop = (r: Rng, count: number): string[] => {
    const used = new Set<string>();
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      let t = r.tag(8);
      while (used.has(t)) t = r.tag(8);
      used.add(t);
      out.push(t);
    }
    return out;
  };

  test('the same draws give the same tags as tag(8) with a set of those drawn, and the generator ends in the same state', () => {
    for (let i = 0; i < 50; i++) {
      const a = new Rng(seedState(`tags-${i}`, 'tags'));
      const b = new Rng(seedState(`tags-${i}`, 'tags'));
      expect(a.distinctTags(284)).toEqual(byTagLoop(b, 284));
      expect(a.state()).toEqual(b.state());
    }
  });

  test("each tag's number, when asked for, sorts as the tag's text does", () => {
    const numbers = new Float64Array(284);
    const tags = new Rng(seedState('text-order', 'tags')).distinctTags(284, numbers);
    const byNumber = tags.map((t, i) => ({ t, n: numbers[i]! })).sort((a, b) => a.n - b.n);
    expect(byNumber.map((x) => x.t)).toEqual([...tags].sort());
    // The same tags as without the numbers.
    expect(new Rng(seedState('text-order', 'tags')).distinctTags(284)).toEqual(tags);
  });

  test('a tag drawn again is drawn anew, as the plain loop does', () => {
    // Scripted letters: tag A, A again, B, A again, C: the second and fourth draws repeat a tag.
    const letters = (k: number) => Array.from({ length: 8 }, (_, i) => (k * 5 + i * 3) % 32);
    const script = [0, 0, 1, 0, 2].flatMap(letters);
    const scripted = () => {
      const r = new Rng(seedState('scripted', 'tags'));
      let n = 0;
      // The generator itself scripted (both ways read it): a letter k is the draw that uniformInt over 32 values maps to k.
      (r as unknown as { gen: { next(): number } }).gen = { next: () => script[n++]! - 2147483648 };
      return r;
    };
    const plain = byTagLoop(scripted(), 3);
    expect(new Set(plain).size).toBe(3);
    expect(scripted().distinctTags(3)).toEqual(plain);
  });
});
