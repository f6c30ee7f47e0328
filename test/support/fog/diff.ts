/** The first place two JSON values differ, as a readable path (`pushes[0].view.sides.japanese.hidden[3].place`). */
export interface FirstDifference {
  path: string;
  a: unknown;
  b: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Values under these keys are large (a state body's view and prompt) and never changed once
 * made (the engine memoises them per state): each is compared by its JSON text, made once
 * per object, and walked only when the texts differ (to find the first differing path).
 */
const BULKY = new Set(['view', 'prompt']);
const texts = new WeakMap<object, string>();
function textOf(o: object): string {
  let t = texts.get(o);
  if (t === undefined) texts.set(o, (t = JSON.stringify(o)));
  return t;
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
      if (BULKY.has(k) && typeof a[k] === 'object' && a[k] !== null && typeof b[k] === 'object' && b[k] !== null && textOf(a[k]) === textOf(b[k])) continue;
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
