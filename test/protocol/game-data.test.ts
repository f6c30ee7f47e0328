/**
 * GET /api/games/:game?only=… — the parts of a game's public data a client draws from.
 * The SSJ web client asks for the map only, so a player's page never holds the counter
 * sheet (the browser tests' leak check reads every byte a page receives for enemy names).
 */
import { api, startTestServer, type TestServer } from '../support/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

test('only the parts asked for come back, and an unknown part is left out', async () => {
  const all = await api(srv.url, 'GET', '/api/games/ssj');
  const some = await api(srv.url, 'GET', '/api/games/ssj?only=turns,bases,nothing-such');
  expect(some.status).toBe(200);
  expect(Object.keys(some.body.data).sort()).toEqual(['bases', 'turns']);
  expect(some.body.data).toEqual({ turns: all.body.data.turns, bases: all.body.data.bases });
  expect(some.body.name).toBe(all.body.name);
});

test('the map parts the SSJ board reads name no unit of either counter sheet', async () => {
  const all = (await api(srv.url, 'GET', '/api/games/ssj')).body.data as Record<string, { id: string; name: string }[]>;
  const units = [...all.ships!, ...all.air!, ...all.ground!, ...all.pt!];
  expect(units.length).toBeGreaterThan(100);
  const map = await api(srv.url, 'GET', '/api/games/ssj?only=turns,seaAreas,seaAreaNames,boxes,boxNames,bases,rabaulSortieLimit');
  const text = JSON.stringify(map.body);
  // Unit names are words like CHOKAI; ids like ijn-chokai. Neither may appear.
  const named = units.filter((u) => text.includes(`"${u.id}"`) || new RegExp(`\\b${u.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text));
  expect(named.map((u) => u.id)).toEqual([]);
});

test('a malformed list of parts is refused with a 400 and the error shape', async () => {
  const res = await api(srv.url, 'GET', '/api/games/ssj?only=a,,b');
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid-request');
});
