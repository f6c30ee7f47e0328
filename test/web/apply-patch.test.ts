/**
 * The web client applies a push's RFC 6902 operations itself (src/web/patches.ts: add, remove
 * and replace in the walk that copies their path). Checked against fast-json-patch, the
 * library it stands in for, on random documents and random operations, good and bad: the
 * same document when both apply it, a refusal (the link then asks for a full body) exactly
 * when fast-json-patch refuses, and the held body never changed.
 */
import { applyPatch, deepClone, type Operation } from 'fast-json-patch';
import type { JsonPatchOp, StateBody, StatePatch, VersionedState } from '../../src/protocol';
import { applyStatePatch } from '../../src/web/patches';

// xorshift32: the low bits of a power-of-two LCG repeat too soon to reach every combination here.
let seed = 11;
const rnd = (n: number) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};
// No key named as a member of Object.prototype: fast-json-patch reads those as present in every
// object (a `replace` of "/constructor" on {} passes there); the last test checks them against the RFC.
const KEYS = ['a', 'b', 'c/d', 'e~f', '0', ''];

function value(depth: number): unknown {
  const k = rnd(depth > 2 ? 4 : 7);
  if (k === 0) return rnd(100);
  if (k === 1) return KEYS[rnd(KEYS.length)];
  if (k === 2) return null;
  if (k === 3) return rnd(2) === 0;
  if (k === 4) return Array.from({ length: rnd(5) }, () => value(depth + 1));
  return Object.fromEntries(Array.from({ length: rnd(4) }, () => [KEYS[rnd(KEYS.length)], value(depth + 1)]));
}

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** A path into `doc`: mostly to something there, sometimes one step past it, sometimes nonsense. */
function pathIn(doc: unknown): string {
  let path = '';
  let node = doc;
  for (;;) {
    const stop = rnd(3) === 0;
    if (Array.isArray(node)) {
      const i = rnd(node.length + 2);
      // No "01": fast-json-patch reads it as 1, where RFC 6901 allows no leading zero (the next-to-last test).
      const token = rnd(12) === 0 ? ['-', 'x', '-1'][rnd(3)]! : String(i);
      path += `/${token}`;
      if (stop || i >= node.length) return path;
      node = node[i];
    } else if (typeof node === 'object' && node !== null) {
      const keys = Object.keys(node);
      const key = keys.length && rnd(4) !== 0 ? keys[rnd(keys.length)]! : KEYS[rnd(KEYS.length)]!;
      path += `/${escape(key)}`;
      if (stop || !(key in node)) return path;
      node = (node as Record<string, unknown>)[key];
    } else {
      return rnd(2) === 0 ? path : `${path}/a`;
    }
  }
}

function ops(doc: unknown): JsonPatchOp[] {
  return Array.from({ length: 1 + rnd(4) }, () => {
    const op = (['add', 'remove', 'replace', 'add', 'replace'] as const)[rnd(5)]!;
    const path = pathIn(doc);
    return op === 'remove' ? { op, path } : { op, path, value: value(1) };
  });
}

/** fast-json-patch's result on a copy, or null when it refuses. */
function oracle(core: Record<string, unknown>, patchOps: JsonPatchOp[]): unknown {
  try {
    return applyPatch(deepClone(core), patchOps as Operation[], true, true, true).newDocument;
  } catch {
    return null;
  }
}

test('RFC 6902: add, remove and replace give what fast-json-patch gives, and refuse what it refuses, without changing what is held', () => {
  let applied = 0;
  let refused = 0;
  for (let round = 0; round < 3000; round++) {
    const core = { id: 'm', seq: rnd(9), view: value(0), prompt: value(0) } as Record<string, unknown>;
    const patchOps = ops(core);
    const held: VersionedState = { v: 'e.0', body: { ...core, log: [{ seq: 1 }], logFrom: 0 } as unknown as StateBody };
    const before = JSON.stringify(held);
    const patch: StatePatch = { base: 'e.0', v: 'e.1', ops: patchOps, log: [], logFrom: 3 };
    const want = oracle(core, patchOps);
    const got = applyStatePatch(held, patch);
    expect(JSON.stringify(held)).toBe(before);
    if (want === null) {
      expect(got).toBeNull();
      refused++;
    } else {
      expect(got).not.toBeNull();
      const { log, logFrom, ...rest } = got!.body as unknown as Record<string, unknown>;
      expect(rest).toEqual(want);
      expect([log, logFrom, got!.v]).toEqual([[], 3, 'e.1']);
      applied++;
    }
  }
  // Both kinds are exercised, in numbers.
  expect(applied).toBeGreaterThan(500);
  expect(refused).toBeGreaterThan(500);
});

test('RFC 6902 appendix A: adding with "-" appends to an array; an index past the end is refused', () => {
  const held: VersionedState = { v: 'e.0', body: { prompt: { actions: ['x'] }, log: [], logFrom: 0 } as unknown as StateBody };
  const patch = (ops: JsonPatchOp[]): StatePatch => ({ base: 'e.0', v: 'e.1', ops, log: [], logFrom: 0 });
  const appended = applyStatePatch(held, patch([{ op: 'add', path: '/prompt/actions/-', value: 'y' }]));
  expect((appended!.body as unknown as { prompt: { actions: string[] } }).prompt.actions).toEqual(['x', 'y']);
  expect(applyStatePatch(held, patch([{ op: 'add', path: '/prompt/actions/2', value: 'y' }]))).toBeNull();
  expect(applyStatePatch(held, patch([{ op: 'replace', path: '/prompt/actions/1', value: 'y' }]))).toBeNull();
  // RFC 6901: an array index has no leading zero.
  expect(applyStatePatch(held, patch([{ op: 'add', path: '/prompt/actions/00', value: 'y' }]))).toBeNull();
  // A whole-body replacement is never sent, and never applied.
  expect(applyStatePatch(held, patch([{ op: 'replace', path: '', value: {} }]))).toBeNull();
});

test('copy on write: a patched body shares every subtree no operation touched with the body it was applied to', () => {
  const untouched = { deep: [1, 2, 3] };
  const held: VersionedState = { v: 'e.0', body: { view: { a: untouched, b: { c: 1 } }, log: [], logFrom: 0 } as unknown as StateBody };
  const next = applyStatePatch(held, { base: 'e.0', v: 'e.1', ops: [{ op: 'replace', path: '/view/b/c', value: 2 }], log: [], logFrom: 0 });
  const view = (next!.body as unknown as { view: { a: unknown; b: { c: number } } }).view;
  expect(view.a).toBe(untouched);
  expect(view.b.c).toBe(2);
  expect((held.body as unknown as { view: { b: { c: number } } }).view.b.c).toBe(1);
});

test('RFC 6902 4.3: the target of a replace (or remove) must exist in the document: a member every object inherits does not', () => {
  const held: VersionedState = { v: 'e.0', body: { view: {}, log: [], logFrom: 0 } as unknown as StateBody };
  const patch = (ops: JsonPatchOp[]): StatePatch => ({ base: 'e.0', v: 'e.1', ops, log: [], logFrom: 0 });
  expect(applyStatePatch(held, patch([{ op: 'replace', path: '/view/constructor', value: 1 }]))).toBeNull();
  expect(applyStatePatch(held, patch([{ op: 'remove', path: '/view/toString' }]))).toBeNull();
  expect(applyStatePatch(held, patch([{ op: 'add', path: '/view/__proto__', value: { polluted: true } }]))).toBeNull();
  const added = applyStatePatch(held, patch([{ op: 'add', path: '/view/constructor', value: 1 }]));
  expect(JSON.stringify(added!.body)).toBe('{"view":{"constructor":1},"log":[],"logFrom":0}');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
