/**
 * The page through a server that goes away (issue 39): a match page open in Chromium while its
 * server process is killed with SIGKILL shows "Reconnecting…", and when a new process serves
 * the same data on the same address it is live again and follows the match — without a reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ensureWebBuild, launchBrowser, DESKTOP } from '../support/e2e';
import { freePort } from '../support/ports';
import { startServer, stopWith, waitFor, type ServerProcess } from '../support/process';

test('the server killed and started again: the page says "Reconnecting…", then is live and follows the match without a reload', async () => {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-reconnect-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  const procs: ServerProcess[] = [];
  let browser: Browser | null = null;
  try {
    const first = startServer(env);
    procs.push(first);
    await waitFor(`${url}/readyz`, first);
    const m: any = await (await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })).json();
    browser = await launchBrowser();
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${url}/m/${m.id}#t=${m.seats.allied.token}`);
    const conn = page.getByTestId('conn');
    await conn.filter({ hasText: /^Live$/ }).waitFor({ timeout: 30_000 });
    // A mark in this load of the page: a reload would lose it.
    await page.evaluate('window.__sameLoad = 1');

    first.child.kill('SIGKILL');
    await first.exited;
    await conn.filter({ hasText: /^Reconnecting…$/ }).waitFor({ timeout: 15_000 });

    const second = startServer(env);
    procs.push(second);
    await waitFor(`${url}/readyz`, second);
    await conn.filter({ hasText: /^Live$/ }).waitFor({ timeout: 30_000 });
    // It follows the match: the other seat is taken through the new process, under a name the page then shows.
    const claim = await fetch(`${url}/api/matches/${m.id}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.seats.japanese.token}` },
      body: JSON.stringify({ name: 'Nagumo' }),
    });
    expect(claim.status).toBe(200);
    await page.getByTestId('player-japanese').filter({ hasText: 'Nagumo' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate('window.__sameLoad')).toBe(1);
    expect((await stopWith(second)).code).toBe(0);
  } finally {
    await browser?.close();
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) await stopWith(p, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
