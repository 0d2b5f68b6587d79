import { Redis, type RedisOptions } from 'ioredis';
import { answersWithin } from './dependency-errors';

export type { Redis };

// Commands fail at once while Redis is unreachable (no offline queue), and within 3 s when it stops
// answering (a partition), so requests answer 503 quickly; the client keeps reconnecting in the
// background and recovers by itself.
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    commandTimeout: 3000,
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

/** Redis answers within `timeoutMs` (readiness must answer quickly even during a partition). */
export function redisReady(redis: Redis, timeoutMs = 1000): Promise<boolean> {
  return answersWithin(() => redis.ping().then((pong) => pong === 'PONG'), timeoutMs);
}

/** At start: wait for the first connection so early commands do not fail; a clear error if it never comes. */
export async function waitForRedis(redis: Redis, timeoutMs = 15_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis did not answer within ${timeoutMs / 1000} s. Is it running at REDIS_URL?`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
