/**
 * A Redis for the tests of several processes: REDIS_URL when set, else the machine's
 * (127.0.0.1:6379), else a redis-server of the test's own on a free port when the binary is
 * installed. Each test gives its keys a prefix of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './ports';

async function answers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export interface TestRedis {
  url: string;
  /** A fresh key prefix. */
  prefix(): string;
  close(): Promise<void>;
}

export async function testRedis(): Promise<TestRedis> {
  const prefix = () => `ib-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  for (const url of [process.env.REDIS_URL, 'redis://127.0.0.1:6379'].filter((u): u is string => !!u)) {
    if (await answers(url)) return { url, prefix, close: async () => {} };
  }
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  } catch {
    throw new Error('These tests need a Redis: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server.');
  }
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await answers(url))) throw new Error('These tests need a Redis: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server.');
  return {
    url,
    prefix,
    close: async () => {
      child.kill('SIGTERM');
    },
  };
}
