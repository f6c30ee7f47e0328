/**
 * What several server processes share besides the database:
 * - with REDIS_URL: socket.io's Redis Streams adapter (pushes reach every process's
 *   sockets, and a socket that drops is recovered by whichever process it reconnects to,
 *   its missed pushes replayed) and the rate limits' counters;
 * - with SOCKET_ADAPTER=postgres and no Redis: the Postgres adapter carries the pushes; a
 *   socket that reconnects to another process is not recovered by socket.io, and catches up
 *   with `since` instead; rate limits are per process;
 * - neither: one process, everything in memory.
 */
import type { ServerOptions } from 'socket.io';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { postgresSocketAdapter } from './socket-adapter';

export interface Cluster {
  kind: 'redis' | 'postgres' | 'none';
  adapter?: Partial<ServerOptions>['adapter'];
  /** Shared rate-limit counters. */
  redis?: Redis;
  /** Keys and stream names start with it (several deployments on one Redis). */
  prefix: string;
  close(): Promise<void>;
}

export interface ClusterOptions {
  redisUrl?: string;
  socketAdapter: 'none' | 'postgres';
  databaseUrl: string;
  logger: Logger;
  prefix?: string;
}

export async function openCluster(opts: ClusterOptions): Promise<Cluster> {
  const prefix = opts.prefix ?? 'ironbottom';
  if (opts.redisUrl) {
    // Loaded only here: a server without Redis (the default) holds neither module in memory.
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-streams-adapter')]);
    const redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', (err) => opts.logger.warn({ err: err.message }, 'redis'));
    handleEveryReply(redis, opts.logger);
    await redis.connect();
    const adapter = createAdapter(redis, { streamName: `${prefix}:socket.io`, sessionKeyPrefix: `${prefix}:sio:session:` });
    return { kind: 'redis', adapter, redis, prefix, close: async () => void (await redis.quit().catch(() => redis.disconnect())) };
  }
  if (opts.socketAdapter === 'postgres') {
    const pg = postgresSocketAdapter(opts.databaseUrl, opts.logger);
    return { kind: 'postgres', adapter: pg.adapter, prefix, close: pg.close };
  }
  return { kind: 'none', prefix, close: async () => {} };
}

/**
 * The Redis Streams adapter fires some commands without waiting for them (a session kept for
 * recovery, a heartbeat published): one that meets a connection already closed, as at
 * shutdown, would reject with nobody listening and take the process down. Every command of
 * this client and of the clients duplicated from it gets a handler that logs the failure;
 * a caller that awaits its command still sees the rejection.
 */
function handleEveryReply(redis: Redis, logger: Logger): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: Parameters<Redis['sendCommand']>[1]) => {
    const reply = send(command, stream);
    void Promise.resolve(reply).catch((err: unknown) => logger.debug({ err: err instanceof Error ? err.message : String(err), command: command.name }, 'redis command failed'));
    return reply;
  }) as Redis['sendCommand'];
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = ((...args: Parameters<Redis['duplicate']>) => {
    const copy = duplicate(...args);
    copy.on('error', (err) => logger.warn({ err: err.message }, 'redis'));
    handleEveryReply(copy, logger);
    return copy;
  }) as Redis['duplicate'];
}
