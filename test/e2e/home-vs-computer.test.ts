/**
 * Issue 42 item 7, the home page against the computer, on a desktop and a phone (390×844):
 * giving the computer the side "You play" names moves "You play" to the side left to a
 * person (the computer's side can no longer be chosen), and the new match's card says the
 * computer plays its side: no "send the other seat's link to your opponent", no listing
 * under open matches. The seat the page opens is the person's side.
 *
 * The server is the real app (buildApp) on the in-memory store.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { DESKTOP, e2eSession, keepScreenshot, PHONE } from '../support/e2e';
import { memoryApp } from '../support/memory-app';

jest.setTimeout(120_000);

const e2e = e2eSession({ server: false, lastScreenshots: 'home-vs-computer-last' });
const app = memoryApp();

describe.each([
  ['desktop', DESKTOP, ['ssj', 'ewr', 'eots-subwar']],
  ['phone', PHONE, ['ssj']],
] as [string, BrowserContextOptions, string[]][])('home page against the computer (%s)', (name, size, games) => {
  test.each(games)('%s: the computer given the side "You play" names moves "You play" to the other side; the card sends no link to an opponent', async (game) => {
    const p = await e2e.newPage(size);
    await p.goto(app.url + '/');
    await p.getByTestId('game').selectOption(game);
    const allied = p.getByLabel('Allied', { exact: true });
    const japanese = p.getByLabel('Japanese', { exact: true });
    await allied.check();
    expect(await p.getByText('List it under open matches').count()).toBe(1);
    await p.getByLabel('Play against the computer').selectOption('allied:random');
    // The Allied radio no longer holds the person: the Japanese one does, and the Allied one cannot be taken.
    expect(await japanese.isChecked()).toBe(true);
    expect(await allied.isChecked()).toBe(false);
    expect(await allied.isDisabled()).toBe(true);
    expect(await p.getByText('List it under open matches').count()).toBe(0);
    // Back to a person on both sides: every side can be chosen again, the choice stays.
    await p.getByLabel('Play against the computer').selectOption('');
    expect(await allied.isDisabled()).toBe(false);
    expect(await japanese.isChecked()).toBe(true);
    // The computer on the side the person does not play: "You play" stays.
    await p.getByLabel('Play against the computer').selectOption('allied:random');
    await p.getByRole('button', { name: 'Create the match' }).click();
    const card = p.getByTestId('created');
    await card.waitFor();
    expect(await card.textContent()).not.toMatch(/opponent/);
    expect(await card.getByTestId('vs-computer').textContent()).toBe(
      'Against the computer — Allied: Computer (random bot). It moves by itself, so there is no link to send; the spectator link lets anyone watch.',
    );
    expect(await card.getByTestId('link-allied').count()).toBe(0);
    expect(await card.getByTestId('open-own-seat').textContent()).toBe('Open your seat (Japanese)');
    if (game === 'ssj') await keepScreenshot(p, `home-vs-computer-${name}`);
    await card.getByTestId('open-own-seat').click();
    await p.getByTestId('seat').filter({ hasText: 'Japanese' }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
