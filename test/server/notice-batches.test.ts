/**
 * The notice queue keeps up with the notices owed (issue 39: a fault run under bot load found
 * 251 of 661 notices still queued, never tried, after two minutes). pg-boss 10's worker takes
 * one job a fetch and then waits out its polling interval, so a process ran one notice a poll.
 * Here twenty notices are due when the worker starts, with a polling interval of 30 s: all of
 * them must go out from the fetches that find them, long before a second poll; and when a
 * notice's webhook fails its batch is retried, the notices that went out finding their mark and
 * sending nothing again.
 */
import { createServer } from 'node:http';
import pino from 'pino';
import PgBoss from 'pg-boss';
import { JobNotifier, jobId } from '../../src/server/jobs';
import type { Notice } from '../../src/matches/notify';
import { testDatabase } from '../support/db';

const POLL_SECONDS = 30;

async function sink(failFor: Set<string>) {
  const calls: string[] = [];
  const hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      calls.push(key);
      res.writeHead(failFor.has(key) ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  return { calls, url: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`, close: () => new Promise((r) => hook.close(r)) };
}

function notifier(url: string, hook: string) {
  return new JobNotifier({
    logger: pino({ level: 'silent' }),
    maxAttempts: 3,
    backoffMs: 1000,
    timeoutMs: 2000,
    allowPrivate: true,
    connectionString: url,
    schema: 'pgboss',
    pollSeconds: POLL_SECONDS,
    targetOf: async () => ({ webhook: hook }),
  });
}

const notice = (i: number): Notice => ({
  event: 'your-move',
  match: `m${i}`,
  game: 'toy',
  gameName: 'Toy',
  side: 'a',
  seq: 1,
  link: `http://127.0.0.1/m/m${i}`,
  at: '2026-12-07T00:00:00.000Z',
});

test('twenty notices due at once all go out before the worker polls again, once each, while a failing one is retried', async () => {
  const db = await testDatabase();
  const failing = new Set(['m3:a:webhook']);
  const hook = await sink(failing);
  const noop = { fire: async () => false };
  try {
    // A first process makes the queues, and stops.
    const first = notifier(db.url, hook.url);
    await first.start(noop);
    await first.close(500);
    // Twenty notices owed while no process runs.
    const boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', supervise: false, schedule: false });
    await boss.start();
    await boss.insert(
      Array.from({ length: 20 }, (_, i) => {
        const key = `m${i}:a:webhook`;
        return { id: jobId(key), name: 'notices', data: { notice: notice(i), channel: 'webhook', key, away: false }, retryLimit: 2, retryDelay: 1 };
      }),
    );
    await boss.stop({ graceful: false, wait: true });

    const started = Date.now();
    const second = notifier(db.url, hook.url);
    await second.start(noop);
    try {
      // The worker's first fetch finds them; its next poll would come 30 s later.
      while (new Set(hook.calls.filter((k) => !failing.has(k))).size < 19 && Date.now() - started < (POLL_SECONDS * 1000) / 2) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const delivered = hook.calls.filter((k) => !failing.has(k));
      expect(new Set(delivered).size).toBe(19);
      // Once each: the failing notice's batch, retried with it, sent the others nothing again.
      expect(delivered.length).toBe(19);
      expect(hook.calls.filter((k) => failing.has(k)).length).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close(500);
    }
  } finally {
    // pg-boss removes its stopped workers a second later, from a timer of its own.
    await new Promise((r) => setTimeout(r, 2_000));
    await hook.close();
    await db.drop();
  }
}, 60_000);
