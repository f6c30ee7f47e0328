/**
 * Issue 42 items 1 and 3 in a real browser, on desktop and at 390×844: the Allied deployment of AugI says before it closes
 * what the rules will make of it — Port Moresby's Australians out of supply with no Allied ship in the Coral Sea (VI.G:
 * half, rounded up, of 3), a carrier sent to the Slot not striking (VI.F.1.b) — and a face-up counter's tooltip gives what
 * its printed values do (its Anti-Ship column, air capacity, hits taken); a face-down piece's tooltip gives none.
 */
import type { Page } from 'playwright-core';
import { matchPath, play, ssjDeploying, type CreatedMatch } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ newSeed: () => 'ssj-values', lastScreenshots: 'values-last' });

/** AugI, the Japanese deployment closed with nothing sailed: the Allies deploy (Port Moresby's three battalions there). */
async function alliedDeploying(): Promise<CreatedMatch> {
  const m = await ssjDeploying(e2e.url);
  await play(e2e.url, m.id, m.seats.japanese!.token, { type: 'done' });
  return m;
}

const promptText = (p: Page) => p.getByTestId('prompt-text');
const title = (p: Page, sel: string) => p.locator(`${sel} > title`).first().textContent();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('issue 42 on %s: values on counters, consequences before the decision', (name, size) => {
  test(`VI.G, VI.F.1.b: the Allied deployment prompt says Port Moresby is out of supply, and that SARATOGA in the Slot will not strike (${name})`, async () => {
    const m = await alliedDeploying();
    const page = await e2e.open(matchPath(m, 'allied'), size);
    await promptText(page)
      .getByText(/Port Moresby is out of supply — none of your surface ships is in the Coral Sea: 2 of its 3 ground units will be eliminated/)
      .waitFor();
    expect(await promptText(page).innerText()).not.toContain('Carriers in the Slot');
    // SARATOGA sails into the Slot: the page, pushed the new prompt, says what that costs.
    await play(e2e.url, m.id, m.seats.allied!.token, { type: 'deploy', ship: 'usn-saratoga', area: 'SL', box: 'daynight', group: 'new' });
    await promptText(page)
      .getByText(/Carriers in the Slot may not launch strikes \(VI\.F\.1\.b\): SARATOGA will not strike this turn\./)
      .waitFor();
    // The kept screenshot: both consequences said in the decision panel.
    await promptText(page).scrollIntoViewIfNeeded();
    await keepScreenshot(page, `ssj-consequences-${name}`);
    // A cruiser in the Coral Sea takes the supply warning back.
    await play(e2e.url, m.id, m.seats.allied!.token, { type: 'deploy', ship: 'usn-quincy', area: 'CS', box: 'daynight', group: 'new' });
    await promptText(page)
      .getByText(/SARATOGA will not strike/)
      .waitFor();
    await promptText(page)
      .getByText(/Port Moresby is out of supply/)
      .waitFor({ state: 'detached' });
    // SARATOGA's counter on the board: its printed values and what they do, in its tooltip.
    const sara = await title(page, 'g.counter[data-ship="usn-saratoga"]');
    expect(sara).toContain('Anti-Ship table column: CV (VII.A)');
    expect(sara).toMatch(/air capacity 3/);
    expect(sara).toContain('hits taken: none');
    // The Japanese face-down pieces give nothing but their tag.
    const down = page.locator('g.counter.face-down.japanese > title');
    const n = await down.count();
    for (let i = 0; i < Math.min(n, 10); i++) expect(await down.nth(i).textContent()).toMatch(/^Japanese face-down piece \S+$/);
    expect(e2e.pageErrors).toEqual([]);
  });
});
