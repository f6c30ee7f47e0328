/**
 * A PostgreSQL the server does not own, in a process of the test's own (test/support/pg-holder.ts): started in `dir` on
 * `port`, stopped (SIGTERM) when the test says — a database that goes away under a running server and comes back.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './process';

export interface Held {
  url: string;
  stop(): Promise<void>;
}

/** A PostgreSQL in a process of the test's own (test/support/pg-holder.ts), in `dir` on `port`. */
export function holdPostgres(dir: string, port: number): Promise<Held> {
  const child = spawn(process.execPath, ['-r', 'tsx/cjs', join(ROOT, 'test/support/pg-holder.ts'), dir, String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((r) => child.once('exit', r));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr!.on('data', (d) => (out += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('postgresql://'));
      if (line) resolve({ url: line.trim(), stop: async () => void (child.kill('SIGTERM'), await exited) });
    });
    child.once('exit', () => reject(new Error(`the test's PostgreSQL did not start: ${out}`)));
  });
}
