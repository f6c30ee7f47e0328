/**
 * npm run bench:web — how fast the first page comes up: a real server process (embedded
 * PostgreSQL in a temporary folder) serving the production build of the web client, and
 * Debian's Chromium loading the home page N times with a fresh profile each time. Prints
 * the bundle sizes and the time to the home screen (navigation start → the create-match
 * form visible): median and worst. Needs `npm run build:web` first and /usr/bin/chromium.
 * Usage: npm run bench:web -- [loads=10]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { freePort } from '../test/support/ports';

const LOADS = Number(process.argv[2] ?? 10);
const ROOT = join(__dirname, '..');
const WEB = join(ROOT, 'dist', 'web');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

async function main(): Promise<void> {
  const assets = files(WEB);
  let raw = 0;
  let gz = 0;
  for (const f of assets) {
    const b = readFileSync(f);
    raw += b.length;
    gz += gzipSync(b).length;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-benchweb-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['-r', 'tsx/cjs', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', WEB_DIR: WEB },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = Date.now();
      await page.goto(base + '/');
      await page
        .getByRole('heading', { name: /new match|create/i })
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 });
      times.push(Date.now() - t0);
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(`Web client: ${assets.length} files, ${(raw / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzip)`);
    console.log(`  home screen shown, fresh profile, loopback: median ${times[Math.floor(times.length / 2)]} ms, worst ${times.at(-1)} ms over ${LOADS} loads`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
