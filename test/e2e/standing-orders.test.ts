/**
 * Standing orders on the match page (issue #41), in Debian's Chromium: the Japanese player of
 * Sky, Sea, and JUNGLE accepts "Quick play" in the orders panel and closes the page; the Allies
 * play (their page open, their steps and the Japanese person's own sent through the service); the
 * Japanese player comes back and the page lists, under "While you were away", the decisions his
 * orders took, each with its seq — at desktop size and at 390×844.
 *
 * The orders are secret: beside the ordering match runs a twin (same seed, the browsers' dice
 * values not taken: the engine's own dice) where the Japanese player has no orders and makes
 * the very decisions his orders would have made, himself. At every hand-off to the Allies their
 * page's text, their body (GET) and, at the end, every frame their page received are the same
 * in both matches, and never speak of standing orders.
 */
import pino from 'pino';
import type { Page } from 'playwright-core';
import { promptOf } from '../../src/engine';
import { GAMES } from '../../src/games';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import { bookOf, orderFor } from '../../src/bots/orders';
import { MatchService } from '../../src/matches/service';
import { buildApp, type Built } from '../../src/server/app';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { DESKTOP, e2eSession, ensureWebBuild, PHONE, recordTraffic, WEB_DIR } from '../support/e2e';
import { createMatch, matchPath, type CreatedMatch } from '../support/e2e-matches';

jest.setTimeout(120_000);

const e2e = e2eSession({ server: false, lastScreenshots: 'standing-orders-last' });
const pageErrors = e2e.pageErrors;

let built: Built | undefined;
let service: MatchService;
let url = '';
beforeAll(async () => {
  ensureWebBuild();
  const logger = pino({ level: 'silent' });
  // Every match from the same seed, with the engine's own dice: the twins must roll alike.
  service = new MatchService(new MemoryMatchStore(), {
    games: GAMES,
    publicUrl: 'http://127.0.0.1',
    snapshotEvery: 50,
    idleMs: 600_000,
    logger,
    newSeed: () => 'e2e-standing-orders',
    seatValues: false,
  });
  built = await buildApp({ service, logger, webDir: WEB_DIR, botThinkMs: 10 });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await built?.app.close();
});

const defaults = bookOf('ssj')!.defaults('japanese');
const own = (p: Page, m: CreatedMatch, side: string) => p.goto(url + matchPath(m, side)).then(() => p.getByTestId('banner').waitFor());
/** The page's text with the match's id out of it (the twins differ there only). */
const textOf = async (p: Page, m: CreatedMatch) => (await p.locator('body').innerText()).split(m.id).join('match');
const bodyOf = async (m: CreatedMatch, side: string) =>
  JSON.stringify(await service.state(m.id, side))
    .split(m.id)
    .join('match');

async function sameText(a: Page, ma: CreatedMatch, b: Page, mb: CreatedMatch, seq: number): Promise<string> {
  // Both pages have the Allies' decision before them, then read alike.
  await a.locator('section.decision').waitFor();
  await b.locator('section.decision').waitFor();
  const until = Date.now() + 10_000;
  for (;;) {
    const [ta, tb] = [await textOf(a, ma), await textOf(b, mb)];
    if (ta === tb) return ta;
    if (Date.now() > until) {
      let i = 0;
      while (i < ta.length && ta[i] === tb[i]) i++;
      throw new Error(`the Allied pages differ at seq ${seq}: …${JSON.stringify(ta.slice(i - 80, i + 200))} / …${JSON.stringify(tb.slice(i - 80, i + 200))}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const [name, ctx] of [
  ['desktop', DESKTOP],
  ['390×844', PHONE],
] as const) {
  test(`standing orders (${name}): Quick play, away, "While you were away" on return; the Allies' page, body and frames as in the twin match played by hand`, async () => {
    const withOrders = await createMatch(url, 'ssj');
    const byHand = await createMatch(url, 'ssj');
    // The Japanese player sets his orders on the page, then closes it.
    const jp = await e2e.newPage(ctx);
    await own(jp, withOrders, 'japanese');
    await jp.getByTestId('quick-play').click();
    // Set: the panel no longer says "none", and offers to clear them.
    await jp
      .getByTestId('orders')
      .locator('summary', { hasText: /^Standing orders$/ })
      .waitFor();
    await jp.getByTestId('orders').locator('button', { hasText: 'Clear all orders' }).waitFor({ state: 'attached' });
    await jp.context().close();
    // The twin's Japanese player opens and closes his page too, setting nothing.
    const jq = await e2e.newPage(ctx);
    await own(jq, byHand, 'japanese');
    await jq.getByTestId('quick-play').waitFor();
    await jq.context().close();
    // The Allied pages, one in each match, recording every byte they get.
    const [ap, bp] = [await e2e.newPage(DESKTOP), await e2e.newPage(DESKTOP)];
    const [ta, tb] = [recordTraffic(ap), recordTraffic(bp)];
    await own(ap, withOrders, 'allied');
    await own(bp, byHand, 'allied');
    // Both Allied seats claimed by their pages before anything is compared.
    for (const m of [withOrders, byHand])
      for (let t = 0; !(await service.state(m.id, 'allied')).players.allied?.claimed; t++) {
        if (t > 100) throw new Error('the Allied page did not take its seat');
        await new Promise((r) => setTimeout(r, 100));
      }

    const bots = { allied: plausibleBot('e2e-orders/allied'), japanese: plausibleBot('e2e-orders/japanese') };
    let last = '';
    let byOrder = 0;
    let handoffs = 0;
    let from = [0, 0];
    for (let i = 0; i < 400; i++) {
      await service.orders.idle();
      const state = (await service.load(byHand.id)).tl.state;
      const order = orderFor(ssj, state, 'japanese', defaults);
      const side = order ? 'japanese' : ssj.sides.find((s) => promptOf(ssj, state.game, s))!;
      if (side === 'allied' && last !== 'allied') {
        // A hand-off to the Allies: the same page, body, and no word of orders.
        const seq = (await service.state(byHand.id, 'allied')).seq;
        expect((await service.state(withOrders.id, 'allied')).seq).toBe(seq);
        expect(await bodyOf(withOrders, 'allied')).toBe(await bodyOf(byHand, 'allied'));
        await sameText(ap, withOrders, bp, byHand, seq);
        // (The Allies' page has its own orders panel, alike in both: their log says nothing of the Japanese orders.)
        expect(await ap.getByTestId('log').innerText()).not.toMatch(/standing order/i);
        expect(await ap.getByTestId('orders-taken').count()).toBe(0);
        // From the first hand-off, when both pages show the same, every frame they get is compared.
        if (handoffs === 0) from = [ta.texts.length, tb.texts.length];
        handoffs++;
        // Enough: orders took decisions, and the Allies have been handed the play since.
        if (byOrder >= 2 && handoffs >= 3) break;
      }
      let action: unknown;
      if (order) action = order.action;
      else {
        const body = await service.state(byHand.id, side);
        action = bots[side as 'allied' | 'japanese'].choose({ side, view: body.view, prompt: body.prompt as never });
      }
      const seq = (await service.state(byHand.id, side)).seq;
      await service.submit(byHand.id, side, seq, action);
      if (order) byOrder++;
      else await service.submit(withOrders.id, side, (await service.state(withOrders.id, side)).seq, action);
      last = side;
    }
    expect(byOrder).toBeGreaterThanOrEqual(2);
    expect(handoffs).toBeGreaterThanOrEqual(3);

    // Every frame and body the Allied pages got, alike (but for the match id), none of orders.
    await Promise.all([ta.settle(), tb.settle()]);
    // The pushes of the play (socket.io events `42[…]`), with what names the connection and the match (ids, tokens, a chain's id) out of them.
    const norm = (t: string[], m: CreatedMatch) =>
      t
        .filter((x) => x.startsWith('42['))
        .map((x) =>
          x
            .split(m.id)
            .join('match')
            .split(m.seats.allied!.token)
            .join('tok')
            .replace(/"(base|v)":"[^".]+\./g, '"$1":"chain.')
            .replace(/,"[\w-]+"\]$/, ',"push id"]'),
        );
    const [fa, fb] = [norm(ta.texts.slice(from[0]), withOrders), norm(tb.texts.slice(from[1]), byHand)];
    expect(fa.length).toBeGreaterThan(10);
    expect(fa).toEqual(fb);
    expect(fa.join('\n')).not.toMatch(/standingOrder|standing order/i);

    // The Japanese player comes back: his page says what the orders did, each decision with its seq.
    const taken = (await service.state(withOrders.id, 'japanese')).log.filter((e) => e.data?.standingOrder === true);
    expect(taken).toHaveLength(byOrder);
    const back = await e2e.newPage(ctx);
    await own(back, withOrders, 'japanese');
    const away = back.getByTestId('orders-taken');
    await away.getByRole('heading', { name: 'While you were away' }).waitFor();
    expect(await away.locator('li').allInnerTexts()).toEqual(taken.map((e) => `#${e.seq} ${e.text}`));
    await expect(away.isVisible()).resolves.toBe(true);
    // "Got it": the list goes, and stays gone on the next visit from this browser.
    await away.getByRole('button', { name: 'Got it' }).click();
    await away.waitFor({ state: 'detached' });
    await back.reload();
    await back.getByTestId('orders').waitFor();
    expect(await back.getByTestId('orders-taken').count()).toBe(0);
    // The twin's Japanese player, who decided by hand, has nothing listed.
    const twin = await e2e.newPage(ctx);
    await own(twin, byHand, 'japanese');
    await twin.getByTestId('quick-play').waitFor();
    expect(await twin.getByTestId('orders-taken').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
}
