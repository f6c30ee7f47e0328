/**
 * Once per test run: a real PostgreSQL (the one DATABASE_URL names, or an embedded one
 * in a temporary folder) and a migrated template database that each test file copies
 * into a database of its own (see db.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbedded, withDatabase, ensureDatabase } from '../../src/store/database';
import { applyMigrations } from '../../src/store/migrate';
import { startupMessage } from '../../src/server/shutdown';
import { freePort } from './ports';

/**
 * A database that cannot start is told in the sentence `npm start` prints (src/server/shutdown.ts),
 * not as a stack: the error's stack is that sentence alone, which is what jest prints.
 */
export function setupFailure(err: unknown, databaseUrl?: string): Error {
  const e = new Error(`The tests could not start their database: ${startupMessage(err, databaseUrl ? { databaseUrl } : {})}`);
  e.stack = e.message;
  return e;
}

export default async function globalSetup(): Promise<void> {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'ironbottom-test-'));
    const db = await startEmbedded({ dataDir: dir, port: await freePort(), database: 'postgres' }).catch((e: unknown) => {
      throw setupFailure(e);
    });
    (globalThis as { __IB_EMBEDDED__?: unknown }).__IB_EMBEDDED__ = { db, dir };
    adminUrl = db.url;
  }
  const template = `ib_template_${process.pid}`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${template}"`);
  await client.end();
  await ensureDatabase(adminUrl, template);
  await applyMigrations(withDatabase(adminUrl, template));
  // CREATE DATABASE ... TEMPLATE needs the template free of sessions.
  const c2 = new Client({ connectionString: adminUrl });
  await c2.connect();
  await c2.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [template]);
  await c2.end();
  process.env.IB_TEST_ADMIN_URL = adminUrl;
  process.env.IB_TEST_TEMPLATE = template;
}
