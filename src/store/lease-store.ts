/**
 * Who owns each live match when several server processes share one database (the tables
 * `server_processes` and `match_leases`; src/server/owners.ts uses them). Every time is the
 * database's own `now()`, so the processes' clocks never have to agree.
 *
 * A process is alive while its `alive_until` is ahead of now (it renews it every few seconds);
 * a lease is its owner's for as long as the owner is alive: a lease is never renewed one by
 * one, the owner's heartbeat renews them all. A process that stops gives its leases up
 * (`leave`); one that dies loses them when its `alive_until` passes, and the next process to
 * use one of its matches takes the lease over (`take`).
 */
import { Pool } from 'pg';
import type { Logger } from 'pino';

/** A process as the others reach it. */
export interface Peer {
  id: string;
  url: string;
  secret: string;
}

export class LeaseStore {
  private pool: Pool;

  constructor(databaseUrl: string, logger: Logger) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 3, keepAlive: true });
    this.pool.on('error', (err) => logger.warn({ err: err.message }, 'lease store: database error'));
    // A connection that breaks between queries: logged, not thrown (the pool makes a new one).
    this.pool.on('connect', (client) => client.on('error', (err) => logger.debug({ err: err.message }, 'lease store: a connection broke')));
  }

  /** Registers this process (or renews it) alive for `ttlMs` from now. */
  async beat(self: Peer, ttlMs: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO server_processes (id, url, secret, alive_until) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET alive_until = EXCLUDED.alive_until, url = EXCLUDED.url`,
      [self.id, self.url, self.secret, ttlMs],
    );
  }

  /** The processes alive now. */
  async alive(): Promise<Peer[]> {
    const r = await this.pool.query<Peer>('SELECT id, url, secret FROM server_processes WHERE alive_until > now()');
    return r.rows;
  }

  /**
   * The owner of `matchId`: the lease's holder if it is alive, else `self`, which takes the
   * lease (a new one, or one whose owner died or left) in the same statement. Two processes
   * taking at once: the row's lock makes one wait, and it finds the other's lease alive.
   */
  async take(matchId: string, selfId: string): Promise<Peer> {
    const r = await this.pool.query<Peer>(
      `WITH taken AS (
         INSERT INTO match_leases (match_id, owner) VALUES ($1, $2)
         ON CONFLICT (match_id) DO UPDATE SET owner = EXCLUDED.owner, taken_at = now()
           WHERE match_leases.owner = EXCLUDED.owner
              OR NOT EXISTS (SELECT 1 FROM server_processes p WHERE p.id = match_leases.owner AND p.alive_until > now())
         RETURNING owner)
       SELECT p.id, p.url, p.secret FROM taken JOIN server_processes p ON p.id = taken.owner
       UNION ALL
       SELECT p.id, p.url, p.secret FROM match_leases l JOIN server_processes p ON p.id = l.owner
         WHERE l.match_id = $1 AND NOT EXISTS (SELECT 1 FROM taken)`,
      [matchId, selfId],
    );
    const owner = r.rows[0];
    if (!owner) throw new Error(`no owner for match ${matchId}`);
    return owner;
  }

  /** The matches whose lease `selfId` holds and that have ended (finished or abandoned). */
  async ended(selfId: string): Promise<string[]> {
    const r = await this.pool.query<{ match_id: string }>(
      `SELECT l.match_id FROM match_leases l JOIN matches m ON m.id = l.match_id WHERE l.owner = $1 AND m.status IN ('finished', 'abandoned')`,
      [selfId],
    );
    return r.rows.map((row) => row.match_id);
  }

  /** Gives up `selfId`'s leases of `matchIds` (a later use of one of them takes it anew). */
  async release(selfId: string, matchIds: string[]): Promise<void> {
    if (matchIds.length > 0) await this.pool.query('DELETE FROM match_leases WHERE owner = $1 AND match_id = ANY($2::text[])', [selfId, matchIds]);
  }

  /** This process stops: its row goes, and with it every lease it held (the next use of each match takes it). */
  async leave(selfId: string): Promise<void> {
    await this.pool.query('DELETE FROM match_leases WHERE owner = $1', [selfId]);
    await this.pool.query('DELETE FROM server_processes WHERE id = $1', [selfId]);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
