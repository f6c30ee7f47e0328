// Builds the web client (src/web) into dist/web with Vite, printing the bundle sizes.
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
if (!existsSync('src/web/index.html')) {
  console.log('build:web: no web client in src/web yet; skipped');
  process.exit(0);
}
const r = spawnSync(process.execPath, [require.resolve('vite/bin/vite.js'), 'build'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
