/**
 * Property: whatever a route's schema lets through, the database can hold — no input
 * accepted at the edge ever comes back as a 500. Each route's body and query string are
 * generated from its own OpenAPI schema (the zod schemas' JSON Schema, as /docs/json
 * publishes them), leaning on the bounds (a column's int4 limit is where a 500 used to
 * hide), with any text at all (NUL and lone surrogates included), and sent with the token
 * the route asks for.
 */
import fc from 'fast-check';
import { startTestServer, api, type TestServer } from '../support/server';

const ADMIN = 'admin-token-for-the-schema-fuzz';
let srv: TestServer;
let doc: any;
beforeAll(async () => {
  srv = await startTestServer({ adminToken: ADMIN, webPush: true });
  doc = (await api(srv.url, 'GET', '/docs/json')).body;
});
afterAll(async () => {
  await srv.close();
});

type Schema = Record<string, any>;

const text = (s: Schema) =>
  fc.oneof(
    fc.string({ unit: 'binary', minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 200) }),
    fc.string({ unit: 'grapheme', minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 200) }),
    ...(s.enum ? [fc.constantFrom(...s.enum)] : []),
    ...(s.format === 'email' ? [fc.emailAddress()] : []),
    ...(s.format === 'uri' ? [fc.webUrl()] : []),
  );

function num(s: Schema, integer: boolean) {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : integer ? -(2 ** 40) : -1e12);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : integer ? 2 ** 40 : 1e12);
  const edges = [lo, hi, 2 ** 31 - 1, 2 ** 31, 0, 1].filter((v) => v >= lo && v <= hi && (!integer || Number.isInteger(v)));
  const any = integer
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(fc.constantFrom(...edges), any);
}

/** An arbitrary for the values `s` accepts (roughly: the server's zod has the last word). */
function arb(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((x: Schema) => arb(x, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return text(s);
    case 'integer':
      return num(s, true);
    case 'number':
      return num(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arb(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) props[k] = arb(v as Schema, depth + 1);
      if (Object.keys(props).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      return fc.record(props, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function tokenFor(path: string, m: any): string | undefined {
  if (path.startsWith('/api/admin')) return ADMIN;
  if (/\/(manage|reissue|deadline|abandon|forfeit)$/.test(path)) return m.creator.token;
  if (path === '/api/matches' || path.startsWith('/api/games') || path.endsWith('/join')) return undefined;
  return m.seats.allied.token;
}

test("no route answers 500 to any input its schema accepts (fuzzed from each route's OpenAPI schema)", async () => {
  const routes = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  expect(routes.length).toBeGreaterThan(15);
  const failures: string[] = [];
  for (const { path, method, op } of routes) {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'ssj', listed: true })).body;
    const concrete = path.replace('{id}', m.id).replace('{side}', 'japanese').replace('{game}', 'ssj');
    const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
    const query = (op.parameters ?? []).filter((p: any) => p.in === 'query');
    const querySchema: Schema = {
      type: 'object',
      properties: Object.fromEntries(query.map((p: any) => [p.name, p.schema])),
      required: query.filter((p: any) => p.required).map((p: any) => p.name),
    };
    await fc
      .assert(
        fc.asyncProperty(arb(body), arb(querySchema), async (b, q) => {
          const qs = new URLSearchParams(Object.entries(q as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString();
          const r = await api(srv.url, method, concrete + (qs ? `?${qs}` : ''), body ? b : undefined, tokenFor(path, m));
          if (r.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(b)} ?${qs} → ${r.status} ${JSON.stringify(r.body)}`);
          return r.status < 500;
        }),
        { numRuns: 25, seed: 16 },
      )
      .catch(() => undefined);
  }
  expect(failures).toEqual([]);
}, 240_000);
