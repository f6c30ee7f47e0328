/** A real server (fastify + socket.io + Prisma on this file's own database) on a free loopback port. */
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { GAMES } from '../../src/games';
import type { GameModule } from '../../src/engine';
import { MatchService } from '../../src/matches/service';
import { createPrisma, type PrismaClient } from '../../src/store/prisma';
import { buildApp, type App } from '../../src/server/app';
import { testDatabase } from './db';

export type RecordedSocket = Socket & { got: { event: string; body: any }[] };

export interface TestServer {
  url: string;
  app: App;
  service: MatchService;
  prisma: PrismaClient;
  /**
   * A socket.io client with `auth: { token }`, connected (rejects on a refused handshake).
   * Everything it receives from the start is recorded in `got`.
   */
  socket(token: string, extra?: Record<string, unknown>): Promise<RecordedSocket>;
  close(): Promise<void>;
}

export async function startTestServer(
  opts: { snapshotEvery?: number; games?: ReadonlyMap<string, GameModule>; newSeed?: () => string } = {},
): Promise<TestServer> {
  const db = await testDatabase();
  const prisma = createPrisma(db.url);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const service = new MatchService(prisma, {
    games: opts.games ?? GAMES,
    publicUrl: 'http://127.0.0.1',
    snapshotEvery: opts.snapshotEvery ?? 50,
    idleMs: 60_000,
    logger,
    ...(opts.newSeed ? { newSeed: opts.newSeed } : {}),
  });
  const { app } = await buildApp({ service, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const sockets: Socket[] = [];
  return {
    url,
    app,
    service,
    prisma,
    socket(token, extra = {}) {
      return new Promise((resolve, reject) => {
        const s = connect(url, { auth: { token, ...extra }, transports: ['websocket'], reconnection: false, forceNew: true }) as RecordedSocket;
        s.got = [];
        s.onAny((event, body) => s.got.push({ event, body }));
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', (e) => reject(e));
      });
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await app.close();
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** The next `event` on `socket` (rejects after `ms`). */
export function next<T = any>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (v: T) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

export async function api(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
