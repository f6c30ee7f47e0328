/**
 * Standing orders over HTTP (issue #41), as a script or a bot would set them: the OpenAPI gives
 * every game's orders as JSON (each kind of decision with its rules), and a seat token reads and
 * sets its own side's orders in any game; a rule of another game, or another side's kind, is not
 * taken.
 */
import type { Built } from '../../src/server/app';
import { allBooks, bookOf } from '../../src/bots/orders';
import { startMemoryApp } from '../support/memory-app';

let built: Built;
let url = '';
beforeAll(async () => {
  built = await startMemoryApp({ webDir: '/tmp' });
  url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await built.app.close();
});

async function call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, json: await r.json() };
}

test('the OpenAPI gives every game’s standing orders: each kind of decision a property, its rules an enum', async () => {
  const doc = (await call('GET', '/docs/json')).json;
  const put = doc.paths['/api/matches/{id}/orders'].put;
  const orders = put.requestBody.content['application/json'].schema.properties.orders;
  const branches: any[] = orders.anyOf ?? orders.oneOf ?? [orders];
  for (const book of allBooks()) {
    const branch = branches.find((b) => book.fields.every((f) => b.properties?.[f.key]));
    expect(branch).toBeDefined();
    for (const f of book.fields) expect(branch.properties[f.key].enum).toEqual(f.choices.map((c) => c.value));
  }
});

test.each(['ewr', 'eots-subwar'])('%s: a seat sets its orders with its token and reads them back; a kind of another game is a 400', async (game) => {
  const m = (await call('POST', '/api/matches', undefined, { game })).json;
  const side = Object.keys(m.seats)[0]!;
  const token: string = m.seats[side].token;
  const defaults = bookOf(game)!.defaults(side);
  const got = await call('GET', `/api/matches/${m.id}/orders`, token);
  expect(got.status).toBe(200);
  expect(got.json.defaults).toEqual(defaults);
  expect(got.json.fields.map((f: { key: string }) => f.key)).toEqual(
    bookOf(game)!
      .fields.filter((f) => !f.sides || f.sides.includes(side))
      .map((f) => f.key),
  );
  const set = await call('PUT', `/api/matches/${m.id}/orders`, token, { orders: defaults });
  expect(set.status).toBe(200);
  expect(set.json.orders).toEqual(defaults);
  const bad = await call('PUT', `/api/matches/${m.id}/orders`, token, { orders: { engage: 'decline' } });
  expect(bad.status).toBe(400);
  expect(bad.json.error.code).toBe('invalid-orders');
  expect((await call('GET', `/api/matches/${m.id}/orders`, token)).json.orders).toEqual(defaults);
});
