import session from 'express-session';
import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context';

const THIRTY_DAYS = 30 * 24 * 3600 * 1000;

export function sessionMiddleware(ctx: AppContext): RequestHandler {
  return session({
    name: 'wf.sid',
    store: new RedisStore({ client: ctx.redis, prefix: `${ctx.config.REDIS_PREFIX}:sess:` }),
    secret: ctx.config.sessionSecret,
    resave: false,
    // No session (and no Redis write) until something is stored in it: browsing is cookie-free.
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure exactly when the visitor's connection is HTTPS: req.secure, i.e. TLS to us or
      // X-Forwarded-Proto from a proxy 'trust proxy' believes (config.trustProxy). A fixed `true`
      // would make express-session drop the cookie on plain http (a production start on
      // http://localhost: signed in, then signed out again on the next request).
      secure: 'auto',
      maxAge: THIRTY_DAYS,
    },
  });
}

/**
 * Saves the session now, so a write whose session cannot be kept (Redis down) fails with the
 * store's error (503) instead of answering 2xx and losing it: express-session's own save at the end
 * of the response cannot change a status already chosen.
 */
export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((err: unknown) => (err ? reject(err) : resolve())),
  );
}
