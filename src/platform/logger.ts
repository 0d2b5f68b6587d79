import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Secrets never reach the logs: cookies, auth headers, passwords and card fields are redacted.
 * Readable lines (pino-pretty) on a terminal, JSON lines otherwise (files, log collectors);
 * `format` 'pretty' or 'json' overrides the guess (npm run dev asks for pretty, since its
 * processes write into a pipe).
 */
export function createLogger(level: string, format: 'auto' | 'pretty' | 'json' = 'auto'): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.cardNumber',
        '*.cvc',
        '*.sessionId',
        '*.apiKey',
        '*.apiSecret',
      ],
      censor: '[redacted]',
    },
  };
  if (!pretty || level === 'silent') return pino(options);
  return pino(
    options,
    pino.transport({
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    }),
  );
}

/**
 * The level of routine lines (a request answered, a job finished): info in production, where the
 * logs are collected; debug elsewhere, so that on `npm start` and `npm run dev` the start banner
 * (and the one-time admin password in it) stays in view, with only problems logged below it.
 */
export function routineLogLevel(nodeEnv: string): 'info' | 'debug' {
  return nodeEnv === 'production' ? 'info' : 'debug';
}
