/**
 * The match page follows a match through patches (issue #13): in Chromium, a spectator's
 * page connects asking for patches, gets one full body (`sync`) and then only `patch`
 * frames — never a whole `state` — and shows every new log line of the actions taken
 * meanwhile, as the state fetched over HTTP has them.
 */
import type { StateBody } from '../../src/protocol';
import { e2eSession, recordTraffic } from '../support/e2e';

const e2e = e2eSession();

async function call(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(e2e.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

test('a spectator page follows an SSJ match by patches and shows each new log line', async () => {
  const m = await call('POST', '/api/matches', { game: 'ssj' });
  const page = await e2e.newPage();
  const traffic = recordTraffic(page);
  await page.goto(m.spectator.url.replace(/^https?:\/\/[^/]+/, e2e.url));
  await page.getByTestId('log').waitFor();
  for (let i = 0; i < 6; i++) {
    for (const side of ['allied', 'japanese']) {
      const b: StateBody = await call('GET', `/api/matches/${m.id}`, undefined, m.seats[side].token);
      if (!b.prompt?.actions.length) continue;
      await call('POST', `/api/matches/${m.id}/actions`, { seq: b.seq, action: b.prompt.actions.at(-1) }, m.seats[side].token);
      break;
    }
  }
  const now: StateBody = await call('GET', `/api/matches/${m.id}`, undefined, m.spectator.token);
  const last = now.log.at(-1)!;
  await page.getByTestId('log').getByText(last.text, { exact: false }).first().waitFor({ timeout: 10_000 });
  await traffic.settle();
  // socket.io's packets, over HTTP long-polling before the upgrade to a websocket, then in its frames.
  const all = traffic.texts.join('\n');
  expect(all).toContain('42["sync"');
  expect(traffic.texts.filter((t) => t.startsWith('42["patch"')).length).toBeGreaterThan(0);
  expect(all).not.toContain('42["state"');
  // Every public line the spectator may read is on the page.
  const shown = await page.getByTestId('log').innerText();
  for (const e of now.log.slice(-3)) expect(shown).toContain(e.text.slice(0, 40));
});
