/**
 * What a newcomer gets from `npm start` with no PostgreSQL installed: the server starts
 * an embedded PostgreSQL in its data folder, migrates it, answers /health, stops
 * cleanly on SIGTERM, and on the next start reuses the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports';

const root = join(__dirname, '..', '..');

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'src/server/main.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function waitHealthy(url: string, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    try {
      const r = await fetch(url + '/health');
      if (r.status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - t0 > ms) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

test('with no DATABASE_URL the server runs on an embedded PostgreSQL it reuses, and stops cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-boot-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info', HOST: '127.0.0.1' };
  const url = `http://127.0.0.1:${port}`;
  try {
    const first = start(env);
    await waitHealthy(url);
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(first.output()).toContain('migrations applied');
    const created: any = await (
      await fetch(url + '/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })
    ).json();
    const stop1 = exited(first.child);
    first.child.kill('SIGTERM');
    expect(await stop1).toBe(0);
    expect(first.output()).toContain('stopped');
    // Never a seat token in the log.
    expect(first.output()).not.toContain(created.seats.allied.token);

    const second = start(env);
    await waitHealthy(url);
    expect(second.output()).toContain('database is up to date');
    const state = await fetch(`${url}/api/matches/${created.id}`, { headers: { authorization: `Bearer ${created.seats.japanese.token}` } });
    expect(state.status).toBe(200);
    const stop2 = exited(second.child);
    second.child.kill('SIGINT');
    expect(await stop2).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
