/**
 * A whole opening of Sky, Sea, and JUNGLE played in real browsers through the page's own
 * controls: the Japanese player creates the match on the home page, the Allied player and
 * a spectator (on a phone-sized screen) open their links; AugI (both deployments, end of
 * turn) and AugII with the Magic roll. At every step the screens are checked, and the
 * Allied page's DOM and every byte it received are searched for the Japanese ships it
 * must not know.
 */
import type { Locator, Page } from 'playwright-core';
import { api } from '../support/server';
import { bannerSays, clickFirst, createOnHome, DESKTOP, e2eSession, recordTraffic, screenshot, SCREENSHOTS, closeDeployment } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ lastScreenshots: 'last' });
const pageErrors = e2e.pageErrors;
const newPage = (viewport: { width: number; height: number } = DESKTOP.viewport) => e2e.newPage({ viewport });

const banner = (p: Page) => p.getByTestId('banner');
const counter = (p: Page, ship: string) => p.locator(`g.counter[data-ship="${ship}"]`);
const box = (p: Page, side: string, area: string, boxId: string) => p.locator(`g.seabox[data-side="${side}"][data-area="${area}"][data-box="${boxId}"]`);
const newGroupIn = (p: Page, side: string, area: string, boxId: string) => box(p, side, area, boxId).locator('g.new-group');
const groupOf = (p: Page, ship: string) => p.locator(`g.group:has(g.counter[data-ship="${ship}"])`);

async function sendTo(p: Page, ship: string, side: string, area: string, boxId: string): Promise<void> {
  await counter(p, ship).click();
  await newGroupIn(p, side, area, boxId).click();
  await groupOf(p, ship).waitFor();
}

async function joinGroup(p: Page, ship: string, withShip: string): Promise<void> {
  await counter(p, ship).click();
  await groupOf(p, withShip).locator('g.join[role="button"]').click();
  await p.locator(`g.group:has(g.counter[data-ship="${ship}"]):has(g.counter[data-ship="${withShip}"])`).waitFor();
}

/**
 * Plays whatever decisions the pages are given ("no" to the early-activation roll, break
 * off a battle, "Done" where it is offered, else a first choice) until `until` shows: the
 * phases this test does not look at.
 */
async function playThrough(pages: Page[], until: Locator, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await until.isVisible()) return;
    let acted = false;
    for (const p of pages) {
      if (await until.isVisible()) return;
      const panel = p.locator('section.decision');
      const candidates = [
        panel.getByRole('button', { name: /^Do not roll for early activation/ }).and(p.locator(':enabled')),
        // A battle goes on while both sides wish it (VI.F.1.c): these players always break off.
        panel.getByRole('button', { name: /^Withdraw from the battle/ }).and(p.locator(':enabled')),
        panel.getByRole('button', { name: /^Done/ }).and(p.locator(':enabled')),
        panel.locator('section.selected ul.choices button:enabled', { hasText: /^Return / }),
        // Ships at sea first (they must go home before the phase can close), then anything.
        p.locator('g.group g.counter.selectable[aria-pressed="false"]'),
        panel.locator('section.selected ul.choices button:enabled'),
        panel.locator('ul.chips button:enabled'),
        panel.locator('ul.choices button:enabled'),
        panel.locator('button.primary:enabled'),
      ];
      // The page may move on under the click (its state is live): try again next round.
      acted = await clickFirst(candidates);
    }
    await pages[0]!.waitForTimeout(acted ? 150 : 100);
  }
  for (const [i, p] of pages.entries()) await screenshot(p, `stuck-${i}`);
  throw new Error(`the pages never reached ${until.toString()}`);
}

/** Japanese ship names and ids the Allied page must never hold (names an Allied ship shares are left out: the Allies have their own). */
async function japaneseSecrets(base: string): Promise<{ ids: string[]; names: string[] }> {
  const sheet = (await api(base, 'GET', '/api/games/ssj')).body as { data: { ships: { id: string; name: string; side: string }[] } };
  const allied = new Set(sheet.data.ships.filter((s) => s.side === 'allied').map((s) => s.name));
  const jap = sheet.data.ships.filter((s) => s.side === 'japanese');
  return { ids: jap.map((s) => s.id), names: jap.map((s) => s.name).filter((n) => !allied.has(n)) };
}

const word = (s: string) => new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);

function findLeaks(texts: string[], secrets: { ids: string[]; names: string[] }): string[] {
  const found = new Set<string>();
  for (const t of texts) for (const s of [...secrets.ids, ...secrets.names]) if (word(s).test(t)) found.add(s);
  return [...found];
}

test('a turn and a half of SSJ through the pages, with nothing Japanese leaking to the Allies', async () => {
  const secrets = await japaneseSecrets(e2e.url);
  expect(secrets.ids.length).toBeGreaterThan(50);

  // ── The Japanese player creates the match on the home page. ──
  const jp = await newPage();
  // Its socket.io traffic passes through the test, which can make one action stale on the way.
  let staleNext = false;
  await jp.routeWebSocket(/\/socket\.io\//, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      if (staleNext && typeof m === 'string' && m.includes('"action"')) {
        staleNext = false;
        m = m.replace(/"seq":\d+/, '"seq":999999');
      }
      srv.send(m);
    });
    srv.onMessage((m) => ws.send(m));
  });
  await jp.goto(e2e.url + '/');
  await jp.getByRole('heading', { name: 'Ironbottom' }).waitFor();
  await jp.getByText('does not list open matches yet').or(jp.getByText('No match is waiting')).first().waitFor();
  const { allied: alliedLink, spectator: spectatorLink } = await createOnHome(jp, 'japanese');
  expect(alliedLink).toMatch(new RegExp(`^${e2e.url}/m/[A-Za-z0-9_-]+#t=`));
  expect(spectatorLink).toMatch(/#t=/);
  await screenshot(jp, '01-home-created');
  await jp.getByTestId('open-own-seat').click();
  await jp.waitForURL(/\/m\/[A-Za-z0-9_-]+$/);
  expect(jp.url()).not.toContain('#t=');
  const matchId = /\/m\/([A-Za-z0-9_-]+)/.exec(jp.url())![1]!;
  await expect(banner(jp).textContent()).resolves.toBe('Your move');
  await jp.waitForFunction('document.title.startsWith("● Your move")');

  // ── The Allied player opens his link; everything it receives is recorded. ──
  const al = await newPage();
  const traffic = recordTraffic(al);
  await al.goto(alliedLink);
  await al.waitForURL(/\/m\/[A-Za-z0-9_-]+$/);
  await expect(banner(al).textContent()).resolves.toBe('Waiting for the Japanese player');
  await al.getByTestId('fog-japanese').waitFor();
  await al.getByText('Live', { exact: true }).waitFor();
  expect(await al.title()).not.toContain('Your move');
  expect(await al.locator('g.sheet.allied g.counter.face-up').count()).toBeGreaterThanOrEqual(33);
  await al.locator('g.base[data-base="espiritu-santo"] g.counter[data-ship="usn-saratoga"]').waitFor();
  await screenshot(al, '02-allied-waiting');

  // ── A spectator on a phone. ──
  const sp = await newPage({ width: 390, height: 844 });
  await sp.goto(spectatorLink);
  await expect(banner(sp).textContent()).resolves.toBe('Spectating — waiting for the Japanese player');
  await sp.getByTestId('fog-japanese').waitFor();
  await sp.getByTestId('fog-allied').waitFor();
  expect(await sp.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);
  await screenshot(sp, '03-spectator-phone');

  // ── Whatever comes before the Japanese deployment (in later builds: early activation, Allied reinforcements). ──
  await playThrough([jp, al], jp.getByTestId('rabaul-sorties'));
  await jp
    .getByTestId('prompt-text')
    .getByText(/^AugI.*deploy your ships/)
    .waitFor();
  await expect(jp.getByTestId('rabaul-sorties').textContent()).resolves.toContain('0/8');
  // The Allied map is behind the screen for the Japanese.
  await jp.getByTestId('fog-allied').waitFor();
  expect(await jp.locator('g.sheet.japanese g.counter.face-up').count()).toBeGreaterThanOrEqual(19);
  await jp.locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-chokai"]').waitFor();

  // ── AugI, Japanese deployment: only legal destinations are offered. ──
  await counter(jp, 'ijn-trdiv-1').click(); // slow, at Rabaul
  expect(await jp.locator('g.counter[data-ship="ijn-trdiv-1"]').getAttribute('aria-pressed')).toBe('true');
  expect(await jp.locator('g.new-group').count()).toBe(3); // Day and Night in SP, SL, CS
  expect(await newGroupIn(jp, 'japanese', 'SL', 'day').count()).toBe(0);
  // V: without early activation (these players rolled no), nothing at Truk moves on AugI.
  expect(await jp.locator('g.base[data-base="truk"] g.counter[data-ship="ijn-jintsu"]').count()).toBe(1);
  expect(await jp.locator('g.counter.selectable[data-ship="ijn-jintsu"]').count()).toBe(0);
  await counter(jp, 'ijn-furutaka').click(); // a cruiser at Rabaul: any area, Night or Day and Night
  expect(await newGroupIn(jp, 'japanese', 'SL', 'night').count()).toBe(1);
  await screenshot(jp, '04-japanese-selecting');
  // A refused action is shown plainly, and changes nothing.
  staleNext = true;
  await newGroupIn(jp, 'japanese', 'SP', 'daynight').click();
  await jp.getByTestId('alert').getByText('The match has moved on: you sent seq 999999').waitFor();
  expect(await groupOf(jp, 'ijn-furutaka').count()).toBe(0);
  await screenshot(jp, '04b-japanese-refused');
  await counter(jp, 'ijn-furutaka').click();
  await newGroupIn(jp, 'japanese', 'SP', 'daynight').click();
  await groupOf(jp, 'ijn-furutaka').waitFor();
  expect(await jp.getByTestId('alert').textContent()).toBe('');
  await sendTo(jp, 'ijn-chokai', 'japanese', 'SL', 'night');
  await joinGroup(jp, 'ijn-aoba', 'ijn-chokai');
  await expect(jp.getByTestId('rabaul-sorties').textContent()).resolves.toContain('3/8');
  // Take one back, by clicking the placed ship, and place it again.
  await counter(jp, 'ijn-aoba').click();
  await jp.getByRole('button', { name: 'Take AOBA back' }).click();
  await jp.locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-aoba"]').waitFor();
  await joinGroup(jp, 'ijn-aoba', 'ijn-chokai');
  const log = jp.getByTestId('log');
  await log.getByText('AOBA sails from Rabaul').first().waitFor();
  // Hovering a log line lights up the ship it names.
  await log.getByText('CHOKAI sails from Rabaul').hover();
  await jp.locator('g.counter.highlighted[data-ship="ijn-chokai"]').waitFor();
  await screenshot(jp, '05-japanese-deployed');
  // The Allies have seen none of it.
  await expect(banner(al).textContent()).resolves.toBe('Waiting for the Japanese player');
  // The connections drop; the pages reconnect by themselves and take the fresh state.
  expect(e2e.server.dropConnections()).toBeGreaterThanOrEqual(3);
  await al.getByTestId('conn').getByText('Live').waitFor();
  await jp.getByTestId('conn').getByText('Live').waitFor();
  await closeDeployment(jp);

  // ── AugI, Allied deployment (no Magic on the first turn), partly by keyboard. ──
  await bannerSays(al, 'Your move');
  await al.waitForFunction('document.title.startsWith("● Your move")');
  await al.getByTestId('prompt-text').getByText('screen still up').waitFor();
  await al.getByTestId('fog-japanese').waitFor();
  await al.getByTestId('log').getByText('The Japanese player has completed his deployment.').waitFor();
  await expect(banner(jp).textContent()).resolves.toBe('Waiting for the Allied player');
  const firstId = 'usn-astoria';
  const first = counter(al, firstId);
  await first.focus();
  await al.keyboard.press('Enter');
  await al.locator(`g.counter.selected[data-ship="${firstId}"]`).waitFor();
  expect(await first.getAttribute('aria-pressed')).toBe('true');
  await newGroupIn(al, 'allied', 'SL', 'day').focus();
  await al.keyboard.press('Enter');
  await groupOf(al, firstId).waitFor();
  await sendTo(al, 'usn-saratoga', 'allied', 'SP', 'day');
  await screenshot(al, '06-allied-deployed');
  await closeDeployment(al);

  // ── The screen is removed: each side sees the other's groups face down. ──
  await al.getByTestId('log').getByText('The Fog Of War screen is removed').waitFor();
  await al.locator('g.sheet.japanese g.group g.counter.face-down').nth(2).waitFor();
  expect(await al.locator('g.sheet.japanese g.group g.counter.face-down').count()).toBe(3);
  expect(await al.getByTestId('fog-japanese').count()).toBe(0);
  await jp.locator('g.sheet.allied g.group g.counter.face-down').nth(1).waitFor();
  await sp.locator('g.sheet.japanese g.group g.counter.face-down').nth(2).waitFor();
  expect(await sp.getByTestId('fog-allied').count()).toBe(0);
  await screenshot(al, '07-allied-screen-removed');
  await screenshot(sp, '08-spectator-face-down');

  // ── The rest of AugI (prompts the client has no special drawing for are buttons), on to AugII. ──
  await playThrough(
    [jp, al],
    jp
      .getByTestId('log')
      .getByText(/AugII begins/)
      .first(),
  );
  await al
    .getByTestId('log')
    .getByText(/AugII begins/)
    .first()
    .waitFor();
  // The screen is up again.
  await al.getByTestId('fog-japanese').waitFor();
  await jp.locator('g.track g.turn.current[data-turn="AugII"]').waitFor();

  // ── AugII: the Japanese deploy again; then Magic. ──
  await playThrough([jp, al], jp.getByTestId('rabaul-sorties'));
  await jp
    .getByTestId('prompt-text')
    .getByText(/^AugII.*deploy your ships/)
    .waitFor();
  await expect(banner(al).textContent()).resolves.toBe('Waiting for the Japanese player');
  await sendTo(jp, 'ijn-yamato', 'japanese', 'SP', 'day');
  await joinGroup(jp, 'ijn-shokaku', 'ijn-yamato');
  await sendTo(jp, 'ijn-kako', 'japanese', 'CS', 'night');
  await closeDeployment(jp);

  await al.getByTestId('prompt-text').getByText('name three numbers for the Magic roll').waitFor();
  await expect(banner(jp).textContent()).resolves.toBe('Waiting for the Allied player');
  const roll = al.getByRole('button', { name: 'Roll for Magic' });
  await al.getByRole('button', { name: 'Number 2' }).click();
  await al.getByRole('button', { name: 'Number 4' }).click();
  expect(await roll.isDisabled()).toBe(true);
  await al.getByRole('button', { name: 'Number 6' }).click();
  expect(await al.getByRole('button', { name: 'Number 1' }).isDisabled()).toBe(true); // three are named
  await screenshot(al, '09-allied-magic');
  await roll.click();
  const rollLine = al
    .getByTestId('log')
    .getByTestId('roll')
    .filter({ hasText: /^Magic/ })
    .first();
  await rollLine.waitFor();
  const rollText = (await rollLine.textContent())!;
  expect(rollText).toMatch(/Magic: rolled [1-6] \(named 2, 4, 6\) — (success|failure)/);
  const success = rollText.includes('success');
  await al.locator(`g.track g.turn[data-turn="AugII"] text.magic.${success ? 'yes' : 'no'}`).waitFor();
  await sp
    .getByTestId('log')
    .getByTestId('roll')
    .filter({ hasText: /^Magic/ })
    .first()
    .waitFor();
  if (success) {
    await al.locator('g.sheet.japanese g.group g.counter.face-down').nth(2).waitFor();
    expect(await al.getByTestId('fog-japanese').count()).toBe(0);
  } else {
    await al.getByTestId('fog-japanese').waitFor();
  }
  await al
    .getByTestId('prompt-text')
    .getByText(success ? 'Magic has lifted the screen' : 'screen still up')
    .waitFor();
  await screenshot(al, '10-allied-after-magic');

  await sendTo(al, 'usn-enterprise', 'allied', 'CS', 'daynight');
  await closeDeployment(al);
  await playThrough(
    [jp, al],
    al
      .getByTestId('log')
      .getByText(/SepI begins/)
      .first(),
  );
  await sp
    .getByTestId('log')
    .getByText(/SepI begins/)
    .first()
    .waitFor();
  await screenshot(jp, '11-japanese-sepi');
  // Zoom: the board grows inside its scrolling frame.
  const before = (await jp.getByTestId('board').boundingBox())!.width;
  await jp.getByRole('button', { name: 'Zoom in' }).click();
  await jp.getByRole('button', { name: 'Zoom in' }).click();
  expect((await jp.getByTestId('board').boundingBox())!.width).toBeGreaterThan(before * 1.9);
  await jp.locator('.board-scroll').screenshot({ path: `${SCREENSHOTS}/13-japanese-zoomed.png` });
  await jp.locator('g.base[data-base="truk"] g.counter').first().scrollIntoViewIfNeeded();
  await jp.locator('.board-scroll').screenshot({ path: `${SCREENSHOTS}/14-counters-close-up.png` });
  await screenshot(sp, '12-spectator-sepi');

  // ── Nothing of the Japanese ships reached the Allied page. ──
  const referee = await e2e.server.service.state(matchId, 'referee');
  type Face = { id: string; name: string; place: { at: string } };
  const rview = referee.view as { sides: { japanese: { units?: Face[]; ships?: Face[] } } };
  const deployedThisRun = ['ijn-furutaka', 'ijn-chokai', 'ijn-aoba', 'ijn-yamato', 'ijn-shokaku', 'ijn-kako'];
  const inPlay = (rview.sides.japanese.units ?? rview.sides.japanese.ships ?? []).filter((s) => s.id.startsWith('ijn-') && s.place.at !== 'pool');
  expect(inPlay.length).toBeGreaterThan(40);
  for (const id of deployedThisRun) expect(secrets.ids).toContain(id);
  await traffic.settle();
  expect(traffic.texts.length).toBeGreaterThan(5);
  expect(traffic.texts.some((t) => t.includes('"you":"allied"'))).toBe(true);
  // Ships the rules turned face up for the Allies in a battle (VI.F) are theirs to know; every other one stays secret.
  const game = (await e2e.server.service.load(matchId)).tl.state.game as { known: Record<string, string[]> };
  const learned = new Set(
    Object.entries(game.known)
      .filter(([, who]) => who.includes('allied') || who.includes('public'))
      .map(([id]) => id),
  );
  const sheet = (await api(e2e.url, 'GET', '/api/games/ssj')).body as { data: { ships: { id: string; name: string }[] } };
  const learnedNames = new Set(sheet.data.ships.filter((sh) => learned.has(sh.id)).map((sh) => sh.name));
  const kept = { ids: secrets.ids.filter((id) => !learned.has(id)), names: secrets.names.filter((n) => !learnedNames.has(n)) };
  expect(kept.ids).toContain('ijn-chokai');
  expect(findLeaks(traffic.texts, kept)).toEqual([]);
  expect(findLeaks([await al.content()], kept)).toEqual([]);
  // The check itself finds them where they are: on the Japanese page.
  expect(findLeaks([await jp.content()], secrets)).toEqual(expect.arrayContaining(['ijn-chokai', 'CHOKAI']));
  expect(pageErrors).toEqual([]);
});
