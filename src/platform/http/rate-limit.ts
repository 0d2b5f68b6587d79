import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { AppContext } from '../context';
import { AppError } from './app-error';

/**
 * A Redis-backed limiter (shared by every API instance) that answers our JSON 429.
 * `name` namespaces its counters; `message` is what the visitor reads.
 *
 * Without a `keyGenerator` it counts per visitor: express-rate-limit's default key is `req.ip`
 * (an IPv6 address by its /56), which Express takes from X-Forwarded-For only as far as the
 * 'trust proxy' setting (TRUST_PROXY) believes it: with TRUST_PROXY=2 (a CDN, then a proxy) the
 * address two hops out, never a left-most entry a visitor wrote, never the proxy's socket address.
 * A custom key must not be the socket address or a raw header either (one key for everyone behind
 * a proxy, or a new key per forged header).
 */
export function createRateLimit(
  ctx: AppContext,
  name: string,
  opts: { windowMs: number; limit: number; message: string } & Partial<
    Pick<Options, 'keyGenerator' | 'skipSuccessfulRequests' | 'skip'>
  >,
): RequestHandler {
  const { message, ...rest } = opts;
  return rateLimit({
    ...rest,
    store: new RedisStore({
      prefix: `${ctx.config.REDIS_PREFIX}:rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) =>
        ctx.redis.call(command, ...args) as Promise<RedisReply>,
    }),
    handler: (_req: Request, _res: Response, next: NextFunction) => next(new AppError('too_many', message)),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
  });
}
