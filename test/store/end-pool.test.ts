/**
 * Shutdown: the server stops its embedded database right after its pool. pg-pool's own `end()`
 * resolves once it has asked the connections to close, before they have: the database, stopped
 * then, cut them off, and every one logged "terminating connection due to administrator command".
 */
import { Pool, type PoolClient } from 'pg';
import { endPool } from '../../src/store/open';

async function poolWithOpenConnections(n: number): Promise<{ pool: Pool; closed: () => number }> {
  const pool = new Pool({ connectionString: process.env.IB_TEST_ADMIN_URL!, max: n });
  const ended = new Set<unknown>();
  pool.on('connect', (c) => c.on('end', () => ended.add(c)));
  // Held at once, so that the pool opens n connections; then back to the pool, idle.
  const held: PoolClient[] = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  for (const c of held) c.release();
  expect(pool.totalCount).toBe(n);
  return { pool, closed: () => ended.size };
}

test('endPool resolves only once every connection of the pool has closed', async () => {
  const { pool, closed } = await poolWithOpenConnections(4);
  await endPool(pool);
  expect(closed()).toBe(4);
});

test('endPool of a pool that never connected resolves at once', async () => {
  const pool = new Pool({ connectionString: process.env.IB_TEST_ADMIN_URL! });
  await endPool(pool);
  expect(pool.ended).toBe(true);
});
