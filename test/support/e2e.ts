/**
 * End-to-end support: a real server (as test/support/server.ts starts it) that also serves
 * the built web client, a headless Debian Chromium driven by playwright-core, and a
 * recorder of everything a page receives (HTTP bodies and websocket frames).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import type { GameModule } from '../../src/engine';
import { GAMES } from '../../src/games';
import { MatchService } from '../../src/matches/service';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { PrismaMatchStore } from '../../src/store/prisma-match-store';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import { testDatabase } from './db';
import { Notifier } from '../../src/matches/notify';
import { testPush, type TestPush } from './push';

export const ROOT = join(__dirname, '..', '..');
export const WEB_DIR = join(ROOT, 'dist', 'web');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The admin token the e2e server is given (the admin routes read it, where they exist). */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Builds dist/web with vite's JS API (in a child process: vite is ES-module only) when it is missing or older than src/web. */
export function ensureWebBuild(): void {
  const index = join(WEB_DIR, 'index.html');
  const stale = () => !existsSync(index) || statSync(index).mtimeMs < Math.max(newest(join(ROOT, 'src', 'web')), statSync(join(ROOT, 'vite.config.mts')).mtimeMs);
  if (!stale()) return;
  // jest runs two files at a time: one builds while the other waits for it (a lock folder), rather than both writing
  // dist/web at once and one serving the other's half-written build. A lock older than two minutes is a dead run's.
  const lock = join(ROOT, 'dist', '.web-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (stale()) buildWeb();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function buildWeb(): void {
  execFileSync(process.execPath, ['--input-type=module', '-e', "const { build } = await import('vite'); await build({ configFile: 'vite.config.mts', logLevel: 'warn' });"], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}

export interface E2eServer {
  url: string;
  app: App;
  service: MatchService;
  prisma: PrismaClient;
  /** Web Push, when asked for (`webPush`): its VAPID keys, sender and the seats' devices. */
  push?: TestPush;
  /** Cuts every socket's transport, as a network drop would (the clients reconnect by themselves). */
  dropConnections(): number;
  close(): Promise<void>;
}

/**
 * Like startTestServer(), with the web client (and the admin token, for the admin routes).
 * `newSeed` fixes the matches' seeds (the service's own option), for tests that need a roll to go one way.
 */
export interface E2eServerOptions {
  newSeed?: () => string;
  webPush?: boolean;
  /** The games served (default: the games; BENCH_GAMES adds fog-duel, as the server does with BENCH_GAMES=1). */
  games?: ReadonlyMap<string, GameModule>;
}

export async function startE2eServer(opts: E2eServerOptions = {}): Promise<E2eServer> {
  ensureWebBuild();
  const db = await testDatabase();
  const prisma = createPrisma(db.url);
  const logger = pino({ level: (process.env.IB_E2E_LOG as pino.Level | undefined) ?? 'silent' });
  // Web Push (with notices through the in-process queue, "when away" at once, push endpoints on loopback allowed).
  const late: { service?: MatchService } = {};
  const push = opts.webPush ? testPush(logger, () => late.service!) : undefined;
  const notifier = push ? new Notifier({ logger, maxAttempts: 3, backoffMs: 200, timeoutMs: 2000, allowPrivate: true, push: push.pusher }) : undefined;
  const service = (late.service = new MatchService(new PrismaMatchStore(prisma), {
    games: opts.games ?? GAMES,
    publicUrl: 'http://127.0.0.1',
    snapshotEvery: 50,
    idleMs: 60_000,
    logger,
    // A fixed seed must give the engine's own dice: the browsers' dice values are not taken then (docs/fairness.md).
    ...(opts.newSeed ? { newSeed: opts.newSeed, seatValues: false } : {}),
    ...(notifier ? { notifier } : {}),
  }));
  process.env.ADMIN_TOKEN ??= ADMIN_TOKEN;
  const appOpts = {
    service,
    logger,
    webDir: WEB_DIR,
    adminToken: ADMIN_TOKEN,
    ...(push ? { push: { publicKey: push.vapid.publicKey, subscriptions: push.subscriptions() } } : {}),
  } as AppOptions;
  const { app, io } = await buildApp(appOpts);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    url,
    app,
    service,
    prisma,
    ...(push ? { push } : {}),
    dropConnections() {
      let n = 0;
      for (const socket of io.sockets.sockets.values()) {
        socket.conn.close();
        n++;
      }
      return n;
    },
    async close() {
      await notifier?.close(200);
      await app.close();
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** Waits for Debian's chromium (it may still be being installed), then launches it headless with a fresh profile. */
export async function launchBrowser(waitMs = 10 * 60_000): Promise<Browser> {
  const until = Date.now() + waitMs;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > until) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A desktop page's size, the one most e2e tests use. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
/** A phone (Chromium's mobile emulation): 390×844, touch, 2× pixels. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/**
 * One e2e file's server and browser: started in the file's beforeAll, closed in its afterAll.
 * Pages open each in a context of its own; every uncaught page error is collected in
 * `pageErrors`; with `lastScreenshots`, after each test every page it opened is kept as
 * test-results/screenshots/<lastScreenshots>-<i>.png and closed.
 */
export interface E2eSession {
  readonly server: E2eServer;
  readonly url: string;
  readonly browser: Browser;
  readonly pageErrors: string[];
  /** A page in a fresh context (desktop size unless told). */
  newPage(opts?: BrowserContextOptions): Promise<Page>;
  /** A page at `path` (from the server's root), in a fresh context. */
  open(path: string, opts?: BrowserContextOptions): Promise<Page>;
}

export function e2eSession(opts: E2eServerOptions & { lastScreenshots?: string; server?: boolean } = {}): E2eSession {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    if (opts.server !== false) server = await startE2eServer(opts);
    browser = await launchBrowser();
  }, 600_000);
  if (opts.lastScreenshots) {
    const prefix = opts.lastScreenshots;
    afterEach(async () => {
      for (const [i, p] of pages.entries()) await screenshot(p, `${prefix}-${i}`).catch(() => undefined);
      for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
      pages.length = 0;
    });
  }
  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });
  const self: E2eSession = {
    get server() {
      if (!server) throw new Error('the e2e server is not started (beforeAll)');
      return server;
    },
    get url() {
      return self.server.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (beforeAll)');
      return browser;
    },
    pageErrors,
    async newPage(ctxOpts = DESKTOP) {
      const ctx = await self.browser.newContext(ctxOpts);
      contexts.push(ctx);
      const page = await ctx.newPage();
      pages.push(page);
      page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
      return page;
    },
    async open(path, ctxOpts) {
      const page = await self.newPage(ctxOpts);
      await page.goto((server?.url ?? '') + path);
      return page;
    },
  };
  return self;
}

/** Everything a page receives: every HTTP response body and every websocket frame (both ways). */
export function recordTraffic(page: Page): { texts: string[]; settle(): Promise<void> } {
  const texts: string[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('response', (res) => {
    pending.push(
      res.body().then(
        (b) => texts.push(`${res.url()}\n${b.toString('utf8')}`),
        () => undefined,
      ),
    );
  });
  page.on('websocket', (ws) => {
    const keep = (f: { payload: string | Buffer }) => texts.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'));
    ws.on('framereceived', keep);
    ws.on('framesent', keep);
  });
  return {
    texts,
    async settle() {
      await Promise.all(pending.splice(0));
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Where the screenshots kept in the repository live (docs/screenshots/<name>.png; the README shows them). */
export const KEPT_SCREENSHOTS = join(ROOT, 'docs', 'screenshots');

/**
 * Keeps a screenshot of what the viewport shows as docs/screenshots/<name>.png, only when
 * the environment says SCREENSHOTS=1 (so an ordinary run, and CI, never dirty the tree).
 * Returns whether it wrote one.
 */
export async function keepScreenshot(page: Page, name: string): Promise<boolean> {
  if (process.env.SCREENSHOTS !== '1') return false;
  mkdirSync(KEPT_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(KEPT_SCREENSHOTS, `${name}.png`), fullPage: false, scale: 'css', animations: 'disabled', caret: 'hide' });
  return true;
}

/** Waits until the page's banner says exactly `text` (a regular expression's source). */
export const bannerSays = (p: Page, text: string) => p.locator('[data-testid="banner"]', { hasText: new RegExp(`^${text}$`) }).waitFor();

/** A button of the page's decision panel, by its accessible name. */
export const choice = (p: Page, name: string | RegExp) => p.locator('section.decision').getByRole('button', { name });

/**
 * Clicks the first of `candidates` that the page shows (its first visible element: a choice folded
 * into a closed list is passed over for the next candidate, as a person would click the map); false
 * when none shows, or when the click did not go through (a live page may move on under it: try again).
 */
export async function clickFirst(candidates: readonly Locator[]): Promise<boolean> {
  for (const candidate of candidates) {
    const c = candidate.filter({ visible: true });
    if ((await c.count()) === 0) continue;
    return c
      .first()
      .click({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
  }
  return false;
}

/** On the home page: takes `side`, creates the match, and returns the links it gives (by side, 'spectator' too). */
export async function createOnHome<S extends string = 'allied' | 'spectator'>(
  page: Page,
  side: string,
  sides: readonly S[] = ['allied', 'spectator'] as unknown as readonly S[],
): Promise<Record<S, string>> {
  await page.getByLabel(side === 'allied' ? 'Allied' : side === 'japanese' ? 'Japanese' : side).check();
  await page.getByRole('button', { name: 'Create the match' }).click();
  const created = page.getByTestId('created');
  await created.waitFor();
  const links = {} as Record<S, string>;
  for (const s of sides) links[s] = await created.getByTestId(`link-${s}`).inputValue();
  return links;
}

/** Closes an SSJ deployment from the decision panel: "Done — close my deployment", then "Confirm" when the page asks (pieces left unmoved). */
export async function closeDeployment(p: Page): Promise<void> {
  await p.locator('section.decision').getByRole('button', { name: 'Done — close my deployment' }).click();
  const confirm = p.getByTestId('confirm-close').getByRole('button', { name: 'Confirm — close my deployment' });
  if (
    await confirm.waitFor({ timeout: 1500 }).then(
      () => true,
      () => false,
    )
  )
    await confirm.click();
}
