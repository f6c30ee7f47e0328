/**
 * Issue 42 items 3 and 4 (and 5's grouped steps' wording), on a desktop and a phone
 * (390×844), in a Sky, Sea, and JUNGLE match against the plausible computer:
 * - the decision in view: on a phone the decision panel comes before the board, inside the
 *   first screen; "See it on the board" brings the board into the window; the "Your move"
 *   banner brings the decision back;
 * - the safety net: a decision taken back with "Undo my last decision" (POST-free: over the
 *   socket) is offered again, and the log says it was taken back; closing the deployment with pieces unmoved asks first,
 *   saying how many stay (the number the "Pieces you can move" list counts), and "Keep
 *   deploying" goes back to it.
 * The server is the real app on the in-memory store, a fixed seed.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, e2eSession, keepScreenshot, PHONE } from '../support/e2e';
import { memoryApp } from '../support/memory-app';

jest.setTimeout(180_000);

const e2e = e2eSession({ server: false, lastScreenshots: 'match-table-last' });
const app = memoryApp({ service: { newSeed: () => 'match-table-00000000000000000000000000000000000000000000000000000', seatValues: false } });

const top = (p: Page, sel: string) =>
  p
    .locator(sel)
    .first()
    .evaluate((e) => (e as unknown as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect());
const yourMove = (p: Page) =>
  p
    .getByTestId('banner')
    .filter({ hasText: /^Your move$/ })
    .waitFor();
const promptSays = (p: Page, re: RegExp) => p.getByTestId('prompt-text').filter({ hasText: re }).waitFor();

async function openVsComputer(size: BrowserContextOptions): Promise<Page> {
  const p = await e2e.newPage(size);
  await p.goto(app.url + '/');
  await p.getByTestId('game').selectOption('ssj');
  await p.getByLabel('Allied', { exact: true }).check();
  await p.getByLabel('Play against the computer').selectOption('japanese:plausible');
  await p.getByRole('button', { name: 'Create the match' }).click();
  await p.getByTestId('open-own-seat').click();
  await yourMove(p);
  return p;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as [string, BrowserContextOptions][])('the table around the pieces (%s)', (name, size) => {
  test('the decision in view, Undo takes a decision back, closing a deployment with pieces unmoved asks first', async () => {
    const p = await openVsComputer(size);
    const height = size.viewport!.height;
    await promptSays(p, /\(VI\.A\)/);
    if (name === 'phone') {
      // The decision first, in the first screen; the board after it.
      const d = await top(p, 'section.decision');
      expect(d.top).toBeLessThan(height / 2);
      expect(d.top).toBeLessThan((await top(p, 'section.board-wrap')).top);
      await p.getByTestId('see-on-board').click();
      await p.waitForTimeout(300);
      const b = await top(p, 'section.board-wrap');
      expect(b.top).toBeLessThan(height);
      expect(b.bottom).toBeGreaterThan(0);
      expect((await top(p, 'section.decision')).bottom).toBeLessThan(b.bottom);
      // The banner scrolls away with the page: back at the top, it brings the decision into the window.
      await p.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      await p.getByTestId('banner').getByRole('button').click();
      const back = await top(p, 'section.decision');
      expect(back.top).toBeGreaterThanOrEqual(-1);
      expect(back.top).toBeLessThan(height);
    } else {
      expect(await p.getByTestId('see-on-board').isVisible()).toBe(false);
    }
    // Undo: a choice made, then taken back — the log as it was, the choice offered again.
    const log = p.getByTestId('log').locator('li');
    const before = await log.count();
    const choice = p.locator('section.decision ul.choices button:enabled').filter({ hasNotText: /^Done/ }).first();
    const words = await choice.textContent();
    await choice.click();
    await p.getByTestId('undo').waitFor();
    await p.waitForFunction(
      (n) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('[data-testid="log"] li').length > n,
      before,
    );
    await p.getByTestId('undo').click();
    // The log keeps what happened, and says it was taken back.
    await log.last().filter({ hasText: 'You took back your last step.' }).waitFor();
    await p.locator('section.decision ul.choices button').filter({ hasText: words! }).first().waitFor();
    // On to the deployment: close the reinforcements.
    await p.locator('section.decision').getByRole('button', { name: /^Done/ }).click();
    await promptSays(p, /\(VI\.C\): deploy/);
    const summary = await p.locator('section.decision details.ship-list summary', { hasText: /^Pieces you can move/ }).textContent();
    const unmoved = Number(/\((\d+)\)/.exec(summary!)![1]);
    expect(unmoved).toBeGreaterThan(1);
    await p.locator('section.decision').getByRole('button', { name: 'Done — close my deployment' }).click();
    const ask = p.getByTestId('confirm-close');
    await ask.waitFor();
    expect(await ask.locator('p').textContent()).toBe(`${unmoved} pieces have not moved: they stay where they are for the whole turn.`);
    await keepScreenshot(p, `deploy-confirm-${name}`);
    await ask.getByRole('button', { name: 'Keep deploying' }).click();
    expect(await ask.count()).toBe(0);
    await promptSays(p, /deploy/);
    expect(e2e.pageErrors).toEqual([]);
  });

  test("a phase's outcome stays above the decision until the player closes it (not only in the log)", async () => {
    const p = await openVsComputer(size);
    await promptSays(p, /\(VI\.A\)/);
    const stage = (await p.getByTestId('stage').textContent())!;
    const logTexts = () => p.getByTestId('log').locator('li span.text').allTextContents();
    // No summary of the past when the page opens (the computer's phases before it): the log holds it.
    await p.reload();
    await yourMove(p);
    await promptSays(p, /\(VI\.A\)/);
    expect(await p.getByTestId('phase-summary').count()).toBe(0);
    const before = (await logTexts()).length;
    // A reinforcement placed (its log line), then the phase closed.
    await p.locator('section.decision ul.choices button:enabled').filter({ hasNotText: /^Done/ }).first().click();
    await p.getByTestId('undo').waitFor();
    await p.locator('section.decision').getByRole('button', { name: /^Done/ }).click();
    const summary = p.getByTestId('phase-summary');
    await summary.waitFor();
    await promptSays(p, /\(VI\.C\)/);
    // The first phase named is the one that ended, with the lines the log was given in it, in its order.
    expect(await summary.locator('h4').first().textContent()).toBe(stage);
    const added = (await logTexts()).slice(before);
    const shown = await summary.locator('li').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(added.slice(0, shown.length));
    // Where the player looks: on a phone above the decision, in the first screen; on a desktop beside the board.
    const s = await top(p, '[data-testid="phase-summary"]');
    expect(s.top).toBeLessThan(size.viewport!.height);
    expect(s.bottom).toBeGreaterThan(0);
    await keepScreenshot(p, `phase-summary-${name}`);
    // Closing it leaves the decision as it was, and the log keeps every line.
    await summary.getByRole('button', { name: /close the summary/ }).click();
    expect(await summary.count()).toBe(0);
    await promptSays(p, /\(VI\.C\)/);
    expect((await logTexts()).slice(before, before + shown.length)).toEqual(shown);
    expect(e2e.pageErrors).toEqual([]);
  });

  test('a stack moved together: a piece picked with its stack takes the pieces in its place that may go there, one new group (VI.C deployment)', async () => {
    const p = await openVsComputer(size);
    await promptSays(p, /\(VI\.A\)/);
    await p.locator('section.decision').getByRole('button', { name: /^Done/ }).click();
    await promptSays(p, /\(VI\.C\): deploy/);
    // The oracle is the server's own body for this seat (GET /api/matches/:id), not the page.
    const server = () =>
      p.evaluate(async () => {
        const g = globalThis as unknown as { location: { pathname: string }; sessionStorage: { getItem(k: string): string | null }; fetch: typeof fetch };
        const id = g.location.pathname.split('/').pop()!;
        const token = JSON.parse(g.sessionStorage.getItem(`ib.seat.${id}`)!) as string;
        const res = await g.fetch(`/api/matches/${id}`, { headers: { authorization: `Bearer ${token}` } });
        return (await res.json()) as {
          prompt: { actions: { type: string; ship?: string; area?: string; box?: string; group?: string }[] } | null;
          view: { sides: { allied: { units: { id: string; name: string; kind: string; place: Record<string, string> }[]; groups: { id: string; ships?: string[] }[] } } };
        };
      });
    const before = await server();
    const deploys = before.prompt!.actions.filter((a) => a.type === 'deploy');
    const ships = before.view.sides.allied.units.filter((u) => u.kind === 'ship' && deploys.some((a) => a.ship === u.id));
    const at = (u: { place: Record<string, string> }) => JSON.stringify(u.place);
    // The ship with the most others of the prompt's ships in its place.
    const first = [...ships].sort((a, b) => ships.filter((x) => at(x) === at(b)).length - ships.filter((x) => at(x) === at(a)).length)[0]!;
    const stack = ships.filter((x) => x.id !== first.id && at(x) === at(first));
    expect(stack.length).toBeGreaterThan(0);
    const chips = p.locator('section.decision details.ship-list').filter({ has: p.locator('summary', { hasText: /^Pieces you can move/ }) });
    await chips.locator('summary').click();
    await chips
      .locator('ul.chips button')
      .filter({ hasText: new RegExp(`\\b${first.name}$`) })
      .click();
    const toggle = p.getByTestId('with-stack');
    await toggle.check();
    for (const m of stack) expect(await toggle.locator('xpath=..').textContent()).toContain(m.name);
    // A new group: the first target offered that makes one.
    const target = p
      .locator('section.selected ul.choices button')
      .filter({ hasText: /: new group$/ })
      .first();
    const words = (await target.textContent())!;
    const chosen = deploys.find((a) => a.ship === first.id && a.group === 'new' && words.startsWith(`Send ${first.name} to `))!;
    await keepScreenshot(p, `deploy-stack-${name}`);
    await target.click();
    // Those of the stack the prompt let go to the same box went with it, into its group; the rest stayed.
    const goes = stack.filter((m) => deploys.some((a) => a.ship === m.id && a.area === chosen.area && a.box === chosen.box && a.group === 'new'));
    expect(goes.length).toBeGreaterThan(0);
    let after = await server();
    for (let i = 0; i < 50; i++) {
      const g = after.view.sides.allied.groups.find((x) => x.ships?.includes(first.id));
      if (g && goes.every((m) => g.ships!.includes(m.id))) break;
      await p.waitForTimeout(200);
      after = await server();
    }
    const group = after.view.sides.allied.groups.find((x) => x.ships?.includes(first.id))!;
    expect([...group.ships!].sort()).toEqual([first.id, ...goes.map((m) => m.id)].sort());
    for (const m of stack.filter((x) => !goes.includes(x))) expect(at(after.view.sides.allied.units.find((u) => u.id === m.id)!)).toBe(at(first));
    expect(e2e.pageErrors).toEqual([]);
  });
});
