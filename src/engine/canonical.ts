/**
 * JSON with object keys sorted, so two equal values always give the same text.
 * The text is that of JSON.stringify on a copy with each object's keys inserted sorted, written in one walk without
 * the copy (the fog harness writes each revealed fact's value so at every step of every world): the same text to the
 * byte, with an object's integer keys first in numeric order (a copy enumerates them so), `toJSON`, and what JSON
 * leaves out or writes as `null`.
 */
export function canonicalJson(value: unknown): string {
  const text = written(value);
  // As JSON.stringify: a value JSON cannot hold (undefined, a function) has no text.
  return text as string;
}

/** `value`'s canonical text, undefined for what JSON leaves out of an object (undefined, a function, a symbol). */
function written(value: unknown): string | undefined {
  if (typeof value === 'string') return quoted(value);
  // JSON writes a finite number as String does (the same Number::toString), any other as null.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? undefined : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = `[${written(value[0]) ?? 'null'}`;
    for (let i = 1; i < value.length; i++) out += `,${written(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  // A value with a `toJSON` is its JSON (as for JSON.stringify): an SSJ state's table of units is its record of them.
  if (hasToJson(value)) return written(value.toJSON());
  const keys = Object.keys(value).sort();
  let out = '{';
  let first = true;
  for (const k of integerKeysFirst(keys)) {
    const v = (value as Record<string, unknown>)[k];
    // `__proto__` as a key of a copy would set its prototype, not a key: the sorted copy never wrote it.
    if (v === undefined || k === '__proto__') continue;
    const text = written(v);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${quoted(k)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

/** A string as JSON writes it: in quotes as it is when nothing in it is escaped (no quote, backslash, control character or surrogate). */
function quoted(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** An object's keys in the order its sorted copy enumerates them: array indices first, ascending, then the rest as given. */
function integerKeysFirst(sorted: string[]): string[] {
  if (!sorted.some(isIndex)) return sorted;
  const indices = sorted.filter(isIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...sorted.filter((k) => !isIndex(k))];
}

function isIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && /^(0|[1-9][0-9]*)$/.test(k) && Number(k) < 4294967295;
}

function hasToJson(value: unknown): value is { toJSON(): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** Structural equality of JSON values (object key order ignored), without building strings. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let na = 0;
  for (const k in ra) {
    if (ra[k] === undefined) continue;
    na++;
    if (!jsonEqual(ra[k], rb[k])) return false;
  }
  let nb = 0;
  for (const k in rb) if (rb[k] !== undefined) nb++;
  return na === nb;
}

/**
 * Whether `items` holds a value equal to `value` as JSON (`jsonEqual`): the very object first (a
 * pointer compare each), then, for an object such as an action read from the wire, each item's
 * fields read against `value`'s own (two property reads turn most items down, where `jsonEqual`
 * enumerated each item's keys: a deployment prompt offers hundreds of actions), and only an item
 * whose fields all match compared whole.
 */
export function includesJson(items: readonly unknown[], value: unknown): boolean {
  if (items.includes(value)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return items.some((x) => jsonEqual(x, value));
  const fields: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value)) if (v !== undefined) fields.push([k, v]);
  next: for (const x of items) {
    if (typeof x !== 'object' || x === null) continue;
    const r = x as Record<string, unknown>;
    for (const [k, v] of fields) {
      const w = r[k];
      if (w !== v && (typeof v !== 'object' || v === null || !jsonEqual(w, v))) continue next;
    }
    if (jsonEqual(x, value)) return true;
  }
  return false;
}
