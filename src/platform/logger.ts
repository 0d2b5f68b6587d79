import { pino, type Logger } from 'pino';

export type { Logger };

// Secrets never reach the logs: cookies, auth headers, passwords and card fields are redacted.
export function createLogger(level: string): Logger {
  return pino({
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
      ],
      censor: '[redacted]',
    },
  });
}
