import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import type { Redis } from '../redis';

/**
 * Invalidation between processes: a message on `channel` clears every other process's cache.
 * A dedicated subscriber connection (a subscribed connection can do nothing else). Messages sent
 * while it is disconnected are lost, so the cache is off (and empty) until it is subscribed again.
 * A publish that fails (Redis away) is sent again when the connection is back; until then other
 * processes may serve the old answer for at most the entries' maxAgeMs.
 */
export function connectBus(
  redis: Redis,
  channel: string,
  logger: Logger | undefined,
  on: { remoteWrite: () => void; subscribed: (yes: boolean) => void },
) {
  const origin = randomUUID();
  const sub = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  const subscribe = () =>
    sub.subscribe(channel).then(
      () => on.subscribed(true),
      (err: Error) => logger?.debug({ err: err.message }, 'cache subscriber: subscribe failed'),
    );
  sub.on('error', (err) => logger?.debug({ err: err.message }, 'cache subscriber: redis error'));
  sub.on('ready', subscribe);
  sub.on('close', () => on.subscribed(false));
  sub.on('message', (ch: string, message: string) => {
    if (ch === channel && message !== origin) on.remoteWrite();
  });
  // The app's connection closing (shutdown, tests) closes this one too.
  redis.once('end', () => sub.disconnect());
  let owed = false;
  /** Resolves once Redis has taken the message (or has failed to): never rejects. */
  const publish = (): Promise<void> =>
    redis.publish(channel, origin).then(
      () => {
        owed = false;
      },
      (err: Error) => {
        owed = true;
        logger?.warn({ err: err.message }, 'cache invalidation not published; retried when Redis is back');
      },
    );
  redis.on('ready', () => owed && publish());
  return { publish };
}

/** The invalidation channel of the API processes' response caches under a Redis prefix. */
export const responseCacheChannel = (redisPrefix: string) => `${redisPrefix}:response-cache`;

/**
 * For a change the public answers show that no admin write makes (an edition's print taken or
 * given back), from any process (the worker too): every API process's response cache is cleared.
 */
export function announcePublicChange(redis: Redis, redisPrefix: string): Promise<void> {
  return redis.publish(responseCacheChannel(redisPrefix), 'public-change').then(
    () => undefined,
    () => undefined, // Redis away: the entries' maximum age bounds what is served stale
  );
}
