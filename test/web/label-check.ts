/**
 * What a label may not hold (issue 14): a raw field name of the game's actions, an id in
 * camelCase or kebab-case, `undefined`, `[object Object]`, JSON. The field names and the
 * action types come from the game's action schema (zod) and from the actions themselves,
 * never from the label code under test.
 */
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
};
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every field name a schema declares, at any depth (the fields of an EotS fact too). */
export function schemaKeys(schema: z.ZodType, out = new Set<string>()): Set<string> {
  const d = defOf(schema);
  for (const [k, v] of Object.entries(d.shape ?? {})) {
    out.add(k);
    schemaKeys(v, out);
  }
  for (const o of [...(d.options ?? []), ...(d.items ?? [])]) schemaKeys(o, out);
  for (const o of [d.innerType, d.element, d.in, d.out]) if (o) schemaKeys(o, out);
  return out;
}

/** The action types a discriminated union (or a game's one action object) declares, each with a made-up action of that type (every field set). */
export function schemaSamples(schema: z.ZodType): { type: string; sample: Record<string, unknown> }[] {
  const d = defOf(schema);
  return (d.type === 'object' ? [schema] : (d.options ?? [])).map((o) => {
    const sample = sampleOf(o) as Record<string, unknown>;
    return { type: String(sample.type), sample };
  });
}

function sampleOf(s: z.ZodType): unknown {
  const d = defOf(s);
  switch (d.type) {
    case 'object':
      return Object.fromEntries(Object.entries(d.shape!).map(([k, v]) => [k, sampleOf(v)]));
    case 'literal':
      return d.values![0];
    case 'enum':
      return Object.values(d.entries!)[0];
    case 'string':
      // A value the schema takes (a hex id is four digits).
      return ['0101', 'x'].find((v) => s.safeParse(v).success) ?? 'x';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'tuple':
      return d.items!.map(sampleOf);
    case 'array':
      return [sampleOf(d.element!)];
    case 'union':
      return sampleOf(d.options![0]!);
    case 'optional':
    case 'nullable':
    case 'default':
      return sampleOf(d.innerType!);
    case 'pipe':
      return sampleOf(d.in!);
    default:
      throw new Error(`no sample for a ${d.type}`);
  }
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isId = (s: string) => /[-_]/.test(s) || /[a-z][A-Z]/.test(s);

/** String values an action carries, at any depth. */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

/** Every field name and value of an action, at any depth, as [key, value] pairs. */
function pairsOf(v: unknown, out: [string, unknown][] = []): [string, unknown][] {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) {
      out.push([k, x]);
      pairsOf(x, out);
    }
  }
  return out;
}

/**
 * The problems of one text a player reads for `action`: `keys` are the game's field names
 * (from its schema). A field name is a problem where it reads as a field, not as a word:
 * followed by `:` or `=`, quoted, in camelCase or kebab-case, or followed by its raw value
 * when that value is a word (the generic "slot cruiser"; "hex 3407" is the rules' own way).
 */
export function rawWords(text: string, action: Record<string, unknown>, keys: Iterable<string>): string[] {
  const found: string[] = [];
  if (!text.trim()) found.push('empty text');
  for (const bad of ['undefined', 'null', 'NaN', '[object Object]', '{', '}', '"']) if (text.includes(bad)) found.push(`holds ${bad}`);
  const camel = text.match(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/);
  if (camel) found.push(`camelCase identifier ${camel[0]}`);
  for (const k of keys) {
    if (new RegExp(`(?<![\\w-])${esc(k)}\\s*[:=]`).test(text)) found.push(`field name ${k} with a colon`);
    if (isId(k) && new RegExp(`(?<![\\w-])${esc(k)}(?![\\w-])`).test(text)) found.push(`field name ${k}`);
  }
  for (const [k, v] of pairsOf(action)) {
    // A number after its noun is how the rules name hexes and steps ("hex 3407", "Step 1"): only words are raw values.
    if (k === 'type' || typeof v === 'object' || /^[\d.,]+$/.test(String(v))) continue;
    if (new RegExp(`(?<![\\w-])${esc(k)}\\s+${esc(String(v))}(?![\\w-])`).test(text)) found.push(`field ${k} with its raw value`);
  }
  for (const s of [String(action.type), ...stringsOf(action)]) {
    if (isId(s) && new RegExp(`(?<![\\w-])${esc(s)}(?![\\w-])`).test(text)) found.push(`raw id ${s}`);
  }
  return found;
}
