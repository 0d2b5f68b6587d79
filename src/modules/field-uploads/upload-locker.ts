import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Redis } from '../../platform/redis';

/** A held lock lapses this long after its last renewal: a killed process's lock frees itself. */
const TTL_MS = 5000;
/** How long a request waits for the lock before tus answers ERR_LOCK_TIMEOUT. */
const ACQUIRE_TIMEOUT_MS = 20_000;
/** How often a waiting request tries again; it asks the holder to let go at most every 500 ms. */
const RETRY_MS = 100;
const ASK_EVERY_MS = 500;

// only the holder's token renews or deletes the key: a lapsed lock taken by another is left alone
const RENEW_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const DELETE_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Redis down: the tus endpoint answers 503 (dependency-errors recognises the message). */
const redisDown = (err: unknown) => new Error('Redis is not available for the upload lock', { cause: err });

/**
 * tus's upload lock shared by every API process (tus's own MemoryLocker holds only within one): a
 * key per upload set with NX and a time to live, renewed while its request runs. A request that
 * finds the upload locked publishes a release request; the holding process (subscribed on one
 * channel) calls its request's `requestRelease`, tus stops that request after its drain time and
 * unlocks, and the waiter takes the lock. Nothing is written without the lock: if Redis does not
 * answer, locking fails (503).
 */
export function createUploadLocker(redis: Redis, prefix: string): Locker {
  const channel = `${prefix}:upload-lock:release`;
  const keyOf = (id: string) => `${prefix}:upload-lock:${id}`;
  /** This process's held locks: upload id -> its request's release. */
  const holders = new Map<string, RequestRelease>();
  let listening: Promise<void> | null = null;

  /** One subscriber connection per process, made on the first lock, ended with the main one. */
  function listen(): Promise<void> {
    listening ??= (async () => {
      const subscriber = redis.duplicate({ lazyConnect: true });
      subscriber.on('error', () => undefined); // the main connection logs Redis's state
      subscriber.on('message', (_channel: string, id: string) => void holders.get(id)?.());
      const end = () => subscriber.disconnect();
      redis.once('end', end);
      try {
        await subscriber.connect();
        await subscriber.subscribe(channel);
      } catch (err) {
        redis.off('end', end);
        subscriber.disconnect();
        throw err;
      }
    })().catch((err: unknown) => {
      listening = null;
      throw err;
    });
    return listening;
  }

  return {
    newLock(id: string): Lock {
      const key = keyOf(id);
      const token = randomBytes(16).toString('hex');
      let renewal: NodeJS.Timeout | undefined;
      let release: RequestRelease | undefined;

      const hold = (requestRelease: RequestRelease) => {
        release = requestRelease;
        holders.set(id, requestRelease);
        renewal = setInterval(() => {
          redis.eval(RENEW_IF_MINE, 1, key, token, TTL_MS).then(
            (renewed) => {
              if (renewed !== 1) void requestRelease(); // lapsed: stop writing unlocked
            },
            () => void requestRelease(), // Redis gone: the lock may lapse, so stop too
          );
        }, TTL_MS / 3);
      };

      return {
        async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
          const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
          let askedAt = 0;
          try {
            await listen();
            for (;;) {
              if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
              if ((await redis.set(key, token, 'PX', TTL_MS, 'NX')) === 'OK') return hold(requestRelease);
              if (Date.now() - askedAt >= ASK_EVERY_MS) {
                askedAt = Date.now();
                await redis.publish(channel, id);
              }
              if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await sleep(RETRY_MS);
            }
          } catch (err) {
            if (err === ERRORS.ERR_LOCK_TIMEOUT) throw err;
            throw redisDown(err);
          }
        },

        async unlock(): Promise<void> {
          clearInterval(renewal);
          if (release && holders.get(id) === release) holders.delete(id);
          // a failed delete is harmless: the key lapses after its time to live
          await redis.eval(DELETE_IF_MINE, 1, key, token).catch(() => undefined);
        },
      };
    },
  };
}
