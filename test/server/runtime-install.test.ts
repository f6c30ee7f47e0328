/**
 * The image's runtime stage, without a Docker daemon: the compiled server, the Prisma
 * folder and the production dependencies only (`npm install --omit=dev`, as the
 * Dockerfile's runtime stage does) in a scratch folder, started with `node
 * dist/server/main.js`: it must start its embedded PostgreSQL, migrate it and answer
 * /readyz. A module the server needs at run time but listed as a dev dependency fails here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports';
import { ROOT, startServer, stopWith, waitFor } from '../support/process';

test('the image starts the server as `npm start` does (the same node flags)', () => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))?.[1];
  expect(cmd && (JSON.parse(cmd) as string[])).toEqual(start.split(/\s+/));
});

test('the runtime install (production dependencies only, as in the image) starts the server, which answers /readyz and stops on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ironbottom-runtime-'));
  // As root the embedded PostgreSQL runs as "postgres", who must reach its programs in here (the image runs as "node").
  chmodSync(dir, 0o755);
  try {
    const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', join(dir, 'dist')], { cwd: ROOT, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    for (const f of ['package.json', 'package-lock.json', 'prisma']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
    // The same command as the Dockerfile's runtime stage.
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const run = /^FROM .* AS runtime$[\s\S]*?^RUN (npm install --omit=dev(?:[^\n]*\\\n)*[^\n]*)/m.exec(dockerfile)?.[1];
    expect(run).toBeDefined();
    // The same commands, but the one that empties npm's cache (this machine's, here).
    const install = run!
      .replace(/\\\n/g, ' ')
      .replace(/&&\s*npm cache clean --force/, '')
      .replace('npm install', 'npm install --prefer-offline');
    const npm = spawnSync(install, { cwd: dir, shell: true, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    expect({ status: npm.status, err: npm.status === 0 ? '' : npm.stderr }).toEqual({ status: 0, err: '' });
    const port = await freePort();
    const server = startServer(
      { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, '.data'), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' },
      { entry: 'dist/server/main.js', cwd: dir },
    );
    try {
      await waitFor(`http://127.0.0.1:${port}/readyz`, server);
      expect(server.output()).not.toContain('Cannot find module');
      const stopped = await stopWith(server);
      if (stopped.code !== 0) console.log(server.output());
      expect(stopped.code).toBe(0);
    } finally {
      if (server.child.exitCode === null) await stopWith(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 420_000);
