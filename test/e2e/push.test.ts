/**
 * Web Push and the spectator count through the pages, in Chromium (issue 15).
 *
 * A player subscribes from the match page ("Notify me on this device"): the page registers
 * the service worker (/sw.js), fetches the server's VAPID key and subscribes. Headless
 * Chromium here has no internet, so the browser's own push service is out of reach (the
 * test tries it first and says how `pushManager.subscribe` fails), and what a push service
 * receives must be the test's to read: an init script replaces `subscribe` (and
 * `getSubscription`) with one returning a subscription whose endpoint is the test's push
 * service on loopback and whose keys are a key pair the test holds. Everything else is
 * real: the page's button, the route, the stored subscription, the server's encrypted
 * delivery once the tab is closed — which the test decrypts — and the service worker
 * showing it as a notification (the decrypted message delivered to it through the DevTools
 * protocol, as a push service would).
 *
 * The spectator count: a spectator opens the link in another browser, the player's page
 * shows "1 spectator watching"; the spectator leaves, and the count goes.
 */
import type { BrowserContext } from 'playwright-core';
import { api, until } from '../support/server';
import { DESKTOP, e2eSession, screenshot } from '../support/e2e';
import { checkVapid, decryptPush, newDevice, startPushService, type PushService } from '../support/push';

jest.setTimeout(180_000);
const e2e = e2eSession({ webPush: true });
const pageErrors = e2e.pageErrors;
let pushService: PushService;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await pushService?.close();
});

async function newContext(): Promise<BrowserContext> {
  const ctx = await e2e.browser.newContext(DESKTOP);
  contexts.push(ctx);
  ctx.on('page', (p) => p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`)));
  return ctx;
}

interface Created {
  id: string;
  seats: Record<string, { token: string }>;
  spectator: { token: string };
}
const link = (id: string, token: string) => `${e2e.url}/m/${id}#t=${token}`;

/** Whether this Chromium's own pushManager.subscribe works (it needs the browser's push service, on the internet). */
async function realSubscribeWorks(ctx: BrowserContext): Promise<string> {
  const page = await ctx.newPage();
  await page.goto(e2e.url + '/');
  // Browser code (this file's program has no DOM types: the page's globals are reached through `g`).
  const outcome = await page.evaluate(async (key) => {
    const g: any = globalThis;
    const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4));
    const applicationServerKey = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    await g.navigator.serviceWorker.register('/sw.js');
    const reg = await g.navigator.serviceWorker.ready;
    const timeout = new Promise<string>((r) => setTimeout(() => r('timed out'), 15_000));
    const tried: Promise<string> = reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }).then(
      async (s: any) => (await s.unsubscribe(), 'ok'),
      (e: Error) => `${e.name}: ${e.message}`,
    );
    return Promise.race([tried, timeout]);
  }, e2e.server.push!.vapid.publicKey);
  await page.close();
  return outcome;
}

test('subscribing to push from the match page: the route, the stored device, the encrypted "your move" with the tab closed, the notification', async () => {
  const m = (await api(e2e.url, 'POST', '/api/matches', { game: 'ssj' })).body as Created;
  const allied = m.seats.allied!.token;
  const japanese = m.seats.japanese!.token;
  const device = newDevice(`${pushService.url}/push/allied-e2e`);

  const ctx = await newContext();
  await ctx.grantPermissions(['notifications'], { origin: e2e.url });
  const real = await realSubscribeWorks(ctx);
  // The browser's push service is out of reach here (no internet); the test's own stands in for it either way.
  console.info(`Chromium's own pushManager.subscribe: ${real}; the page subscribes to the loopback push service`);
  await ctx.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const buffer = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
      const g: any = globalThis;
      let current: unknown = null;
      g.__pushKeys = [];
      g.PushManager.prototype.subscribe = async function (options: { applicationServerKey: Uint8Array }) {
        const key = new Uint8Array(options.applicationServerKey);
        g.__pushKeys.push(
          btoa(String.fromCharCode(...key))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, ''),
        );
        current = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.buffer },
          getKey: (name: string) => buffer(name === 'p256dh' ? p256dh : auth),
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => ((current = null), true),
        };
        return current;
      };
      g.PushManager.prototype.getSubscription = async function () {
        return current;
      };
    },
    { endpoint: device.endpoint, ...device.keys },
  );

  // The Allied player opens the seat link and subscribes this device.
  const page = await ctx.newPage();
  await page.goto(link(m.id, allied));
  await page.getByTestId('seat').getByText('You: Allied').waitFor();
  await page.getByRole('button', { name: 'Notify me on this device' }).click();
  await page.getByTestId('push-on').waitFor();
  await page.getByRole('button', { name: 'Stop notifying this device' }).waitFor();
  expect(await page.evaluate(() => (globalThis as any).__pushKeys)).toEqual([e2e.server.push!.vapid.publicKey]);
  expect(await page.evaluate(async () => !!(await (globalThis as any).navigator.serviceWorker.getRegistration('/'))?.active)).toBe(true);
  const rows = await e2e.server.prisma.pushSubscription.findMany({ where: { matchId: m.id } });
  expect(rows.map((r) => ({ side: r.side, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth }))).toEqual([{ side: 'allied', endpoint: device.endpoint, ...device.keys }]);
  // The seat's notice settings now list its devices, with when they are sent.
  await page.getByTestId('notify-settings').locator('summary').click();
  await page.getByTestId('notify-settings').getByText('Devices (push):').waitFor();
  await screenshot(page, 'push-01-subscribed');

  // The tab is closed; the Japanese player takes the seat and plays until it is the Allies' move.
  await page.close();
  await until(async () => ((await e2e.server.service.opts.notifier!.seatPresent({ match: m.id, side: 'allied' } as never)) ? undefined : true));
  expect((await api(e2e.url, 'POST', `/api/matches/${m.id}/claim`, {}, japanese)).status).toBe(200);
  const st = (await api(e2e.url, 'GET', `/api/matches/${m.id}`, undefined, japanese)).body;
  const moved = await api(e2e.url, 'POST', `/api/matches/${m.id}/actions`, { seq: st.seq, action: { type: 'early-activation', roll: false } }, japanese);
  expect(moved.status).toBe(200);
  expect(moved.body.prompt).toBeNull();
  const req = await until(() => pushService.requests.find((r) => r.path === '/push/allied-e2e'), 15_000);
  expect(req.headers['content-encoding']).toBe('aes128gcm');
  checkVapid(req.headers.authorization, e2e.server.push!.vapid.publicKey, device.endpoint);
  const text = decryptPush(device, req.body);
  const payload = JSON.parse(text);
  expect(payload).toMatchObject({ event: 'your-move', match: m.id, game: 'ssj', side: 'allied', link: `http://127.0.0.1/m/${m.id}`, title: 'Ironbottom: your move' });
  expect(Object.keys(payload).sort()).toEqual(['at', 'body', 'event', 'game', 'gameName', 'link', 'match', 'seq', 'side', 'tag', 'title']);
  for (const t of [allied, japanese, m.spectator.token]) expect(text).not.toContain(t);
  expect(text).not.toMatch(/ijn-|#t=/);

  // The service worker shows it: the decrypted message handed to it as the push service would.
  const home = await ctx.newPage();
  await home.goto(e2e.url + '/');
  const cdp = await ctx.newCDPSession(home);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const reg = await until(() => registrations.find((r) => r.scopeURL === `${e2e.url}/`));
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: e2e.url, registrationId: reg.registrationId, data: text });
  const shown = await until(
    () =>
      home.evaluate(async () => {
        const list: any[] = await (await (globalThis as any).navigator.serviceWorker.ready).getNotifications();
        return list.length ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })) : undefined;
      }),
    10_000,
  );
  expect(shown).toEqual([
    { title: 'Ironbottom: your move', body: `Your move, allied: Sky, Sea, and JUNGLE, match ${m.id}.`, tag: `ironbottom-${m.id}`, data: { url: `${e2e.url}/m/${m.id}` } },
  ]);

  // Back on the match page: stop notifying this device.
  const again = await ctx.newPage();
  await again.goto(`${e2e.url}/m/${m.id}`);
  await again.getByTestId('seat').getByText('You: Allied').waitFor();
  await again.getByRole('button', { name: 'Notify me on this device' }).click();
  await again.getByTestId('push-on').waitFor();
  await again.getByRole('button', { name: 'Stop notifying this device' }).click();
  await again.getByRole('button', { name: 'Notify me on this device' }).waitFor();
  expect(await e2e.server.prisma.pushSubscription.count({ where: { matchId: m.id } })).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('the spectator count on the match page goes up when a spectator opens the link and down when they leave', async () => {
  const m = (await api(e2e.url, 'POST', '/api/matches', { game: 'ssj' })).body as Created;
  const player = await (await newContext()).newPage();
  await player.goto(link(m.id, m.seats.japanese!.token));
  await player.getByTestId('seat').getByText('You: Japanese').waitFor();
  await player.getByTestId('conn').getByText('Live').waitFor();
  expect(await player.getByTestId('watchers').count()).toBe(0);

  const watcherCtx = await newContext();
  const watcher = await watcherCtx.newPage();
  await watcher.goto(link(m.id, m.spectator.token));
  await watcher.getByTestId('seat').getByText('Spectator').waitFor();
  await player.getByTestId('watchers').getByText('1 spectator watching').waitFor();
  await watcher.getByTestId('watchers').getByText('1 spectator watching').waitFor();
  // A second one, in another tab.
  const second = await watcherCtx.newPage();
  await second.goto(link(m.id, m.spectator.token));
  await player.getByTestId('watchers').getByText('2 spectators watching').waitFor();
  await screenshot(player, 'push-02-spectators');

  await second.close();
  await player.getByTestId('watchers').getByText('1 spectator watching').waitFor();
  await watcher.close();
  await player.getByTestId('watchers').waitFor({ state: 'detached' });
  // The player's own page does not count.
  expect(await player.getByTestId('watchers').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});
