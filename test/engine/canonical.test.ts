/**
 * `canonicalJson` is the text of a value with its object keys sorted: two equal values always give
 * the same text (a verifier's state hash, an action matched against a prompt's choices). It is
 * written in one walk; the oracle is its definition — JSON.stringify of a copy whose objects have
 * their keys inserted in sorted order — over seeded random values holding what JSON treats apart:
 * integer-like keys, undefined, functions, `toJSON`, dates, non-finite numbers, `__proto__` keys, strings
 * JSON escapes (quotes, control characters, lone surrogates).
 */
import { canonicalJson } from '../../src/engine';
import { Rng, seedState } from '../../src/engine/rng';

function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') return sortedCopy((value as { toJSON(): unknown }).toJSON());
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortedCopy(v);
    }
    return out;
  }
  return value;
}
const definition = (v: unknown) => JSON.stringify(sortedCopy(v));

const rng = new Rng(seedState('canonical-json', 'test'));
const KEYS = ['b', 'a', 'type', '10', '9', '0', '01', '-1', '1.5', 'Z', 'é', '4294967295', '4294967294', '__proto__', 'k"ey', '\ud800'];
const PRIMS: unknown[] = [
  0,
  -0,
  1.5,
  -3,
  1e21,
  5e-7,
  NaN,
  Infinity,
  'x',
  'q"uote\n',
  'back\\slash',
  '\u0001\u001f\u007f',
  '\u2028',
  'lone \ud800',
  'pair \ud83d\ude00',
  '',
  true,
  false,
  null,
  undefined,
  () => 1,
  Symbol('s'),
];

function value(depth: number): unknown {
  const pick = rng.int(0, depth > 2 ? 6 : 9);
  if (pick <= 6 || depth >= 4) return PRIMS[rng.int(0, PRIMS.length - 1)];
  if (pick === 7) return Array.from({ length: rng.int(0, 3) }, () => value(depth + 1));
  if (pick === 8) {
    const inner = value(depth + 1);
    return rng.int(0, 1) === 0 ? { toJSON: () => inner } : new Date(Date.UTC(2026, 0, rng.int(1, 28)));
  }
  // Own keys set as JSON.parse sets them (a `__proto__` key is an own key there).
  const o: Record<string, unknown> = {};
  for (const k of KEYS) if (rng.int(0, 2) === 0) Object.defineProperty(o, k, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
  return o;
}

test('canonical JSON is the text of the value with every object’s keys sorted, to the byte (2,000 seeded values)', () => {
  for (let i = 0; i < 2000; i++) {
    const v = value(0);
    expect([i, canonicalJson(v)]).toEqual([i, definition(v)]);
  }
});

test('canonical JSON: keys in another order give the same text; integer keys come first in numeric order, as an object keeps them', () => {
  expect(canonicalJson({ b: 1, a: [{ y: 2, x: undefined, w: 3 }], 10: 'ten', 9: 'nine' })).toBe('{"9":"nine","10":"ten","a":[{"w":3,"y":2}],"b":1}');
  expect(canonicalJson({ 9: 'nine', 10: 'ten', a: [{ w: 3, y: 2 }], b: 1 })).toBe(canonicalJson({ b: 1, a: [{ y: 2, w: 3 }], 10: 'ten', 9: 'nine' }));
  expect(canonicalJson([undefined, () => 0, NaN])).toBe('[null,null,null]');
  expect(canonicalJson(undefined)).toBeUndefined();
});
