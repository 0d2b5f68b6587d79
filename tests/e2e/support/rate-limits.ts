import { Redis } from 'ioredis';
import { e2e } from './e2e-env';

/**
 * Clears one of the e2e server's rate-limit counters (src/platform/http/rate-limit.ts), e.g.
 * 'contact' (5 messages in 10 minutes per address): every spec sends from the same address, and
 * a spec that sends messages must not depend on how many the specs before it sent.
 */
export async function resetRateLimit(name: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    await redis.connect();
    const keys = await redis.keys(`${e2e.redisPrefix}:rl:${name}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
