/**
 * The real app (buildApp) on the in-memory store for a browser test file, serving the built
 * web client (no database): started in the file's beforeAll, closed in its afterAll.
 */
import pino from 'pino';
import { GAMES } from '../../src/games';
import { MatchService, type MatchServiceOptions } from '../../src/matches/service';
import { buildApp, type Built } from '../../src/server/app';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { ensureWebBuild, WEB_DIR } from './e2e';
import { testPush } from './push';

export interface MemoryApp {
  readonly url: string;
  readonly built: Built;
}

/** The app's options: see `startMemoryApp`. */
export interface MemoryAppOptions {
  /** The computer's pause before it moves. */
  botThinkMs?: number;
  /** More of the service's options (a fixed seed…). */
  service?: Partial<MatchServiceOptions>;
  webDir?: string;
  /** The store (a test that reads the stored rows, as who acted, passes its own). */
  store?: MemoryMatchStore;
  /** Web Push set up, as a server has it by default (WEB_PUSH=true): GET /api/push/key answers a key, not 404 push-off. */
  webPush?: boolean;
}

export function memoryApp(opts: MemoryAppOptions = {}): MemoryApp {
  let built: Built | undefined;
  let url = '';
  beforeAll(async () => {
    if (!opts.webDir) ensureWebBuild();
    built = await startMemoryApp(opts);
    url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await built?.app.close();
  });
  return {
    get url() {
      return url;
    },
    get built() {
      if (!built) throw new Error('the app is not started (beforeAll)');
      return built;
    },
  };
}

/** Starts the app on a free port of 127.0.0.1 (close it with `built.app.close()`). */
export async function startMemoryApp(opts: MemoryAppOptions = {}): Promise<Built> {
  const logger = pino({ level: 'silent' });
  const service = new MatchService(opts.store ?? new MemoryMatchStore(), {
    games: GAMES,
    publicUrl: 'http://127.0.0.1',
    snapshotEvery: 50,
    idleMs: 600_000,
    logger,
    ...opts.service,
  });
  const push = opts.webPush ? testPush(logger, () => service) : undefined;
  const built = await buildApp({
    service,
    logger,
    webDir: opts.webDir ?? WEB_DIR,
    botThinkMs: opts.botThinkMs ?? 10,
    ...(push ? { push: { publicKey: push.vapid.publicKey, subscriptions: push.subscriptions() } } : {}),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return built;
}
