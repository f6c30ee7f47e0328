import { jsonEqual } from '../../../src/engine';

/** The first place two JSON values differ, as a readable path (`pushes[0].view.sides.japanese.hidden[3].place`). */
export interface FirstDifference {
  path: string;
  a: unknown;
  b: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Values under these keys are large (a state body's view and prompt) and never changed once
 * made (the engine memoises them per state): each pair is compared whole first by `jsonEqual`
 * (a walk that builds nothing: most pairs are equal, and their JSON texts cost more in garbage
 * than the walk), remembered per pair of objects, and walked for a path only when they differ.
 * Like the walk, it does not look at the order of an object's keys (nor did the texts, which
 * were walked when they differed).
 */
const BULKY = new Set(['view', 'prompt']);
const same = new WeakMap<object, WeakSet<object>>();
function bulkyEqual(a: object, b: object): boolean {
  if (same.get(a)?.has(b)) return true;
  if (!jsonEqual(a, b)) return false;
  let s = same.get(a);
  if (!s) same.set(a, (s = new WeakSet()));
  s.add(b);
  return true;
}

export function firstDifference(a: unknown, b: unknown, path = ''): FirstDifference | null {
  if (a === b) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (a.length !== b.length) return { path: `${path}.length`, a: a.length, b: b.length };
    return null;
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      if (a[k] === undefined && b[k] === undefined) continue;
      if (BULKY.has(k) && typeof a[k] === 'object' && a[k] !== null && typeof b[k] === 'object' && b[k] !== null && bulkyEqual(a[k] as object, b[k] as object)) continue;
      const d = firstDifference(a[k], b[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  if (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) return null;
  return { path: path || '(whole value)', a, b };
}

/** A value cut short for a report line. */
export function brief(v: unknown, max = 160): string {
  const s = v === undefined ? '(absent)' : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
