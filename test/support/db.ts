/** A database of this test file's own, copied from the migrated template of global-setup.ts. */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { withDatabase } from '../../src/store/database';

export async function testDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.IB_TEST_ADMIN_URL!;
  const template = process.env.IB_TEST_TEMPLATE!;
  const name = `ib_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await c.end();
  return {
    url: withDatabase(admin, name),
    async drop() {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    },
  };
}
