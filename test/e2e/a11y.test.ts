/**
 * The automated accessibility check (axe-core, run inside Chromium) on every kind of page:
 * the home page, the match page of each game as the seat holder with a decision open, the
 * spectator's page and the admin replay. None may show a violation of impact "serious" or
 * "critical"; a failure lists each one (rule, impact, the elements).
 */
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { createMatch, matchPath, play, seatToMove, ssjDeploying, type CreatedMatch } from '../support/e2e-matches';
import { ADMIN_TOKEN, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(90_000);

/* The browser's names the page functions below use (this project's TypeScript lib has no DOM; the functions run in the page). */
interface PageEl {
  matches(selector: string): boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageEl | null;
  outerHTML: string;
  blur?(): void;
}
declare const document: { activeElement: PageEl | null; body: PageEl };
declare function getComputedStyle(e: PageEl): { outlineStyle: string; outlineWidth: string; stroke: string };

const e2e = e2eSession();
const open = (path: string) => e2e.open(path);

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length) console.log(`axe on ${what}:\n${found.join('\n')}`);
  expect(found).toEqual([]);
}

/** The match page as the seat holder to move, once its board and its decision are drawn. */
async function matchPage(m: CreatedMatch): Promise<Page> {
  const page = await open(matchPath(m, await seatToMove(e2e.url, m)));
  await page.getByTestId('banner').getByText('Your move').waitFor();
  await page.getByTestId('board').first().waitFor();
  await page.locator('section.decision button:enabled:visible').first().waitFor();
  return page;
}

test('the home page has no serious or critical accessibility violation', async () => {
  const page = await open('/');
  await page.getByRole('heading', { name: 'Ironbottom' }).waitFor();
  await page.locator('form button[type="submit"]').first().waitFor();
  await keepScreenshot(page, 'home');
  await expectNoSeriousViolation(page, 'the home page');
  await page.close();
});

test('the SSJ match page, the Japanese deploying with his ships selectable, has no serious or critical accessibility violation', async () => {
  const page = await matchPage(await ssjDeploying(e2e.url));
  await page.locator('g.counter.selectable[role="button"]').first().waitFor();
  await keepScreenshot(page, 'match-ssj');
  await expectNoSeriousViolation(page, 'the SSJ match page');
  // A ship picked: its destinations are buttons on the board too.
  await page.locator('g.counter.selectable[role="button"]').first().click();
  await page.locator('g.new-group[role="button"]').first().waitFor();
  await expectNoSeriousViolation(page, 'the SSJ match page with a ship picked');
  await page.close();
});

test('the East Wind Rain match page, TFA moving with the hexes it may enter as buttons, has no serious or critical accessibility violation', async () => {
  const m = await createMatch(e2e.url, 'ewr', { scenario: 'coral-sea-1942' });
  await play(e2e.url, m.id, m.seats.japanese!.token, { type: 'begin-initiative' });
  const page = await matchPage(m);
  await page.locator('g.hex.target[role="button"]').first().waitFor();
  await keepScreenshot(page, 'match-ewr');
  await expectNoSeriousViolation(page, 'the East Wind Rain match page');
  await page.close();
});

test('the Empire of the Sun match page, with a decision open, has no serious or critical accessibility violation', async () => {
  const page = await matchPage(await createMatch(e2e.url, 'eots-subwar'));
  await keepScreenshot(page, 'match-eots-subwar');
  await expectNoSeriousViolation(page, 'the Empire of the Sun match page');
  await page.close();
});

test("the spectator's page has no serious or critical accessibility violation", async () => {
  const page = await open(matchPath(await ssjDeploying(e2e.url), 'spectator'));
  await page.getByTestId('seat').getByText('Spectator').waitFor();
  await page.getByTestId('board').first().waitFor();
  await keepScreenshot(page, 'spectator');
  await expectNoSeriousViolation(page, "the spectator's page");
  await page.close();
});

test('the admin replay has no serious or critical accessibility violation', async () => {
  const m = await ssjDeploying(e2e.url);
  const page = await open('/admin');
  await page.getByTestId('admin-token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('admin-matches').locator('tr', { hasText: m.id });
  await row.waitFor();
  await expectNoSeriousViolation(page, 'the admin list of matches');
  await row.getByRole('button', { name: 'Replay' }).click();
  await page
    .getByTestId('replay-pos')
    .getByText(/^action 0 of \d+/)
    .waitFor();
  await page.getByTestId('board').first().waitFor();
  await keepScreenshot(page, 'admin-replay');
  await expectNoSeriousViolation(page, 'the admin replay');
  await page.close();
});

test("the player's replay, open over the match page, has no serious or critical accessibility violation", async () => {
  const page = await matchPage(await ssjDeploying(e2e.url));
  await page.getByTestId('replay-open').click();
  const dialog = page.getByTestId('replay-dialog');
  await dialog
    .getByTestId('replay-step')
    .getByText(/step \d+ of \d+/)
    .waitFor();
  await dialog.getByTestId('board').waitFor();
  await keepScreenshot(page, 'replay');
  await expectNoSeriousViolation(page, "the player's replay");
  await page.close();
});

/** Marks the visible elements `selector` finds (data-kb="0", "1"…) and returns how many. */
const markVisible = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => {
    const shown = els.filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0);
    shown.forEach((e, i) => e.setAttribute('data-kb', String(i)));
    return shown.length;
  });

/** What has the keyboard's focus: its data-kb mark, whether it matches `selector`, and whether it shows the focus (:focus-visible, with an outline or a stroke in the focus colour). */
const focused = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const ring = e.matches(':focus-visible')
      ? (() => {
          const st = getComputedStyle(e);
          if (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2) return true;
          // SVG pieces show the focus as their halo (or first rect) stroked in the focus colour.
          const halo = e.querySelector(':scope > rect.halo, :scope > rect');
          return !!halo && getComputedStyle(halo).stroke === 'rgb(26, 115, 232)';
        })()
      : false;
    return { kb: e.getAttribute('data-kb'), matches: e.matches(sel), ring };
  }, selector);

/** Presses `key` until the focus is on an element `selector` finds (at most `max` presses). */
async function tabTo(page: Page, selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 300): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if ((await focused(page, selector))?.matches) return;
  }
  throw new Error(`${selector} is never reached by ${key}`);
}

test('the keyboard reaches every choice of the decision and every selectable piece, shows where it is, and plays a deployment with Enter and Space', async () => {
  const page = await matchPage(await ssjDeploying(e2e.url));
  const wanted = 'section.decision button:enabled, section.decision summary, g.counter.selectable[role="button"]';
  const n = await markVisible(page, wanted);
  expect(n).toBeGreaterThan(20);
  // Tab from the top of the page through everything, once round.
  await page.evaluate(() => document.activeElement?.blur?.());
  const reached = new Set<string>();
  const unringed: string[] = [];
  for (let i = 0; i < 400 && reached.size < n; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page, wanted);
    if (f?.kb) reached.add(f.kb);
    if (f && !f.ring) unringed.push(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 120)));
  }
  const missing = await page.$$eval('[data-kb]', (els, got) => els.filter((e) => !got.includes(e.getAttribute('data-kb')!)).map((e) => e.outerHTML.slice(0, 120)), [...reached]);
  expect(missing).toEqual([]);
  expect(unringed).toEqual([]);

  // CHOKAI picked with Enter; the board's "+ New group" of the Slot by night (drawn above the bases: back with Shift+Tab) taken with Space.
  await page.evaluate(() => document.activeElement?.blur?.());
  await tabTo(page, 'g.counter[data-ship="ijn-chokai"]');
  await page.keyboard.press('Enter');
  await page
    .locator('section.selected')
    .getByRole('heading', { name: /CHOKAI/ })
    .waitFor();
  expect(await page.locator('g.counter[data-ship="ijn-chokai"]').getAttribute('aria-pressed')).toBe('true');
  const newGroup = 'g.seabox[data-side="japanese"][data-area="SL"][data-box="night"] g.new-group';
  await tabTo(page, newGroup, 'Shift+Tab');
  expect((await focused(page, newGroup))!.ring).toBe(true);
  await page.keyboard.press('Space');
  await page.locator('g.group:has(g.counter[data-ship="ijn-chokai"])').waitFor();
  // The decision's own buttons work from the keyboard too: CHOKAI taken back through the list of placed pieces.
  await tabTo(page, 'g.group g.counter[data-ship="ijn-chokai"]');
  await page.keyboard.press('Enter');
  await page
    .locator('section.selected')
    .getByRole('button', { name: 'Take CHOKAI back' })
    .evaluate((e) => e.setAttribute('data-goal', ''));
  await tabTo(page, 'section.selected button[data-goal]');
  await page.keyboard.press('Enter');
  await page.locator('g.base[data-base="rabaul"] g.counter[data-ship="ijn-chokai"]').waitFor();
  await page.close();
});

afterAll(() => {
  expect(e2e.pageErrors).toEqual([]);
});
