/**
 * Prometheus metrics (prom-client), served at GET /metrics by a fastify plugin: to
 * `Authorization: Bearer <METRICS_TOKEN>` when that is set; without it, to a request whose
 * connection comes from this machine and that no proxy forwarded — and to nobody once a proxy
 * setting is on (TRUST_PROXY), since behind a reverse proxy on the same host every request's
 * connection comes from this machine. Not public: the action and push counts of a server with
 * one match running would tell a player how many private steps the other side took.
 *
 * - ironbottom_actions_total{kind, outcome, code}: actions, undos and resignations accepted
 *   and refused (by error code);
 * - ironbottom_action_ack_seconds{kind, via}: from receipt to acknowledgement (after commit);
 * - ironbottom_pushes_total{audience}, ironbottom_push_bytes_total{audience}: state bodies
 *   pushed to each audience's room (once per room, however many sockets are in it);
 * - ironbottom_live_matches, ironbottom_sockets: matches held in memory, sockets connected;
 * - ironbottom_notices_total{result}: notices delivered and failed for good;
 * - ironbottom_db_pool_connections{state}: the database pool (total, idle, waiting);
 * - ironbottom_http_request_seconds{method, route, status};
 * - prom-client's defaults: event-loop delay (nodejs_eventloop_lag_*), heap, CPU, handles.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiError } from '../matches/errors';
import { bearerOrNull } from './tokens';

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricSources {
  liveMatches(): number;
  sockets(): number;
  notices(): { delivered: number; failed: number } | undefined;
  pool?: PoolStats;
}

export type ActionKind = 'action' | 'undo' | 'resign';

export class Metrics {
  readonly registry = new Registry();
  private readonly actions = new Counter({
    name: 'ironbottom_actions_total',
    help: 'Actions, undos and resignations, accepted or refused (by error code)',
    labelNames: ['kind', 'outcome', 'code'],
    registers: [this.registry],
  });
  private readonly ack = new Histogram({
    name: 'ironbottom_action_ack_seconds',
    help: 'Time from receiving an action to acknowledging it (after its commit)',
    labelNames: ['kind', 'via'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly pushes = new Counter({ name: 'ironbottom_pushes_total', help: 'State bodies pushed, per audience room', labelNames: ['audience'], registers: [this.registry] });
  private readonly pushBytes = new Counter({
    name: 'ironbottom_push_bytes_total',
    help: 'Bytes of JSON pushed, per audience room',
    labelNames: ['audience'],
    registers: [this.registry],
  });
  readonly http = new Histogram({
    name: 'ironbottom_http_request_seconds',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'ironbottom_live_matches',
      help: 'Matches held in memory',
      registers: [this.registry],
      collect() {
        this.set(sources.liveMatches());
      },
    });
    new Gauge({
      name: 'ironbottom_sockets',
      help: 'Sockets connected to this process',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    new Counter({
      name: 'ironbottom_notices_total',
      help: 'Notices (webhook, email) delivered, and failed for good',
      labelNames: ['result'],
      registers: [this.registry],
      collect() {
        const s = sources.notices();
        this.reset();
        if (!s) return;
        this.inc({ result: 'delivered' }, s.delivered);
        this.inc({ result: 'failed' }, s.failed);
      },
    });
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'ironbottom_db_pool_connections',
        help: 'Database pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
  }

  /**
   * The series a move touches, each looked up once (prom-client hashes a label set on every
   * `inc` otherwise): per kind and channel, per audience.
   */
  private readonly series = new Map<string, { ack: { startTimer(): () => void }; accepted: { inc(): void } }>();
  private readonly pushSeries = new Map<string, { pushes: { inc(): void }; bytes: { inc(n: number): void } }>();

  /** Runs an action, undo or resignation, counting its outcome and timing its acknowledgement. */
  async action<T>(kind: ActionKind, via: 'socket' | 'http', work: () => Promise<T>): Promise<T> {
    const key = `${kind} ${via}`;
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { ack: this.ack.labels({ kind, via }), accepted: this.actions.labels({ kind, outcome: 'accepted', code: '' }) }));
    const end = s.ack.startTimer();
    try {
      const out = await work();
      s.accepted.inc();
      return out;
    } catch (e) {
      this.refused(kind, e instanceof ApiError ? e.code : 'internal');
      throw e;
    } finally {
      end();
    }
  }

  refused(kind: ActionKind, code: string): void {
    this.actions.inc({ kind, outcome: 'refused', code });
  }

  /** A push of `bytes` (as encoded for the wire) to `audience`. */
  pushed(audience: string, bytes: number): void {
    let s = this.pushSeries.get(audience);
    if (!s) this.pushSeries.set(audience, (s = { pushes: this.pushes.labels({ audience }), bytes: this.pushBytes.labels({ audience }) }));
    s.pushes.inc();
    s.bytes.inc(bytes);
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** Headers a proxy adds to a request it forwards: such a request came from elsewhere, whatever its connection says. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;
const sha = (s: string) => createHash('sha256').update(s).digest();

export interface MetricsAccess {
  metrics: Metrics;
  /** METRICS_TOKEN: the bearer token a scraper sends. */
  token?: string;
  /** A proxy setting is on (TRUST_PROXY): without a token, /metrics answers nobody. */
  behindProxy?: boolean;
}

/** Why a request may not read /metrics, or null when it may. */
export function metricsRefusal(req: FastifyRequest, { token, behindProxy }: Omit<MetricsAccess, 'metrics'>, want = token ? sha(token) : null): string | null {
  if (want) {
    const t = bearerOrNull(req);
    return t !== null && timingSafeEqual(sha(t), want) ? null : 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".';
  }
  if (behindProxy) {
    return 'This server is behind a proxy (TRUST_PROXY), where every request comes from this machine: metrics are served only with METRICS_TOKEN (set it, and send "Authorization: Bearer <METRICS_TOKEN>").';
  }
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '') || FORWARDED.some((h) => req.headers[h] !== undefined)) {
    return 'Metrics are served to this machine only, unforwarded (set METRICS_TOKEN to scrape them from elsewhere).';
  }
  return null;
}

/** GET /metrics and the HTTP timings. */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsAccess) => {
  const { metrics } = opts;
  const want = opts.token ? sha(opts.token) : null;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unknown';
    metrics.http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const refusal = metricsRefusal(req, opts, want);
    if (refusal) throw new ApiError(403, 'forbidden', refusal);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
});
