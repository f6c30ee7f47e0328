// `prisma generate` offline: the CLI wants a schema engine binary it never uses for
// generating, so point it at an existing file (see docs/architecture.md).
const { spawnSync } = require('node:child_process');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const r = spawnSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
