import type { Config } from '../config';
import { jobs, type Jobs } from '../jobs';
import { createDb, type Db } from './db';
import { createLogger, type Logger } from './logger';
import { Queues } from './queue';
import { createRedis, type Redis } from './redis';

/** The shared dependencies every module receives; built once per process. */
export type AppContext = {
  config: Config;
  db: Db;
  redis: Redis;
  /** Typed by the application's job catalog: a wrong payload does not compile (and throws). */
  queues: Queues<Jobs>;
  logger: Logger;
};

export function createContext(
  config: Config,
  logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT),
): AppContext {
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', (err) => logger.debug({ err: err.message }, 'redis connection error'));
  return {
    config,
    db: createDb(config.DATABASE_URL, 10, config.DB_QUERY_TIMEOUT_MS, logger),
    redis,
    queues: new Queues(redis, config.REDIS_PREFIX, jobs),
    logger,
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queues.close().catch(() => undefined);
  await ctx.db.destroy();
  ctx.redis.disconnect();
}
