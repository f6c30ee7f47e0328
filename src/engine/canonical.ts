/** JSON with object keys sorted, so two equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  // A value with a `toJSON` is its JSON (as for JSON.stringify): an SSJ state's table of units is its record of them.
  if (hasToJson(value)) return sortKeys(value.toJSON());
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
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
