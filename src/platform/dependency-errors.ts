// Recognises "a dependency is down" errors so callers answer 503 instead of 500.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
// Postgres: admin shutdown, cannot connect now, too many connections, statement timeout.
const pgCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  '57014',
]);
// node-postgres and knex when the database does not answer in time (e.g. packets dropped).
const pgTimeouts =
  /Query read timeout|Timeout acquiring a connection|timeout exceeded when trying to connect|Connection terminated|timeout expired/i;

export function isDependencyDown(err: unknown): 'database' | 'redis' | null {
  let e = err as
    | {
        name?: string;
        code?: string;
        message?: string;
        cause?: unknown;
        errors?: unknown[];
        nativeError?: unknown;
      }
    | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    const msg = e.message ?? '';
    if (e.name === 'KnexTimeoutError' || (e.code && pgCodes.has(e.code)) || pgTimeouts.test(msg))
      return 'database';
    if (
      /Connection is closed|Stream isn't writeable|enableOfflineQueue|MaxRetriesPerRequest|Redis is not|Command timed out/i.test(
        msg,
      )
    )
      return 'redis';
    if (e.code && networkCodes.has(e.code)) return /6379|redis/i.test(msg) ? 'redis' : 'database';
    if (Array.isArray(e.errors) && e.errors.length) e = e.errors[0] as typeof e;
    // objection wraps the driver's error (with its Postgres code) as `nativeError`
    else e = (e.nativeError ?? e.cause) as typeof e;
  }
  return null;
}

/** True when `check` resolves true within `timeoutMs`; false when it fails or takes longer. */
export async function answersWithin(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
