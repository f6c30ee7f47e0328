/**
 * Rate limits, per address and per token, over HTTP and socket events alike
 * (rate-limiter-flexible). In one process the counters live in memory; with REDIS_URL they
 * live in Redis, so that several processes share them (a client cannot multiply its share by
 * the number of processes), with an in-memory stand-in while Redis does not answer.
 *
 * Every 429 carries `Retry-After` and `X-RateLimit-Limit/-Remaining/-Reset`; the other
 * answers to a request with a token carry the token's `X-RateLimit-*`, and never the
 * address's: two players behind one address (a household, a same-host proxy without
 * TRUST_PROXY) share its count, so its remaining share would count the other player's
 * requests, private steps included (issue #38). A request without a token gets them only
 * when it is refused.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../matches/errors';
import { hashToken } from '../matches/service';
import { bearerOrNull } from './tokens';

export interface Limits {
  /** The rate limits' window. */
  windowMs: number;
  /** Requests (and socket events) per window from one address. */
  addressMax: number;
  /** Requests (and socket events) per window with one token. */
  tokenMax: number;
  /** Chat messages per chat window with one token. */
  chatMax: number;
  chatWindowMs: number;
}

export const DEFAULT_LIMITS: Limits = { windowMs: 60_000, addressMax: 600, tokenMax: 300, chatMax: 8, chatWindowMs: 10_000 };

export interface Verdict {
  ok: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

function limiter(points: number, windowMs: number, prefix: string, redis?: Redis): RateLimiterAbstract {
  // In memory a window may be a fraction of a second; Redis keeps whole seconds.
  const memory = (keyPrefix: string) => new RateLimiterMemory({ points, duration: windowMs / 1000, keyPrefix });
  if (!redis) return memory(prefix);
  const duration = Math.max(1, Math.ceil(windowMs / 1000));
  return new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix: prefix, insuranceLimiter: memory(`${prefix}-insurance`) });
}

export class RateLimits {
  private readonly address: RateLimiterAbstract;
  private readonly token: RateLimiterAbstract;

  constructor(
    readonly limits: Limits,
    /** Shared counters (several processes); none: this process's memory. */
    redis?: Redis,
    prefix = 'ironbottom',
  ) {
    this.address = limiter(limits.addressMax, limits.windowMs, `${prefix}:rl:ip`, redis);
    this.token = limiter(limits.tokenMax, limits.windowMs, `${prefix}:rl:token`, redis);
  }

  private async take(l: RateLimiterAbstract, max: number, key: string): Promise<Verdict> {
    if (max <= 0) return { ok: false, limit: 0, remaining: 0, resetMs: this.limits.windowMs };
    try {
      const r = await l.consume(key);
      return { ok: true, limit: max, remaining: r.remainingPoints, resetMs: r.msBeforeNext };
    } catch (e) {
      if (e instanceof RateLimiterRes) return { ok: false, limit: max, remaining: 0, resetMs: e.msBeforeNext };
      // The store failed and so did its stand-in: let the request through rather than refuse everyone.
      return { ok: true, limit: max, remaining: max, resetMs: this.limits.windowMs };
    }
  }

  /** One request or socket event from `address`. */
  byAddress(address: string): Promise<Verdict> {
    return this.take(this.address, this.limits.addressMax, address);
  }

  /** One request or socket event with the token whose sha256 is `tokenHash`. */
  byToken(tokenHash: string): Promise<Verdict> {
    return this.take(this.token, this.limits.tokenMax, tokenHash);
  }

  /** The onRequest hook: the address's share, then the token's (when one is sent). */
  hook() {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const byAddress = await this.byAddress(req.ip);
      if (!byAddress.ok) {
        headers(reply, byAddress);
        throw tooMany(reply, byAddress, 'from your address');
      }
      const t = bearerOrNull(req);
      if (!t) return;
      const byToken = await this.byToken(hashToken(t));
      headers(reply, byToken);
      if (!byToken.ok) throw tooMany(reply, byToken, 'with this token');
    };
  }
}

function headers(reply: FastifyReply, v: Verdict): void {
  reply.header('x-ratelimit-limit', v.limit);
  reply.header('x-ratelimit-remaining', v.remaining);
  reply.header('x-ratelimit-reset', Math.ceil(v.resetMs / 1000));
}

function tooMany(reply: FastifyReply, v: Verdict, what: string): ApiError {
  const seconds = Math.max(1, Math.ceil(v.resetMs / 1000));
  reply.header('retry-after', seconds);
  return new ApiError(429, 'rate-limited', `Too many requests ${what}: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
}
