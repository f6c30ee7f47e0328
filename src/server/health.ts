/**
 * Liveness and readiness, as an orchestrator asks for them:
 * - `GET /livez`: 200 while the process answers at all (restart it when this fails);
 * - `GET /readyz`: 200 once the server listens and its database answers, 503 while it
 *   starts, while it shuts down (from the first moment of a SIGTERM) and while the
 *   database does not answer (send it no traffic then);
 * - `GET /health`: the same as /readyz (the name the README gave it first).
 */
import type { App } from './app-type';

export type Phase = 'starting' | 'ready' | 'stopping';

export class Lifecycle {
  phase: Phase = 'starting';

  ready(): void {
    if (this.phase === 'starting') this.phase = 'ready';
  }

  stopping(): void {
    this.phase = 'stopping';
  }
}

const NOT_READY: Record<Exclude<Phase, 'ready'>, { code: string; message: string }> = {
  starting: { code: 'starting', message: 'The server is starting.' },
  stopping: { code: 'shutting-down', message: 'The server is shutting down.' },
};

/** How long /readyz waits for the database's answer. */
const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(app: App, lifecycle: Lifecycle, databaseAnswers: () => Promise<void>): void {
  app.get('/livez', { schema: { hide: true } }, async () => ({ ok: true }));
  const readiness = async (_req: unknown, reply: { status(n: number): { send(b: unknown): unknown } }) => {
    if (lifecycle.phase !== 'ready') return reply.status(503).send({ ok: false, error: NOT_READY[lifecycle.phase] });
    try {
      // A hung database (no answer at all) drops readiness within seconds too.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      await Promise.race([databaseAnswers(), late]).finally(() => clearTimeout(timer));
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false, error: { code: 'db-down', message: 'The database does not answer.' } });
    }
  };
  app.get('/readyz', { schema: { hide: true } }, readiness);
  app.get('/health', { schema: { hide: true } }, readiness);
}
