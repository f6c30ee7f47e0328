/**
 * Every setting the server reads, with its default (.env.example lists the same).
 * Read once at start-up; nothing else in the code reads process.env.
 */
import { z } from 'zod';

const int = (def: number) => z.coerce.number().int().nonnegative().default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(def);

export const ConfigSchema = z.object({
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address players use to reach this server (seat and spectator links start with it). */
  PUBLIC_URL: z.string().url().optional(),
  /** A PostgreSQL server to use; without it an embedded PostgreSQL is started in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: int(54329),
  EMBEDDED_PG_DATABASE: z.string().default('ironbottom'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A snapshot of a match's state is stored every this many actions. */
  SNAPSHOT_EVERY: int(50),
  /** Live matches idle this long are dropped from memory (they reload from the database). */
  MATCH_IDLE_MS: int(15 * 60 * 1000),
  /** Enables the admin routes when set. */
  ADMIN_TOKEN: z.string().min(16).optional(),
  /** `postgres`: carry socket.io pushes between several server processes over the database (LISTEN/NOTIFY). */
  SOCKET_ADAPTER: z.enum(['none', 'postgres']).default('none'),
  /**
   * A Redis server shared by several server processes: socket.io's Redis Streams adapter
   * (pushes, and connection-state recovery across processes) and the rate limits.
   */
  REDIS_URL: z.string().url().optional(),
  /** Redis keys and the socket.io stream start with it (several deployments on one Redis). */
  REDIS_PREFIX: z.string().min(1).max(40).default('ironbottom'),
  /**
   * Several processes (REDIS_URL or SOCKET_ADAPTER=postgres): where the other processes reach this
   * one to forward the calls of the matches it owns (src/server/owners.ts). Default:
   * http://127.0.0.1:PORT, or the address HOST names: set it when the processes run on several machines.
   */
  INTERNAL_URL: z.string().url().optional(),
  /**
   * Several processes (a cluster adapter set): each live match has one owner (a lease in the
   * database) that the others forward to, and whose pushes reach every socket in its order
   * (src/server/owners.ts; docs/architecture.md, "Several processes"). On by default; `0`: every
   * process follows the others' changes instead (replaying each of their moves). One process: no effect.
   */
  MATCH_OWNERS: bool(true),
  /**
   * How far V8 lets the heap grow past what its last full collection kept before the next one,
   * in percent (V8's --heap-growing-percent). V8's own choice under load is up to four times the
   * live heap, so a busy server's RSS is mostly garbage; 35 keeps it near 1.35 times, for no CPU
   * the benches can tell apart (issue #13; docs/architecture.md, "Memory"). 0: V8's own.
   */
  HEAP_GROWING_PERCENT: int(35),
  /** On SIGTERM/SIGINT: the most time the server takes to finish what is in flight and exit. */
  SHUTDOWN_GRACE_MS: int(10_000),
  /** The most time a client may take to send a whole request (headers and body). */
  REQUEST_TIMEOUT_MS: int(30_000),
  /** An HTTP connection that sends nothing this long is closed (socket.io pings every 25 s). */
  CONNECTION_TIMEOUT_MS: int(120_000),
  /** Serves /metrics to `Authorization: Bearer <METRICS_TOKEN>`; unset: to unforwarded requests from this machine only, and to nobody with TRUST_PROXY on. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The built web client to serve (default: dist/web beside the compiled server, also when run from src/). */
  WEB_DIR: z.string().optional(),
  /** Also serve the benchmark game fog-duel (npm run bench:load); never in production. */
  BENCH_GAMES: bool(false),
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits are per address); /metrics then answers only METRICS_TOKEN. */
  TRUST_PROXY: bool(false),

  /** Rate limits, per window: every HTTP route and socket event, per address and per token. */
  RATE_LIMIT_WINDOW_MS: int(60_000),
  RATE_LIMIT_ADDRESS_MAX: int(600),
  RATE_LIMIT_TOKEN_MAX: int(300),
  /** Chat messages a token may send per chat window. */
  CHAT_RATE_MAX: int(8),
  CHAT_RATE_WINDOW_MS: int(10_000),
  /** The largest match file POST /api/admin/matches/import accepts (bytes); every other body: 64 KiB. */
  IMPORT_BODY_LIMIT: int(16 * 1024 * 1024),

  /** Outgoing mail ("your move" notices); off without SMTP_HOST. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: int(587),
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: bool(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Ironbottom <noreply@localhost>'),
  /** Webhook and mail deliveries: attempts, first back-off (doubled each retry, at most 10 min), webhook timeout. */
  NOTIFY_MAX_ATTEMPTS: int(6),
  NOTIFY_BACKOFF_MS: int(2_000),
  WEBHOOK_TIMEOUT_MS: int(5_000),
  /** Allow webhooks to loopback and private addresses (off: such a webhook is never called). */
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  /**
   * Reminders and overdue marks are durable jobs due at their time (checked once at start-up
   * for clocks that have none); a value above 0 also checks every running clock this often.
   */
  DEADLINE_CHECK_MS: int(0),
  /** A computer's seat (issue #14) waits this long (ms) before its first step after another's change. */
  BOT_THINK_MS: int(500),
  /** A "when away" notice waits this long, then goes only if no socket of the seat is connected. */
  NOTIFY_AWAY_GRACE_MS: int(60_000),
  /** The durable job queue (pg-boss) keeps its tables in this schema of the database. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case PostgreSQL schema name')
    .default('pgboss'),
  /** How often an idle job worker looks for due jobs (ms, at least 500). */
  JOBS_POLL_MS: int(2_000),
  /** How often the job queue fails jobs whose process died while running them, so they are retried (s, at least 1). */
  JOBS_MAINTENANCE_S: int(120),
  /** How long (ms) a request waits for a database connection (a database gone, hung, or every connection in use) before it is answered 503 db-unavailable. */
  DB_CONNECT_TIMEOUT_MS: int(5_000),
  /** How long (ms) a query may go unanswered (a hung database) before it is abandoned and the request answered 503 db-unavailable. */
  DB_QUERY_TIMEOUT_MS: int(15_000),
  /**
   * Tests of crashes only: the process kills itself with SIGKILL at these points of a notice's way
   * (comma-separated: `committed` — a change with jobs committed, before the relay; `relayed` — jobs
   * handed to the queue, before any is run; `sent` — a notice delivered, before its mark).
   */
  FAULT_KILL_AT: z.string().optional(),

  /** Web Push notices ("your move" to a player's phone or desktop with the tab closed). */
  WEB_PUSH: bool(true),
  /**
   * The server's VAPID key pair (base64url, as web-push generates them), both or neither;
   * without them a pair is generated on the first start and kept in DATA_DIR/vapid.json.
   * Several processes must share one pair.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, '65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes in base64url')
    .optional(),
  /** Who runs this server, for the push services (an https: URL or a mailto: address); default PUBLIC_URL when https, else mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'an https: URL or a mailto: address')
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
