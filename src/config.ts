/**
 * Every setting the server reads, with its default (.env.example lists the same).
 * Read once at start-up; nothing else in the code reads process.env.
 */
import { z } from 'zod';

const int = (def: number) => z.coerce.number().int().nonnegative().default(def);

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
