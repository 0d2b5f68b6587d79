import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

// Commands fail at once while Redis is unreachable (no offline queue), so requests answer 503
// quickly; the client keeps reconnecting in the background and recovers by itself.
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
    ...options,
  });
}

/** Connection for BullMQ workers: they must wait for Redis rather than fail their blocking calls. */
export function createWorkerRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

export async function redisReady(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
