/**
 * A database connection dropped while its holder keeps it between two queries (issue 39,
 * found by `npm run faults:kill`: a PostgreSQL killed under a running server ended the server
 * with an unhandled 'error' event): with `keepConnectionErrors` the error is heard, the process
 * goes on, and the holder's next query fails as a database away does (503 db-unavailable).
 */
import { Pool } from 'pg';
import { isDatabaseUnavailable, keepConnectionErrors } from '../../src/server/errors';
import { testDatabase } from '../support/db';

test('a connection the database drops while it is held between two queries is heard, not left to end the process, and its next query fails as a database away', async () => {
  const db = await testDatabase();
  const pool = new Pool({ connectionString: db.url });
  const admin = new Pool({ connectionString: db.url });
  const heard: Error[] = [];
  keepConnectionErrors(pool, (err) => heard.push(err));
  try {
    const client = await pool.connect();
    const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
    // Held, idle: pg-pool listens to it no more.
    expect(client.listenerCount('error')).toBe(1);
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const t0 = Date.now();
    while (heard.length === 0 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(heard.length).toBeGreaterThan(0);
    expect(isDatabaseUnavailable(heard[0])).toBe(true);
    const next = await client.query('SELECT 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(next)).toBe(true);
    client.release(true);
    // The pool opens a new connection for the next one.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await pool.end();
    await admin.end();
    await db.drop();
  }
});
