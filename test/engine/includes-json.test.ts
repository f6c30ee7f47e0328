/**
 * An action read from the wire is one of the prompt's choices when it equals one of them as JSON
 * (engine/match-state.ts). `includesJson` finds it field by field; the oracle is the plain scan it
 * replaces: some item `jsonEqual` to the value, and `jsonEqual` itself is checked against the
 * canonical text (key order ignored, undefined fields absent).
 */
import { canonicalJson, includesJson, jsonEqual } from '../../src/engine';
import { Rng, seedState } from '../../src/engine/rng';

const rng = new Rng(seedState('includes-json', 'test'));
const KEYS = ['type', 'ship', 'area', 'box', 'group', 'n'];
const prims = [0, 1, 2, 'a', 'b', 'deploy', 'load', true, false, null];

function value(depth: number): unknown {
  const pick = rng.int(0, depth > 1 ? 3 : 5);
  if (pick <= 2 && depth < 3) {
    const o: Record<string, unknown> = {};
    for (const k of KEYS) if (rng.int(0, 2) === 0) o[k] = rng.int(0, 9) === 0 ? undefined : value(depth + 1);
    return o;
  }
  if (pick === 3 && depth < 3) return Array.from({ length: rng.int(0, 2) }, () => value(depth + 1));
  return prims[rng.int(0, prims.length - 1)];
}
/** A copy of `v` with each object's keys in another order (what a client's JSON may do). */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (typeof v !== 'object' || v === null) return v;
  const entries = Object.entries(v).reverse();
  return Object.fromEntries(entries.map(([k, x]) => [k, reordered(x)]));
}

test('jsonEqual is equality of canonical JSON text, key order and undefined fields aside', () => {
  for (let i = 0; i < 3000; i++) {
    const a = value(0);
    const b = rng.int(0, 1) === 0 ? reordered(a) : value(0);
    const text = (x: unknown) => (x === undefined ? 'undefined' : canonicalJson(x));
    expect(jsonEqual(a, b)).toBe(text(a) === text(b));
  }
});

test('an action read from the wire is found among the choices exactly when one equals it as JSON', () => {
  let found = 0;
  for (let i = 0; i < 3000; i++) {
    const items = Array.from({ length: rng.int(0, 12) }, () => value(0));
    const wanted = rng.int(0, 1) === 0 && items.length > 0 ? reordered(items[rng.int(0, items.length - 1)]) : value(0);
    const expected = items.some((x) => jsonEqual(x, wanted));
    expect(includesJson(items, wanted)).toBe(expected);
    if (expected) found++;
  }
  expect(found).toBeGreaterThan(1000);
});

test('a deployment step sent as JSON is found among hundreds of choices; a step not offered is not', () => {
  const steps = Array.from({ length: 600 }, (_, i) => ({ type: 'deploy', ship: `s${i % 60}`, area: `a${i % 7}`, box: ['day', 'daynight', 'night'][i % 3], group: 'new' }));
  expect(includesJson(steps, JSON.parse(JSON.stringify(steps[599])))).toBe(true);
  expect(includesJson(steps, { ...steps[599], group: 'g-x' })).toBe(false);
  expect(includesJson(steps, { ...steps[599], extra: 1 })).toBe(false);
  expect(includesJson(steps, { ...steps[599], extra: undefined })).toBe(true);
});
