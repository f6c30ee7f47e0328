/**
 * The page through a server that goes away (issue 39): a match page open in Chromium while its
 * server process is killed with SIGKILL shows "Reconnecting…", and when a new process serves
 * the same data on the same address it is live again and follows the match — without a reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { choice, ensureWebBuild, launchBrowser, DESKTOP } from '../support/e2e';
import { holdPostgres } from '../support/held-postgres';
import { freePort } from '../support/ports';
import { readyTurns, startServer, stopWith, waitFor, type ServerProcess } from '../support/process';

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

test('the database stopped under a live page: a click answered "db-unavailable" shows "Reconnecting…", is sent again by itself, and goes through once the database is back, without a reload', async () => {
  ensureWebBuild();
  const pgDir = mkdtempSync(join(tmpdir(), 'ironbottom-reconnect-pg-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-reconnect-db-'));
  const pgPort = await freePort();
  let db = await holdPostgres(pgDir, pgPort);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: db.url, DB_CONNECT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '3000' };
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    server = startServer(env);
    await waitFor(`${url}/readyz`, server);
    const m: any = await (
      await fetch(`${url}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'ewr', options: { scenario: 'coral-sea-1942' } }),
      })
    ).json();
    const seqOf = async () =>
      ((await (await fetch(`${url}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats.japanese.token}` } })).json()) as { seq: number }).seq;
    browser = await launchBrowser();
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${url}/m/${m.id}#t=${m.seats.japanese.token}`);
    const conn = page.getByTestId('conn');
    await conn.filter({ hasText: /^Live$/ }).waitFor({ timeout: 30_000 });
    await page.evaluate('window.__sameLoad = 1');
    const before = await seqOf();

    await db.stop();
    await readyTurns(url, 503, 15_000);
    // TFA begins its initiative (EWR's first decision): the server refuses it, retryable, and the page says so.
    await choice(page, 'Begin the next initiative').click();
    await conn.filter({ hasText: /^Reconnecting…$/ }).waitFor({ timeout: 15_000 });
    db = await holdPostgres(pgDir, pgPort);
    await readyTurns(url, 200, 60_000);
    await conn.filter({ hasText: /^Live$/ }).waitFor({ timeout: 60_000 });
    // Sent again by the page, once: the match moved on by that one action.
    await waitUntil(async () => (await seqOf()) === before + 1, 30_000);
    expect(await seqOf()).toBe(before + 1);
    expect(await page.evaluate('window.__sameLoad')).toBe(1);
    // No refusal shown (an empty live region stays on the page).
    expect((await page.locator('[role="alert"]').allTextContents()).filter((t) => t.trim())).toEqual([]);
    expect((await stopWith(server)).code).toBe(0);
  } finally {
    await browser?.close();
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopWith(server, 'SIGKILL');
    await db.stop();
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);

async function waitUntil(ok: () => Promise<boolean>, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!(await ok()) && Date.now() - t0 < ms) await new Promise((r) => setTimeout(r, 250));
}
