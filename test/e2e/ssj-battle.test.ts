/**
 * The Battle Board of Sky, Sea, and JUNGLE (VI.F.2) and an air strike (VI.F.1.d) played in
 * real browsers. From the start of a match, the Japanese and Allied pages play by clicks:
 * both send four surface ships into the Slot's Night Only box, pass the phases before night,
 * and meet on the Battle Board; each places a ship across the size perception line and aims
 * its torpedoes and gunfire by clicking counters on the board, round after round, until the
 * battle ends. All along, each page must show its own ships face up and the enemy's pieces
 * face down unless damage has turned them up, and a spectator (on a phone) must see no
 * ship's identity but the damaged ones'; on the phone every counter is at least 32 px tall.
 * The same match plays on through the rest of AugI (bombardment, ground combat, supply, return
 * to base, the end of turn) by clicks until AugII begins, where each page must show the turn,
 * the score, its own ships face up and none of the enemy's but those the battle turned up.
 * The same turn is played again with both players on phones (390×844, touch) by taps, the
 * page never scrolling sideways at a decision.
 * Then, in another match, an Allied B-17 strikes a Japanese cruiser in the afternoon and is
 * aimed by a click on the cruiser, turned face up for the Allies only.
 */
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { createMatch, matchPath } from '../support/e2e-matches';
import { e2eSession, keepScreenshot, PHONE, screenshot, closeDeployment } from '../support/e2e';

jest.setTimeout(300_000);

/* The browser's names the page functions below use (the functions run in the page). */
declare const document: {
  documentElement: { scrollWidth: number };
  querySelectorAll(selector: string): { length: number };
  querySelector(selector: string): { textContent: string | null } | null;
};
declare const window: { innerWidth: number };

// A fixed seed: the engine's own dice, the same battle on every run.
const e2e = e2eSession({ newSeed: () => 'ssj-battle-board', lastScreenshots: 'battle-last' });
const pageErrors = e2e.pageErrors;
/** Pages on a touch screen: they tap, and must never scroll sideways at a decision. */
const touchPages = new WeakSet<Page>();
/** The decisions at which a touch page was wider than its screen. */
const sideways: string[] = [];
/** How many decisions were taken on a touch page (each checked for sideways scrolling). */
let taps = 0;

async function newPage(opts: BrowserContextOptions): Promise<Page> {
  const page = await e2e.newPage(opts);
  if (opts.hasTouch) touchPages.add(page);
  return page;
}

/** How much wider than the screen the page is (0: it does not scroll sideways). */
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A click, or on a touch page a tap (the page checked first for sideways scrolling). */
async function press(p: Page, target: Locator): Promise<void> {
  if (!touchPages.has(p)) return target.click();
  const o = await overflow(p);
  if (o > 1) sideways.push(`${o}px before tapping ${target.toString()}`);
  taps++;
  await target.tap();
}

type Side = 'japanese' | 'allied';
const JAPANESE = ['ijn-chokai', 'ijn-aoba', 'ijn-tenryu', 'ijn-desdiv-29'];
const ALLIED = ['usn-vincennes', 'usn-quincy', 'usn-astoria', 'usn-desron-4'];
const JAPANESE_NAMES = { 'ijn-chokai': 'CHOKAI', 'ijn-aoba': 'AOBA', 'ijn-tenryu': 'TENRYU', 'ijn-desdiv-29': 'DesDiv 29' };
const ALLIED_NAMES = { 'usn-vincennes': 'VINCENNES', 'usn-quincy': 'QUINCY', 'usn-astoria': 'ASTORIA', 'usn-desron-4': 'DesRon 4' };
const log = (p: Page) => p.getByTestId('log');

const panel = (p: Page) => p.locator('section.decision');
const bb = (p: Page) => p.getByTestId('battle-board');
/** The Battle Board's tray of ships off the board (sunk, or set aside). */
const tray = (p: Page) => bb(p).locator('ul.bb-gone');
/** Adds `ship` to (or takes it out of) the latest battle's record of `side`'s ships the tab has seen on the board. */
const editKept = (p: Page, side: Side, ship: string, add: boolean) =>
  p.evaluate(
    ([side, ship, add]) => {
      const s = (
        globalThis as unknown as { sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null; setItem(k: string, v: string): void } }
      ).sessionStorage;
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i)!;
        if (!k.startsWith('ib.ssj.battle-seen.')) continue;
        const kept = JSON.parse(s.getItem(k)!) as [string, Record<string, string[]>][];
        const ids = kept[0]![1];
        ids[side] = add ? [...(ids[side] ?? []), ship] : (ids[side] ?? []).filter((x) => x !== ship);
        s.setItem(k, JSON.stringify(kept));
      }
    },
    [side, ship, add] as const,
  );
/** The own ships the tab's Battle Board keeps as seen on the board (sessionStorage), by side. */
const keptOnBoard = (p: Page) =>
  p.evaluate(() => {
    const s = (globalThis as unknown as { sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null } }).sessionStorage;
    const out: Record<string, string[]> = {};
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i)!;
      // The battles kept, the latest first.
      if (k.startsWith('ib.ssj.battle-seen.')) Object.assign(out, (JSON.parse(s.getItem(k)!) as [string, Record<string, string[]>][])[0]?.[1] ?? {});
    }
    return out;
  });
const counter = (p: Page, ship: string) => p.locator(`[data-testid="board"] g.counter[data-ship="${ship}"]`);
const groupOf = (p: Page, ship: string) => p.locator(`g.group:has(g.counter[data-ship="${ship}"])`);
const cell = (p: Page, side: Side, row?: string) => bb(p).locator(`ul.bb-cell[data-side="${side}"]${row ? `[data-row="${row}"]` : ''}`);

/** What the page shows of the match now: its log's length, its prompt and its Battle Board, as one string. */
const shown = (p: Page) =>
  p.evaluate(() =>
    ['[data-testid="log"] li', '[data-testid="prompt-text"]', '[data-testid="battle-board"]']
      .map((sel) => (sel.endsWith(' li') ? String(document.querySelectorAll(sel).length) : (document.querySelector(sel)?.textContent ?? '')))
      .join('|'),
  );

/** Clicks `target` and waits until the page shows something new (the action was taken and its state came back). */
async function act(p: Page, target: Locator): Promise<void> {
  const before = await shown(p);
  await press(p, target);
  await p.waitForFunction(
    (b) =>
      ['[data-testid="log"] li', '[data-testid="prompt-text"]', '[data-testid="battle-board"]']
        .map((sel) => (sel.endsWith(' li') ? String(document.querySelectorAll(sel).length) : (document.querySelector(sel)?.textContent ?? '')))
        .join('|') !== b,
    before,
    { timeout: 15_000 },
  );
}

async function fleet(p: Page, side: Side, ships: string[]): Promise<void> {
  await press(p, counter(p, ships[0]!));
  await press(p, p.locator(`g.seabox[data-side="${side}"][data-area="SL"][data-box="night"] g.new-group`));
  await groupOf(p, ships[0]!).waitFor();
  for (const ship of ships.slice(1)) {
    await press(p, counter(p, ship));
    await press(p, groupOf(p, ships[0]!).locator('g.join[role="button"]'));
    await p.locator(`g.group:has(g.counter[data-ship="${ship}"]):has(g.counter[data-ship="${ships[0]}"])`).waitFor();
  }
}

/** AugI up to the night: no early activation, the Allied reinforcements closed, and both sides' four ships sent into the Slot at night. */
async function deployBothFleets(jp: Page, al: Page): Promise<void> {
  await passUntil([jp, al], jp.getByTestId('rabaul-sorties'));
  await fleet(jp, 'japanese', JAPANESE);
  await closeDeployment(jp);
  await panel(al).getByRole('button', { name: 'Done — close my deployment' }).waitFor();
  await fleet(al, 'allied', ALLIED);
  await closeDeployment(al);
}

/** Says no and "Done" on whichever page is asked, until `until` shows: the phases this test passes through. */
async function passUntil(pages: Page[], until: Locator, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await until.isVisible()) return;
    for (const p of pages) {
      // Never a battle's decision: those are this test's to make.
      if ((await until.isVisible()) || (await bb(p).isVisible())) continue;
      const b = panel(p)
        .getByRole('button', { name: /^(Do not roll for early activation|Done|Confirm — close my deployment)/ })
        .and(p.locator(':enabled'));
      if ((await b.count()) > 0) await act(p, b.first()).catch(() => undefined);
    }
    await pages[0]!.waitForTimeout(100);
  }
  throw new Error(`the pages never reached ${until.toString()}`);
}

/** The heights (CSS px) of the elements `selector` finds. */
const heights = (p: Page, selector: string) =>
  p.locator(selector).evaluateAll((els) => els.map((e) => (e as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height));

/** The enemy ships (ids) each page has seen turned face up on the Battle Board; the spectator's, of either side. */
type TurnedUp = Record<Side | 'spectator', Set<string>>;

interface Seen {
  faceUp: string[];
  faceDown: string[];
  /** Accessible names of the face-up counters that show damage. */
  damaged: string[];
}

/** The counters in one side's cells of a page's Battle Board: by ship id (face up) or tag (face down), with their names. */
async function seen(p: Page, side: Side): Promise<Seen> {
  const cells = cell(p, side);
  const up = cells.locator('g.counter.face-up');
  const down = cells.locator('g.counter.face-down');
  const out: Seen = { faceUp: [], faceDown: [], damaged: [] };
  for (let i = 0; i < (await up.count()); i++) {
    const c = up.nth(i);
    out.faceUp.push((await c.getAttribute('data-ship'))!);
    const name = (await c.getAttribute('aria-label'))!;
    if (/\((heavily )?damaged\) H?D/.test(name)) out.damaged.push(name);
  }
  // Your own ships sunk in this battle, off the board.
  for (const name of await bb(p)
    .locator(`.bb-gone .bb-piece.sunk g.counter.${side}`)
    .evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(n: string): string }).getAttribute('aria-label')))) {
    out.damaged.push(`${name} (sunk)`);
  }
  for (let i = 0; i < (await down.count()); i++) {
    const c = down.nth(i);
    // A face-down piece names its side and tag, nothing more.
    expect(await c.getAttribute('data-ship')).toBeNull();
    expect(await c.getAttribute('aria-label')).toMatch(/^(Allied|Japanese) face-down piece [\w-]+(: .*)?$/);
    out.faceDown.push((await c.getAttribute('data-tag'))!);
  }
  return out;
}

/**
 * What each page shows of both sides: its own face up, the enemy face down but for the ships
 * damage has turned up; the spectator the same of both. Returns where damage showed
 * ("japanese page: allied ship"…).
 */
async function checkFaces(jp: Page, al: Page, sp: Page | null, turnedUp?: TurnedUp): Promise<Set<string>> {
  const where = new Set<string>();
  for (const [p, me, ids] of [
    [jp, 'japanese', JAPANESE],
    [al, 'allied', ALLIED],
  ] as const) {
    const enemy: Side = me === 'japanese' ? 'allied' : 'japanese';
    const own = await seen(p, me);
    expect(own.faceDown).toEqual([]);
    for (const id of own.faceUp) expect(ids).toContain(id);
    const them = await seen(p, enemy);
    for (const id of them.faceUp) turnedUp?.[me].add(id);
    // An enemy ship is face up only once damage has turned it up (VI.F.2.b note).
    expect(them.damaged.length).toBe(them.faceUp.length);
    if (own.damaged.length) where.add(`${me} page: ${me} ship`);
    if (them.damaged.length) where.add(`${me} page: ${enemy} ship`);
  }
  for (const side of sp ? (['japanese', 'allied'] as const) : []) {
    const s = await seen(sp!, side);
    for (const id of s.faceUp) turnedUp?.spectator.add(id);
    expect(s.damaged.length).toBe(s.faceUp.length);
    if (s.damaged.length) where.add(`spectator page: ${side} ship`);
  }
  return where;
}

/** A ship placed across the size perception line by a click (tap) on its counter on the Battle Board, then "Done". */
async function crossTheLine(p: Page, side: Side, ship: string): Promise<void> {
  const name = { ...JAPANESE_NAMES, ...ALLIED_NAMES }[ship]!;
  await act(p, bb(p).getByRole('button', { name: new RegExp(`${name}.*: Place ${name} below the size perception line`) }));
  await cell(p, side, 'below').locator(`g.counter[data-ship="${ship}"]`).waitFor();
  await act(p, panel(p).getByRole('button', { name: /^Done/ }));
}

/**
 * Plays a night battle from its first shot to its end: whoever decides clicks (taps) on the
 * board — torpedoes, wild torpedoes, gunfire — or a button (surprise, fight on). The Japanese
 * break off after two rounds with damage on the board. Each round, checkFaces(). Keeps a
 * screenshot (`keep`) of gunfire being aimed once damage shows.
 */
async function fight(
  jp: Page,
  al: Page,
  sp: Page | null,
  keep: string,
  turnedUp: TurnedUp,
): Promise<{ clicksOnBoard: number; damageSeen: Set<string>; shot: boolean; trayReloaded: boolean }> {
  let clicksOnBoard = 0;
  let trayReloaded = false;
  const damageSeen = new Set<string>();
  /** The rounds the Japanese have fought on with damage on the board: after two, they break off. */
  let damagedRounds = 0;
  let shot = false;
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (!(await bb(jp).isVisible()) && !(await bb(al).isVisible())) break;
    for (const w of await checkFaces(jp, al, sp, turnedUp)) damageSeen.add(w);
    // The first time a page's tray of ships off the board shows, the page is reloaded: the tray must come back as it was.
    if (!trayReloaded && sp) {
      for (const p of [jp, al]) {
        if (trayReloaded || !(await tray(p).locator('li').count())) continue;
        const before = await tray(p).innerText();
        await p.reload();
        await tray(p).locator('li').first().waitFor();
        expect(await tray(p).innerText()).toBe(before);
        trayReloaded = true;
      }
    }
    let acted = false;
    for (const [p, me] of [
      [jp, 'japanese'],
      [al, 'allied'],
    ] as const) {
      const enemy: Side = me === 'japanese' ? 'allied' : 'japanese';
      if (!(await p.getByTestId('prompt-text').isVisible()) || !(await bb(p).isVisible())) continue;
      const step = await bb(p).getAttribute('data-step');
      if (step === 'surprise') {
        const torpedoes = panel(p).getByRole('button', { name: /^Open with torpedoes/ });
        await act(p, (await torpedoes.count()) ? torpedoes : panel(p).getByRole('button', { name: /^Open with gunfire/ }));
      } else if (step === 'torpedo' || step === 'wild' || step === 'fire') {
        const aim = cell(p, enemy).locator('g.counter[role="button"]');
        await aim.first().waitFor();
        // Only the enemy's pieces are to be clicked; your own are not buttons now.
        expect(await cell(p, me).locator('g.counter[role="button"]').count()).toBe(0);
        if (step === 'fire')
          await bb(p)
            .locator('.bb-hint', { hasText: /fires: (click|tap) the highlighted enemy piece/ })
            .waitFor();
        // The kept screenshot: gunfire being aimed, once damage shows on the board.
        if (!shot && step === 'fire' && damageSeen.size > 0) {
          if (touchPages.has(p)) await bb(p).scrollIntoViewIfNeeded();
          await keepScreenshot(p, keep);
          await screenshot(p, `battle-fire-${keep}`);
          shot = true;
        }
        await act(p, aim.first());
        clicksOnBoard++;
      } else if (step === 'after-torpedo' || step === 'continue') {
        // Fight on until damage has shown on the board for two rounds, then the Japanese break off.
        const withdraw = panel(p).getByRole('button', { name: /^Withdraw from the battle/ });
        if (step === 'continue' && me === 'japanese' && damageSeen.size > 0) damagedRounds++;
        await act(p, damagedRounds >= 2 && me === 'japanese' ? withdraw.first() : panel(p).getByRole('button', { name: /^Fight on/ }));
      } else continue;
      acted = true;
      break;
    }
    if (!acted) await jp.waitForTimeout(150);
  }
  return { clicksOnBoard, damageSeen, shot, trayReloaded };
}

/**
 * Makes the decision in front of a page after the battle, as a player would: "Done" where it
 * is offered; else a ship of his at sea sent home by clicking it, then the base the board
 * highlights for it; else the prompt's first choice. Returns what it did, or null.
 */
async function decide(p: Page): Promise<string | null> {
  // A decision is up: its text, or on a phone the ground-combat odds table that stands in for the text (issue 42).
  const asked = (await p.getByTestId('prompt-text').isVisible()) || (await p.getByTestId('ground-odds').isVisible());
  if (!asked || (await bb(p).isVisible())) return null;
  const done = panel(p)
    .getByRole('button', { name: /^(Do not roll for early activation|Done|Confirm — close my deployment)/ })
    .and(p.locator(':enabled'));
  if (await done.count()) {
    const name = await done.first().innerText();
    await act(p, done.first());
    return name;
  }
  const atSea = p.locator('[data-testid="board"] g.group g.counter.selectable[aria-pressed="false"]');
  if (await atSea.count()) {
    const ship = (await atSea.first().getAttribute('data-ship'))!;
    await press(p, atSea.first());
    await panel(p).locator('section.selected').waitFor();
    // The bases it may go home to are targets on the board ("Move here"): the first of them; a
    // place the board does not draw is only in the selected piece's list of choices.
    const home = p.locator('[data-testid="board"] g.base.target text.target-label');
    const listed = panel(p).locator('section.selected ul.choices button:enabled');
    await home.or(listed).first().waitFor();
    if ((await home.count()) === 0) {
      const name = await listed.first().innerText();
      await act(p, listed.first());
      return name;
    }
    const base = (await home.first().locator('xpath=ancestor::*[@data-base][1]').getAttribute('data-base'))!;
    await act(p, home.first());
    await p.locator(`[data-testid="board"] g.base[data-base="${base}"] g.counter[data-ship="${ship}"]`).waitFor();
    return `${ship} home to ${base}`;
  }
  const choice = panel(p).locator('ul.choices button:enabled:visible');
  if (await choice.count()) {
    const name = await choice.first().innerText();
    await act(p, choice.first());
    return name;
  }
  return null;
}

/** Plays the pages' decisions by decide() until AugII begins; returns what was done. */
async function playToAugII(pages: Page[], ms = 90_000): Promise<string[]> {
  const did: string[] = [];
  const augII = pages[0]!.locator('g.track g.turn.current[data-turn="AugII"]');
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await augII.isVisible()) return did;
    let acted = false;
    for (const p of pages) {
      if (await augII.isVisible()) return did;
      // The page may move on under the click (its state is live): try again next round.
      const d = await decide(p).catch(() => null);
      if (d) {
        did.push(d);
        acted = true;
      }
    }
    if (!acted) await pages[0]!.waitForTimeout(150);
  }
  throw new Error(`the pages never reached AugII; they did ${JSON.stringify(did)}`);
}

/**
 * What a page shows once AugII has begun: the turn and phase line, the score (the same on
 * every page), its own pieces face up, and of the enemy's none but those the battle turned
 * up for it. Returns the score line.
 */
async function checkTurnEnd(p: Page, me: Side | 'spectator', turnedUp: TurnedUp): Promise<string> {
  const track = p.locator('[data-testid="board"] g.track');
  await track.locator('g.turn.current[data-turn="AugII"]').waitFor();
  await expect(track.locator('text.phase').textContent()).resolves.toMatch(/^AugII — \S/);
  expect(await track.locator('g.turn.past[data-turn="AugI"]').count()).toBe(1);
  const label = (await track.getAttribute('aria-label'))!;
  const score = /Victory points: Allied (\d+), Japanese (\d+)\.$/.exec(label);
  expect(score).not.toBeNull();
  await expect(track.locator('g.vp').textContent()).resolves.toBe(`${score![1]} VP${score![2]} VP`);
  const faceUp = (side: Side) =>
    p.locator(`g.counter.${side}.face-up[data-ship]`).evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(n: string): string }).getAttribute('data-ship')));
  for (const side of ['japanese', 'allied'] as const) {
    if (side === me) {
      // Your own pieces: all face up, your ships among them.
      expect(await p.locator(`g.counter.${side}.face-down`).count()).toBe(0);
      expect((await faceUp(side)).length).toBeGreaterThan(15);
      // The ships of the battle: face up at home, unless the log says they went down.
      const up = await faceUp(side);
      for (const [id, name] of Object.entries(side === 'japanese' ? JAPANESE_NAMES : ALLIED_NAMES)) {
        if (up.includes(id)) continue;
        await log(p)
          .locator('li', { hasText: new RegExp(`(Scuttled|[Ss]unk)\\b.*\\b${name}\\b|\\b${name}\\b.*\\b([Ss]unk|scuttled)\\b`) })
          .first()
          .waitFor({ timeout: 1000 });
      }
    } else {
      // A new turn: the Fog Of War screen is up again over the enemy's map.
      await p.getByTestId(`fog-${side}`).waitFor();
      // The enemy's pieces: only those the battle turned face up (no identity in any other counter).
      const seenUp = turnedUp[me];
      expect((await faceUp(side)).filter((id) => !seenUp.has(id))).toEqual([]);
      expect(await p.locator(`g.counter.${side}.face-down[data-ship]`).count()).toBe(0);
    }
  }
  return label.slice(label.indexOf('Victory points'));
}

/** The Japanese and Allied seats on desktop pages and the spectator on a phone, each on its page of match `m`. */
async function threePages(m: Parameters<typeof matchPath>[0]): Promise<{ jp: Page; al: Page; sp: Page }> {
  const big = { viewport: { width: 1280, height: 900 } };
  const jp = await newPage(big);
  const al = await newPage(big);
  const sp = await newPage(PHONE);
  await jp.goto(e2e.url + matchPath(m, 'japanese'));
  await al.goto(e2e.url + matchPath(m, 'allied'));
  await sp.goto(e2e.url + matchPath(m, 'spectator'));
  return { jp, al, sp };
}

test('a whole AugI by clicks, with a night battle on the Battle Board: own ships face up, the enemy face down until damaged, the spectator told nothing more; at AugII each page shows the turn, the same score and no enemy identity', async () => {
  const m = await createMatch(e2e.url, 'ssj');
  const { jp, al, sp } = await threePages(m);
  await sp.getByTestId('board').waitFor();

  // ── AugI: no early activation, the Allied reinforcements closed; both sides send four ships into the Slot at night. ──
  await deployBothFleets(jp, al);

  // ── Submarines, air, withdrawal pass with "Done"; night falls and the task forces meet. ──
  await passUntil([jp, al], bb(jp).and(jp.locator('[data-step="place"]')));
  await bb(al).waitFor();
  await bb(sp).waitFor();
  await expect(bb(jp).getByRole('heading', { level: 3 }).textContent()).resolves.toBe('Battle Board — night battle in The Slot');
  // The Japanese place first: their own four ships face up, with their default rows; the Allied task force not yet on the board.
  await cell(jp, 'japanese', 'above').locator('g.counter[data-ship="ijn-chokai"]').waitFor();
  expect((await seen(jp, 'japanese')).faceUp.sort()).toEqual([...JAPANESE].sort());
  expect(await cell(jp, 'japanese', 'below').locator('g.counter[data-ship="ijn-desdiv-29"]').count()).toBe(1);
  expect(await cell(jp, 'allied').count()).toBe(0);
  await bb(jp).getByText('Placing its 4 pieces face down…').waitFor();
  // Nothing of either task force is on the spectator's board while they place.
  expect(await bb(sp).locator('g.counter').count()).toBe(0);

  // The board with its counters as buttons passes axe.
  expect(await seriousViolations(jp)).toEqual([]);
  // A cruiser crosses the line by a click on its counter (destroyers may not: they are not buttons).
  expect(await cell(jp, 'japanese').locator('g.counter[data-ship="ijn-desdiv-29"][role="button"]').count()).toBe(0);
  await crossTheLine(jp, 'japanese', 'ijn-chokai');

  // The Allies place: their own ships, face up; the Japanese pieces still hidden from them.
  await cell(al, 'allied', 'above').locator('g.counter[data-ship="usn-astoria"][role="button"]').waitFor();
  expect(await cell(al, 'japanese').count()).toBe(0);
  await crossTheLine(al, 'allied', 'usn-astoria');

  // ── Both placed: the board shows both task forces to everyone, the enemy face down. ──
  for (const p of [jp, al, sp]) await cell(p, 'japanese', 'below').locator('g.counter').nth(1).waitFor();
  for (const p of [jp, al, sp]) await cell(p, 'allied', 'below').locator('g.counter').nth(1).waitFor();
  const jpSees = await seen(jp, 'allied');
  expect(jpSees.faceDown).toHaveLength(4);
  expect(jpSees.faceUp).toEqual([]);
  const alSees = await seen(al, 'japanese');
  expect(alSees.faceDown).toHaveLength(4);
  expect((await seen(al, 'allied')).faceUp.sort()).toEqual([...ALLIED].sort());
  // The spectator sees the same pieces, all face down, in the same rows.
  expect((await seen(sp, 'japanese')).faceDown.sort()).toEqual(alSees.faceDown.sort());
  expect((await seen(sp, 'allied')).faceDown.sort()).toEqual(jpSees.faceDown.sort());
  expect((await seen(sp, 'japanese')).faceUp).toEqual([]);
  await bb(jp)
    .getByTestId('battle-status')
    .getByText(/^(No surprise|Surprise: (Japanese|Allied))$/)
    .waitFor();
  expect([...(await checkFaces(jp, al, sp))]).toEqual([]);

  // The ships the Japanese page has seen on the board are kept for the tab: a reload keeps them (and so its tray of ships that leave).
  expect((await keptOnBoard(jp)).japanese?.sort()).toEqual([...JAPANESE].sort());
  await jp.reload();
  await cell(jp, 'allied', 'below').locator('g.counter').nth(1).waitFor();
  expect((await keptOnBoard(jp)).japanese?.sort()).toEqual([...JAPANESE].sort());
  // The tray is drawn from that record after a reload: a ship it names that is no longer on the board (KAKO, written
  // into it here, as a ship set aside would be) is in the tray, as having left the battle; taken out again, gone.
  await editKept(jp, 'japanese', 'ijn-kako', true);
  await jp.reload();
  await tray(jp).locator('li', { hasText: 'left the battle' }).locator('g.counter[data-ship="ijn-kako"]').waitFor();
  await editKept(jp, 'japanese', 'ijn-kako', false);
  await jp.reload();
  await cell(jp, 'allied', 'below').locator('g.counter').nth(1).waitFor();
  expect(await tray(jp).count()).toBe(0);

  await bb(jp).scrollIntoViewIfNeeded();
  expect(await seriousViolations(jp)).toEqual([]);

  // The spectator's page (a phone, a log that scrolls with no button in it) passes axe too.
  expect(await seriousViolations(sp)).toEqual([]);
  // On the spectator's phone: the Battle Board and the map fit the screen's width, every counter at least 32 px tall.
  expect(await sp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  const onBoard = await heights(sp, '[data-testid="battle-board"] g.counter rect.frame');
  expect(onBoard).toHaveLength(8);
  expect(Math.min(...onBoard)).toBeGreaterThanOrEqual(32);
  const onMap = await heights(sp, '[data-testid="board"] g.counter rect.frame');
  expect(onMap.length).toBeGreaterThan(30);
  expect(Math.min(...onMap)).toBeGreaterThanOrEqual(32);
  await screenshot(sp, 'battle-spectator-phone');

  // ── The battle: whoever decides clicks on the board (torpedoes, wild torpedoes, gunfire) or a button (surprise, fight on). ──
  const turnedUp: TurnedUp = { japanese: new Set(), allied: new Set(), spectator: new Set() };
  // (Where a ship leaves the board on a player's page, fight() reloads the page and finds its tray the same.)
  const { clicksOnBoard, damageSeen, shot } = await fight(jp, al, sp, 'ssj-battle-board', turnedUp);
  await jp.getByTestId('log').getByText('Night battle in The Slot is over.').first().waitFor();
  await bb(jp).waitFor({ state: 'detached' });
  await bb(sp).waitFor({ state: 'detached' });
  expect(clicksOnBoard).toBeGreaterThan(0);
  // Damage showed on the board: to the damaged ship's owner, to its enemy (turned face up) and to the spectator alike.
  const damagedSide = (['japanese', 'allied'] as const).find((side) => damageSeen.has(`${side} page: ${side} ship`));
  expect(damagedSide).toBeDefined();
  const enemyOf = damagedSide === 'japanese' ? 'allied' : 'japanese';
  expect([...damageSeen]).toEqual(expect.arrayContaining([`${enemyOf} page: ${damagedSide} ship`, `spectator page: ${damagedSide} ship`]));
  expect(shot).toBe(true);
  // Each page saw the enemy ships that damage turned up; the spectator too, of the damaged side.
  expect(turnedUp[enemyOf].size).toBeGreaterThan(0);
  expect(turnedUp.spectator.size).toBeGreaterThan(0);

  // ── The rest of AugI by clicks: bombardment, ground combat, supply, ships home to base, the end of the turn. ──
  const did = await playToAugII([jp, al]);
  // Every ship still at sea was sent home by a click on it and on its base.
  expect(did.filter((d) => / home to /.test(d)).length).toBeGreaterThan(0);
  for (const [p, ships] of [
    [jp, JAPANESE],
    [al, ALLIED],
  ] as const)
    for (const ship of ships) expect(await p.locator(`g.group g.counter[data-ship="${ship}"]`).count()).toBe(0);
  await jp
    .getByTestId('log')
    .getByText(/AugII begins/)
    .first()
    .waitFor();
  const scores = [await checkTurnEnd(jp, 'japanese', turnedUp), await checkTurnEnd(al, 'allied', turnedUp), await checkTurnEnd(sp, 'spectator', turnedUp)];
  expect(new Set(scores).size).toBe(1);
  // The kept screenshot: the Allied page at the start of AugII, the turn track in sight.
  await al.locator('[data-testid="board"] g.track').scrollIntoViewIfNeeded();
  await keepScreenshot(al, 'ssj-turn-end');
  expect(await seriousViolations(al)).toEqual([]);
  await screenshot(al, 'turn-end-allied');
  await screenshot(jp, 'turn-end-japanese');
  expect(pageErrors).toEqual([]);
});

test('the same turn on two phones, by taps: no sideways scrolling at any decision, the night battle on the Battle Board, AugII reached', async () => {
  const m = await createMatch(e2e.url, 'ssj');
  const jp = await newPage(PHONE);
  const al = await newPage(PHONE);
  await jp.goto(e2e.url + matchPath(m, 'japanese'));
  await al.goto(e2e.url + matchPath(m, 'allied'));
  await al.getByTestId('board').waitFor();
  const tapsBefore = taps;

  // ── AugI: the same deployment as on the big screens, every piece and box tapped. ──
  await deployBothFleets(jp, al);

  // ── Night: each places a cruiser below the line by tapping it on the Battle Board. ──
  await passUntil([jp, al], bb(jp).and(jp.locator('[data-step="place"]')));
  await crossTheLine(jp, 'japanese', 'ijn-chokai');
  await cell(al, 'allied', 'above').locator('g.counter[data-ship="usn-astoria"][role="button"]').waitFor();
  await crossTheLine(al, 'allied', 'usn-astoria');
  for (const p of [jp, al]) await cell(p, 'japanese', 'below').locator('g.counter').nth(1).waitFor();
  // On the phone's Battle Board every counter is at least 32 px tall, and the page as wide as the screen.
  const onBoard = await heights(al, '[data-testid="battle-board"] g.counter rect.frame');
  expect(onBoard).toHaveLength(8);
  expect(Math.min(...onBoard)).toBeGreaterThanOrEqual(32);
  expect(await overflow(al)).toBeLessThanOrEqual(1);
  expect(await seriousViolations(al)).toEqual([]);

  // ── The battle by taps on the enemy's pieces, the same faces rules as on the big screens. ──
  const turnedUp: TurnedUp = { japanese: new Set(), allied: new Set(), spectator: new Set() };
  const battle = await fight(jp, al, null, 'phone-ssj-battle', turnedUp);
  await log(jp).getByText('Night battle in The Slot is over.').first().waitFor();
  expect(battle.clicksOnBoard).toBeGreaterThan(0);
  expect(battle.damageSeen.size).toBeGreaterThan(0);
  expect(battle.shot).toBe(true);

  // ── The rest of the turn by taps, on to AugII. ──
  const did = await playToAugII([jp, al]);
  expect(did.filter((d) => / home to /.test(d)).length).toBeGreaterThan(0);
  expect(await checkTurnEnd(jp, 'japanese', turnedUp)).toBe(await checkTurnEnd(al, 'allied', turnedUp));
  for (const p of [jp, al]) expect(await overflow(p)).toBeLessThanOrEqual(1);
  await screenshot(al, 'phone-turn-end-allied');
  expect(await seriousViolations(jp)).toEqual([]);
  // Every decision was a tap, and at none of them did the page scroll sideways.
  expect(taps - tapsBefore).toBeGreaterThan(30);
  expect(sideways).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('an air strike on the board: the attacker aims by clicking the struck ship turned up for him, the others see it face down', async () => {
  const m = await createMatch(e2e.url, 'ssj');
  const { jp, al, sp } = await threePages(m);

  // CHOKAI sails into the Slot's Day and Night box; the Allies keep their ships in port.
  await passUntil([jp, al], jp.getByTestId('rabaul-sorties'));
  await counter(jp, 'ijn-chokai').click();
  await jp.locator('g.seabox[data-side="japanese"][data-area="SL"][data-box="daynight"] g.new-group').click();
  await groupOf(jp, 'ijn-chokai').waitFor();
  await closeDeployment(jp);

  // On to the afternoon, when the Allied B-17s may strike ships not detected in the morning (VI.F.1.d).
  const afternoon = al.getByTestId('prompt-text').getByText(/afternoon land-based air/);
  await passUntil([al, jp], afternoon);
  await counter(al, 'usaaf-26th-bs').click();
  await act(
    al,
    panel(al)
      .locator('section.selected')
      .getByRole('button', { name: /strikes the Japanese task force in The Slot/ }),
  );
  const strike = al.getByTestId('air-strike');
  await strike
    .getByRole('list', { name: 'Your strikes' })
    .getByText(/→ the Japanese task force in The Slot/)
    .waitFor();
  await act(al, panel(al).getByRole('button', { name: /^Done/ }));

  // The strike is aimed: CHOKAI is turned face up for the Allies, and clicked on the strike's panel.
  await passUntil([jp, al], strike.and(al.locator('[data-step="aim"]')));
  const target = strike.locator('g.counter[data-ship="ijn-chokai"][role="button"]');
  await target.waitFor();
  expect(await target.getAttribute('aria-label')).toMatch(/^Japanese CA CHOKAI.*\(turned face up for you\): .*attacks CHOKAI/);
  await strike.getByText(/^Allied air units still to aim: 11th BG \(26th\/431st BS\)$/).waitFor();
  // The spectator sees the struck piece face down, and how many air units are still to aim, not which.
  const seenBySpectator = sp.getByTestId('air-strike');
  await seenBySpectator.locator('g.counter.face-down').waitFor();
  expect(await seenBySpectator.locator('g.counter[data-ship]').count()).toBe(0);
  await seenBySpectator.getByText('Allied air units still to aim: 1').waitFor();
  // The Japanese see their own ship, and the count.
  await jp.getByTestId('air-strike').locator('g.counter[data-ship="ijn-chokai"]').waitFor();
  await jp.getByTestId('air-strike').getByText('Allied air units still to aim: 1').waitFor();
  expect(await seriousViolations(al)).toEqual([]);
  await act(al, target);
  await al
    .getByTestId('log')
    .getByText(/B-17 attacked CHOKAI: rolled [1-6]/)
    .first()
    .waitFor();
  expect(pageErrors).toEqual([]);
});
