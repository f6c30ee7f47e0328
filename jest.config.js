/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // Type checking is tsc's job (npm run typecheck); jest transpiles each file alone, with import() turned into
  // require() so that libraries loading modules dynamically (the Prisma runtime) work inside jest's VM.
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Two files at a time, whatever the core count: jest's default on this 2-core machine is one (in band), and most
  // files wait on a server, a database or a browser rather than compute. Each file has a database of its own (db.ts),
  // free ports and its own Redis prefix, so two run side by side (a whole run so, on 2026-12-08, at load 20: no
  // failure but a wall-clock header the test now tolerates).
  maxWorkers: 2,
};
