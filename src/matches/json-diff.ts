/**
 * The diff of two JSON values as RFC 6902 operations (add, remove, replace), applied by the
 * web client (src/web/patches.ts). Like fast-json-patch's `compare` (objects key by key,
 * subtrees that are the same object skipped at once), but an array is first trimmed of its
 * common head and tail (deep equality) and, when what is left differs in length, aligned by
 * Myers' diff, elements compared by deep equality (up to `MAX_EDITS` edits; beyond, index by
 * index), so that choices leaving a long prompt cost a `remove` each, not a `replace` of
 * every choice after them. Values are not copied: the operations
 * share the new value's subtrees (a body is never changed once made).
 *
 * A function of its two arguments only (their contents and key order): nothing else can
 * change which operations come, nor their order.
 */
import { jsonEqual } from '../engine';
import type { JsonPatchOp } from '../protocol';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

export function jsonDiff(a: unknown, b: unknown): JsonPatchOp[] {
  const out: JsonPatchOp[] = [];
  walk(a, b, '', out);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: JsonPatchOp[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) return arrays(a, b, path, out);
  if (isObject(a) && isObject(b)) return objects(a, b, path, out);
  // JSON has no undefined: an array's holds null.
  if (a === undefined && b === null) return;
  out.push({ op: 'replace', path, value: b === undefined ? null : b });
}

function objects(a: Obj, b: Obj, path: string, out: JsonPatchOp[]): void {
  // `for…in`, not `Object.keys`: the same keys in the same order for a body's plain objects (their
  // prototype has no enumerable key), without an array of them made for every object compared.
  for (const key in a) {
    const av = a[key];
    const bv = b[key];
    // The same subtree is skipped before its path is made: most keys of two bodies hold the same objects.
    if (av === bv || av === undefined) continue;
    if (bv === undefined) out.push({ op: 'remove', path: `${path}/${escape(key)}` });
    else walk(av, bv, `${path}/${escape(key)}`, out);
  }
  for (const key in b) {
    if (b[key] !== undefined && a[key] === undefined) out.push({ op: 'add', path: `${path}/${escape(key)}`, value: b[key] });
  }
}

function arrays(a: unknown[], b: unknown[], path: string, out: JsonPatchOp[]): void {
  let start = 0;
  while (start < a.length && start < b.length && jsonEqual(a[start], b[start])) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && jsonEqual(a[endA - 1], b[endB - 1])) {
    endA--;
    endB--;
  }
  const gap = Math.abs(endA - endB);
  const matches = gap > 0 && gap <= MAX_EDITS ? align(a, b, start, endA - start, endB - start) : NO_MATCHES;
  // Between matched elements: the pairs walked in place, then the old ones left removed, the new ones left added.
  let idx = start;
  let i = start;
  let j = start;
  for (let q = 0; q <= matches.length; q += 2) {
    // The matched pairs, then the ends of both middles.
    const mi = q < matches.length ? matches[q]! + start : endA;
    const mj = q < matches.length ? matches[q + 1]! + start : endB;
    const both = Math.min(mi - i, mj - j);
    for (let t = 0; t < both; t++, idx++) if (a[i + t] !== b[j + t]) walk(a[i + t], b[j + t], `${path}/${idx}`, out);
    for (let t = both; t < mi - i; t++) out.push({ op: 'remove', path: `${path}/${idx}` });
    for (let t = both; t < mj - j; t++) out.push({ op: 'add', path: `${path}/${idx++}`, value: b[j + t] === undefined ? null : b[j + t] });
    idx++;
    i = mi + 1;
    j = mj + 1;
  }
}

/** Beyond this many edits, the middle of two arrays is diffed index by index. */
const MAX_EDITS = 64;
const NO_MATCHES = new Int32Array(0);

/**
 * The pairs of equal elements (deep equality) of a longest common subsequence (Myers) of
 * `a[lo, lo + n)` and `b[lo, lo + m)`, ascending, flat (`[x0, y0, x1, y1, …]`, indices from `lo`);
 * none beyond MAX_EDITS. Elements are compared in place, not as JSON texts: consecutive prompts
 * share their unchanged choices (the same frozen objects), which compare at once, and two
 * different choices differ within their first fields. Made without copying the arrays, and with
 * only the diagonals each round reached kept for the way back: a deployment prompt's diff (800
 * choices, some 50 edits) made a copy of each middle, a table of 131 numbers a round and an array
 * a matched pair, most of the server's garbage per action.
 */
function align(a: unknown[], b: unknown[], lo: number, n: number, m: number): Int32Array {
  const max = Math.min(n + m, MAX_EDITS);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v's diagonals -d-1 … d+1 before round d (those round d reads).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && jsonEqual(a[lo + x], b[lo + y])) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return NO_MATCHES;
}

function backtrack(trace: Int32Array[], n: number, m: number): Int32Array {
  // A path of D edits matches (n + m - D) / 2 pairs; they are found from the end.
  const d0 = trace.length - 1;
  const pairs = new Int32Array(n + m - d0);
  let p = pairs.length;
  let x = n;
  let y = m;
  for (let d = d0; d > 0; d--) {
    const v = trace[d]!;
    // Diagonal k is at v[k + d + 1].
    const k = x - y;
    const prevK = k === -d || (k !== d && v[k - 1 + d + 1]! < v[k + 1 + d + 1]!) ? k + 1 : k - 1;
    const prevX = v[prevK + d + 1]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      pairs[--p] = --y;
      pairs[--p] = --x;
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    pairs[--p] = --y;
    pairs[--p] = --x;
  }
  return pairs;
}
