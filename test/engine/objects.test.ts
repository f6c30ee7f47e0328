import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { withFields } from '../../src/engine/objects';

describe('withFields: a spread with new keys, made the cheap way', () => {
  test('gives the keys, values and key order of the spread it replaces', () => {
    const cases: [object, object][] = [
      [{ to: 'public', text: 'A placed a piece.' }, { seq: 3 }],
      [{ to: ['a'], text: 'x', data: { units: ['u1'] } }, { seq: 0 }],
      [
        { v: '1.2', view: { a: 1 }, prompt: null, status: 'active' },
        { log: [], logFrom: 4, clock: { leftMs: 5 } },
      ],
      // A key the object has keeps its place and takes the new value, as in a spread.
      [
        { a: 1, b: 2, c: 3 },
        { b: 20, d: 4 },
      ],
    ];
    for (const [o, extra] of cases) expect(JSON.stringify(withFields(o, extra))).toBe(JSON.stringify({ ...o, ...extra }));
  });

  test('leaves the object it copies unchanged', () => {
    const o = { to: 'public', text: 't' };
    withFields(o, { seq: 1 });
    expect(o).toEqual({ to: 'public', text: 't' });
  });

  test('like objects copied with the same new keys share one hidden class (V8, checked in a node with natives)', () => {
    // A child node with --allow-natives-syntax: %HaveSameMap tells whether two objects share a hidden class.
    const script = `
      const { withFields } = require(${JSON.stringify(join(__dirname, '../../src/engine/objects.ts'))});
      const same = new Function('a', 'b', 'return %HaveSameMap(a, b)');
      const stamp = (e, seq) => withFields(e, { seq });
      const out = [];
      for (let i = 0; i < 2000; i++) out.push(stamp({ to: i % 2 ? 'public' : ['a'], text: 'entry ' + i }, i));
      let shared = 0;
      for (let i = 1000; i < 2000; i++) if (same(out[i], out[999])) shared++;
      process.stdout.write(String(shared));
    `;
    const shared = execFileSync(process.execPath, ['--allow-natives-syntax', '--require', require.resolve('tsx/cjs'), '-e', script], { encoding: 'utf8' });
    expect(Number(shared)).toBe(1000);
  });
});
