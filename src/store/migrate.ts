/**
 * Migrations through Prisma's WebAssembly schema engine (the native one cannot be
 * downloaded here). `prisma/migrations` keeps Prisma Migrate's own layout, and
 * `_prisma_migrations` is kept exactly as `prisma migrate deploy` keeps it.
 *
 * New migrations are made schema-to-schema: each migration folder holds a copy of
 * the schema as of that migration (`schema.prisma`) beside its `migration.sql`, and
 * `diffSchema` compares the newest copy with the current `prisma/schema.prisma`
 * (introspecting a live database through the adapter does not work in this engine).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { Client } from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { importEsm } from './esm';

export const PRISMA_DIR = join(__dirname, '..', '..', 'prisma');
export const MIGRATIONS_DIR = join(PRISMA_DIR, 'migrations');
export const SCHEMA_FILE = join(PRISMA_DIR, 'schema.prisma');

interface Engine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string }>;
  free(): void;
}

/** The engine and a way to close the connections it opened (free() alone leaves the pool open). */
async function withEngine<T>(datasourceUrl: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  const opened: { dispose(): Promise<void> }[] = [];
  const pg = new PrismaPg({ connectionString: datasourceUrl });
  const connect = pg.connect.bind(pg);
  pg.connect = async () => {
    const adapter = await connect();
    opened.push(adapter);
    return adapter;
  };
  const engine = await loadEngine(pg);
  try {
    return await work(engine);
  } finally {
    engine.free();
    for (const a of opened) await a.dispose().catch(() => undefined);
  }
}

async function loadEngine(pg: PrismaPg): Promise<Engine> {
  const pkgDir = dirname(require.resolve('@prisma/schema-engine-wasm'));
  const bg = await importEsm(join(pkgDir, 'schema_engine_bg.js'));
  const bytes = readFileSync(join(pkgDir, 'schema_engine_bg.wasm'));
  const wasm = (globalThis as any).WebAssembly;
  // The engine's timers must not keep a finished process (a CLI run, jest) alive for their 10 s.
  const imports: Record<string, unknown> = { ...bg };
  for (const key of Object.keys(bg).filter((k) => k.startsWith('__wbg_setTimeout_'))) {
    imports[key] = (...args: unknown[]) => {
      const t = bg[key](...args);
      if (t && typeof t.unref === 'function') t.unref();
      return t;
    };
  }
  const instance = new wasm.Instance(new wasm.Module(bytes), { './schema_engine_bg.js': imports });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as any).__wbindgen_start();
  const schema = readFileSync(SCHEMA_FILE, 'utf8');
  const factory = bindMigrationAwareSqlAdapterFactory(pg);
  return bg.SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => {}, factory);
}

const FILTERS = { externalTables: [], externalEnums: [] };

function migrationsList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR)
        .filter((d) => statSync(join(MIGRATIONS_DIR, d)).isDirectory())
        .sort()
    : [];
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((d) => {
      const file = join(MIGRATIONS_DIR, d, 'migration.sql');
      return {
        path: d,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file) ? { tag: 'ok', value: readFileSync(file, 'utf8') } : { tag: 'error', value: `${file} is missing` },
        },
      };
    }),
  };
}

/**
 * Whether `_prisma_migrations` already holds every migration folder, applied and with the
 * checksum (SHA-256 of migration.sql) of the file as it is now. A plain query: the engine,
 * whose WebAssembly holds some 60 MB of a server's memory for good, is loaded only when
 * this says no (or cannot tell), and then decides everything as `prisma migrate deploy` does.
 */
export async function migrationsUpToDate(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    return migrationsList().migrationDirectories.every((d) => {
      const sql = join(MIGRATIONS_DIR, d.path, 'migration.sql');
      return existsSync(sql) && applied.get(d.path) === createHash('sha256').update(readFileSync(sql)).digest('hex');
    });
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Applies every pending migration; returns the names of those applied now. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  if (await migrationsUpToDate(databaseUrl)) return [];
  return withEngine(databaseUrl, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: migrationsList(), filters: FILTERS });
    return out.appliedMigrationNames;
  });
}

/** The newest migration folder's schema copy, or null when there is no migration yet. */
function latestSchemaCopy(): string | null {
  const list = migrationsList().migrationDirectories;
  for (let i = list.length - 1; i >= 0; i--) {
    const copy = join(MIGRATIONS_DIR, list[i]!.path, 'schema.prisma');
    if (existsSync(copy)) return readFileSync(copy, 'utf8');
  }
  return null;
}

/** SQL that takes the database from the newest migration's schema to the current one ('' when equal). */
export async function diffSchema(databaseUrl: string): Promise<{ sql: string; schema: string }> {
  return withEngine(databaseUrl, async (engine) => {
    const schema = readFileSync(SCHEMA_FILE, 'utf8');
    const previous = latestSchemaCopy();
    const from = previous === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: previous }] };
    const to = { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schema }] };
    const out = await engine.diff({ from, to, script: true, shadowDatabaseUrl: null, exitCode: null, filters: FILTERS });
    const sql = out.stdout.trim();
    return { sql: /^-- This is an empty migration\.?$/.test(sql) ? '' : sql, schema };
  });
}
