/**
 * Time banks on the pages (src/web/clock.tsx): the creation form's clock fields, each side's
 * bank on the match page counting down for the side to move, and a pause proposed on one
 * page, agreed on the other, and resumed.
 */
import type { Page } from 'playwright-core';
import { e2eSession, screenshot } from '../support/e2e';

const e2e = e2eSession();
const newPage = () => e2e.newPage();

const bankOf = (page: Page, side: string) => page.getByTestId(`bank-${side}`).innerText();

/** Polls `read` until `ok` holds of its value (rejects after 10 s). */
async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() - t0 > 10_000) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a match created with a time bank shows both banks, the running one counting down; a pause proposed, agreed and resumed', async () => {
  const home = await newPage();
  await home.goto(e2e.url + '/');
  await home.getByTestId('game').selectOption('ewr');
  await home.getByTestId('clock-on').check();
  await home.getByTestId('clock-bank').fill('1');
  await home.getByTestId('clock-bank-unit').selectOption('h');
  await home.getByTestId('clock-increment').fill('5');
  await home.getByTestId('clock-increment-unit').selectOption('min');
  await home.getByTestId('clock-timeout').selectOption('forfeit');
  const created = home.waitForResponse((r) => r.url().endsWith('/api/matches') && r.request().method() === 'POST');
  await home.getByRole('button', { name: 'Create the match' }).click();
  const m = await (await created).json();
  expect(JSON.parse((await created).request().postData()!)).toMatchObject({ game: 'ewr', clock: { bankMs: 3_600_000, incrementMs: 300_000, onTimeout: 'forfeit' } });

  // Both seats open their pages (which takes them); the side to move sees its bank run.
  const sides = Object.keys(m.seats);
  const pages: Record<string, Page> = {};
  for (const s of sides) {
    pages[s] = await newPage();
    await pages[s].goto(m.seats[s].url.replace(/^https?:\/\/[^/]+/, e2e.url));
    await pages[s].getByTestId('clock').waitFor();
  }
  const state = await poll(
    () => e2e.server.service.state(m.id, 'spectator'),
    (b) => b.status === 'active',
  );
  const mover = sides.find((s) => state.clock!.sides[s]!.runsOutAt)!;
  const other = sides.find((s) => s !== mover)!;
  const p = pages[mover]!;
  const q = pages[other]!;
  await poll(
    () => bankOf(q, mover),
    (t) => /running/.test(t),
  );
  const first = await bankOf(p, mover);
  await p.waitForTimeout(2200);
  expect(await bankOf(p, mover)).not.toBe(first); // counting down
  expect(await bankOf(p, other)).toMatch(/1 h 00 min/);
  await screenshot(p, 'time-bank-running');

  await p.getByRole('button', { name: 'Propose a pause' }).click();
  await q.getByRole('button', { name: 'Agree to pause' }).waitFor();
  await q.getByRole('button', { name: 'Agree to pause' }).click();
  await p.getByText(/Clocks paused/).waitFor();
  await q.getByText(/Clocks paused/).waitFor();
  await screenshot(q, 'time-bank-paused');
  expect((await e2e.server.service.state(m.id, 'spectator')).clock).toMatchObject({ paused: true });
  await q.getByRole('button', { name: 'Resume the clocks' }).click();
  await poll(
    async () => (await e2e.server.service.state(m.id, 'spectator')).clock?.paused,
    (paused) => paused === false,
  );
  await p.getByRole('button', { name: 'Propose a pause' }).waitFor();
}, 120_000);
