/**
 * Equality of JSON values as their texts would be: object keys in the same order too (a body goes out as JSON.stringify writes it).
 * `bulky`: the values under BULKY keys compared by `bulkyEqual` (remembered per pair: a view pushed and read again is walked once).
 */
export function orderedEqual(a: unknown, b: unknown, bulky = false): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!orderedEqual(a[i], b[i], bulky)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = definedKeys(a as Record<string, unknown>);
  const kb = definedKeys(b as Record<string, unknown>);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    const [x, y] = [(a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]];
    if (bulky && BULKY.has(k) && typeof x === 'object' && x !== null && typeof y === 'object' && y !== null ? !bulkyEqual(x, y) : !orderedEqual(x, y, bulky)) return false;
  }
  return true;
}

const definedKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

/** The first place two JSON values differ, as a readable path (`pushes[0].view.sides.japanese.hidden[3].place`). */
export interface FirstDifference {
  path: string;
  a: unknown;
  b: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Values under these keys are large (a state body's view and prompt) and never changed once
 * made (the engine memoises them per state): each pair is compared whole first by `orderedEqual`
 * (a walk that builds nothing: most pairs are equal, and their JSON texts cost more in garbage
 * than the walk), remembered per pair of objects, and walked for a path only when they differ.
 * Like the walk, it looks at the order of an object's keys: a body goes out as the text
 * JSON.stringify writes, so the same values in another key order are other bytes (a view
 * whose keys came in the order a hidden history made them would tell that history).
 */
const BULKY = new Set(['view', 'prompt']);
const same = new WeakMap<object, WeakSet<object>>();
function bulkyEqual(a: object, b: object): boolean {
  if (same.get(a)?.has(b)) return true;
  if (!orderedEqual(a, b)) return false;
  let s = same.get(a);
  if (!s) same.set(a, (s = new WeakSet()));
  s.add(b);
  return true;
}

export function firstDifference(a: unknown, b: unknown, path = ''): FirstDifference | null {
  // Nearly every pair compared is equal: the walk that builds no paths says so first (the bulky values by their memo).
  return orderedEqual(a, b, true) ? null : locate(a, b, path);
}

function locate(a: unknown, b: unknown, path: string): FirstDifference | null {
  if (a === b) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = locate(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (a.length !== b.length) return { path: `${path}.length`, a: a.length, b: b.length };
    return null;
  }
  if (isObj(a) && isObj(b)) {
    const ka = definedKeys(a);
    const kb = definedKeys(b);
    const keys = [...new Set([...ka, ...kb])].sort();
    for (const k of keys) {
      if (a[k] === undefined && b[k] === undefined) continue;
      if (BULKY.has(k) && typeof a[k] === 'object' && a[k] !== null && typeof b[k] === 'object' && b[k] !== null && bulkyEqual(a[k] as object, b[k] as object)) continue;
      const d = locate(a[k], b[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    // The same keys and values, in another order: JSON.stringify would write other bytes.
    if (ka.join('\u0000') !== kb.join('\u0000')) return { path: `${path || '(whole value)'} (key order)`, a: ka, b: kb };
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
