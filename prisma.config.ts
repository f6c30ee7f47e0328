import { defineConfig } from 'prisma/config';

// Used by `prisma generate` only; migrations run through scripts/db.ts (WebAssembly schema engine).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
