/**
 * Start-up failures an operator meets first, each told in a sentence that names the cause
 * and the fix (never the word "undefined", never an object), or handled by the server
 * itself: the embedded PostgreSQL's port taken by another program (a free port is used),
 * a PostgreSQL orphaned by a server killed with kill -9 (stopped and started afresh), a
 * data folder used by a live server, the HTTP port taken, a DATABASE_URL that answers nothing.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabase } from '../support/db';
import { freePort } from '../support/ports';
import { ROOT, startServer, stopWith, waitFor, type ServerProcess } from '../support/process';

const UNDEFINED = /\bundefined\b/;

function listen(port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ port, host, exclusive: true }, () => resolve(s));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The one line a failed start prints on stderr. */
const failure = (p: ServerProcess) =>
  p
    .output()
    .split('\n')
    .find((l) => l.startsWith('ironbottom could not start: ')) ?? p.output();

let dataDir: string;
const running: ServerProcess[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ironbottom-start-'));
});
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) await stopWith(p);
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>): ServerProcess {
  const p = startServer({ DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  running.push(p);
  return p;
}

test('the embedded PostgreSQL port taken by another program: the server says so and uses a free port', async () => {
  const pgPort = await freePort();
  const holders = [await listen(pgPort, '127.0.0.1'), await listen(pgPort, '::1').catch(() => null)];
  try {
    const port = await freePort();
    const p = start({ PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) });
    await waitFor(`http://127.0.0.1:${port}/readyz`, p);
    expect(p.output()).toContain(`port ${pgPort} (EMBEDDED_PG_PORT) is taken by another program`);
    expect(p.output()).not.toMatch(UNDEFINED);
  } finally {
    for (const h of holders) h?.close();
  }
}, 120_000);

test('a data folder in use by a live server is refused in a sentence; after that server is killed with kill -9, the next start stops the PostgreSQL it orphaned and serves the same data', async () => {
  const port = await freePort();
  const env = { PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
  const first = start(env);
  await waitFor(`http://127.0.0.1:${port}/readyz`, first);
  const m: any = await (
    await fetch(`http://127.0.0.1:${port}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })
  ).json();

  // A second server on the same folder (another port): refused, with the cause and the fix.
  const second = start({ ...env, PORT: String(await freePort()) });
  expect(await second.exited).toBe(1);
  expect(failure(second)).toMatch(new RegExp(`^ironbottom could not start: Another server \\(process ${first.child.pid}\\) is using the data folder .*DATA_DIR`));
  expect(second.output()).not.toMatch(UNDEFINED);

  // kill -9: the server goes, its PostgreSQL stays behind holding the folder.
  const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  first.child.kill('SIGKILL');
  await first.exited;
  expect(alive(postmaster)).toBe(true);

  const third = start(env);
  await waitFor(`http://127.0.0.1:${port}/readyz`, third);
  expect(third.output()).toContain(`stopping the PostgreSQL (process ${postmaster}) left running`);
  expect(alive(postmaster)).toBe(false);
  expect(third.output()).not.toMatch(UNDEFINED);
  const r = await fetch(`http://127.0.0.1:${port}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats.allied.token}` } });
  expect(r.status).toBe(200);
  expect((await stopWith(third)).code).toBe(0);
}, 180_000);

test('the HTTP port taken, and a DATABASE_URL where nothing answers: one sentence each, exit code 1', async () => {
  const db = await testDatabase();
  const port = await freePort();
  const holder = await listen(port, '127.0.0.1');
  try {
    const taken = start({ PORT: String(port), DATABASE_URL: db.url });
    expect(await taken.exited).toBe(1);
    expect(failure(taken)).toBe(
      `ironbottom could not start: Port ${port} is taken by another program, so the server cannot listen on it. Stop that program or set PORT to a free port.`,
    );
    expect(taken.output()).not.toMatch(UNDEFINED);
  } finally {
    holder.close();
    await db.drop();
  }
  const nowhere = await freePort();
  const unreachable = start({ PORT: String(await freePort()), DATABASE_URL: `postgresql://postgres@127.0.0.1:${nowhere}/ironbottom` });
  expect(await unreachable.exited).toBe(1);
  expect(failure(unreachable)).toMatch(new RegExp(`^ironbottom could not start: Cannot reach the database at 127\\.0\\.0\\.1:${nowhere} \\(ECONNREFUSED\\)\\. Check DATABASE_URL`));
  expect(unreachable.output()).not.toMatch(UNDEFINED);
}, 120_000);

test('as root, a temporary folder the "postgres" user cannot enter: npm start and the tests\' global set-up give the same one sentence, no stack', async () => {
  const closed = mkdtempSync(join(tmpdir(), 'ironbottom-closed-'));
  chmodSync(closed, 0o700);
  try {
    const port = await freePort();
    const server = start({ PORT: String(port), TMPDIR: closed });
    if (process.getuid?.() !== 0) {
      // Not root: PostgreSQL runs as this user, who made the folder, and starts.
      await waitFor(`http://127.0.0.1:${port}/readyz`, server);
      return;
    }
    const code = await server.exited;
    const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), 'test/store/end-pool.test.ts'], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: closed, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    const sentence = `The "postgres" user cannot enter ${closed}. As root the embedded PostgreSQL runs as the "postgres" user`;
    expect(code).toBe(1);
    expect(failure(server)).toMatch(new RegExp(`^ironbottom could not start: ${escape(sentence)}`));
    expect(jest.status).not.toBe(0);
    const said = jest.stdout + jest.stderr;
    const line = said.split('\n').find((l) => l.includes('cannot enter'));
    expect(line).toBe(`The tests could not start their database: ${failure(server).slice('ironbottom could not start: '.length)}`);
    expect(said).not.toMatch(/^\s+at /m);
    expect(said).not.toMatch(/EACCES|\bundefined\b/);
  } finally {
    rmSync(closed, { recursive: true, force: true });
  }
}, 180_000);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
