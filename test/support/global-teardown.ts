import { rmSync } from 'node:fs';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.IB_TEST_ADMIN_URL;
  const template = process.env.IB_TEST_TEMPLATE;
  const embedded = (globalThis as { __IB_EMBEDDED__?: { db: { stop(): Promise<void> }; dir: string } }).__IB_EMBEDDED__;
  if (embedded) {
    await embedded.db.stop();
    rmSync(embedded.dir, { recursive: true, force: true });
    return;
  }
  if (adminUrl && template) {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    // Each test file drops its own database; only the template is ours.
    await c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await c.end();
  }
}
