/**
 * The start-up check that spares a server the schema engine's memory: a database is "up to
 * date" only when every migration folder is applied with the checksum of its file as it is.
 * Anything else goes to the engine, which applies what is pending (or refuses); the engine
 * itself cannot load inside jest's module sandbox, so global-setup.ts and boot.test.ts
 * (a real server on a new database) are where it runs.
 */
import { readdirSync } from 'node:fs';
import { Client } from 'pg';
import { applyMigrations, migrationsUpToDate, MIGRATIONS_DIR } from '../../src/store/migrate';
import { testDatabase } from '../support/db';

const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

async function sql(url: string, text: string, values: unknown[] = []): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text, values);
  } finally {
    await c.end();
  }
}

describe('migrations at start-up', () => {
  test('a database with every migration applied as its file reads now is up to date, and applying does nothing', async () => {
    const db = await testDatabase();
    try {
      expect(await migrationsUpToDate(db.url)).toBe(true);
      expect(await applyMigrations(db.url)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  test('a migration missing from _prisma_migrations is pending', async () => {
    const db = await testDatabase();
    try {
      await sql(db.url, 'DELETE FROM _prisma_migrations WHERE migration_name = $1', [folders.at(-1)]);
      expect(await migrationsUpToDate(db.url)).toBe(false);
    } finally {
      await db.drop();
    }
  });

  test('a migration applied from a different file (its checksum differs) is not up to date', async () => {
    const db = await testDatabase();
    try {
      await sql(db.url, "UPDATE _prisma_migrations SET checksum = 'x' WHERE migration_name = $1", [folders[0]]);
      expect(await migrationsUpToDate(db.url)).toBe(false);
    } finally {
      await db.drop();
    }
  });

  test('a rolled-back migration, or a database with no migrations table, is not up to date', async () => {
    const db = await testDatabase();
    try {
      await sql(db.url, 'UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1', [folders[1]]);
      expect(await migrationsUpToDate(db.url)).toBe(false);
      await sql(db.url, 'DROP TABLE _prisma_migrations');
      expect(await migrationsUpToDate(db.url)).toBe(false);
    } finally {
      await db.drop();
    }
  });
});
