import type { RequestHandler } from 'express';
import { unauthorized } from './app-error';

export type SessionUser = { id: number; username: string };

declare module 'express-session' {
  interface SessionData {
    cartId?: string;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

/** Server-side guard for every /api/admin route; the web guard is only a convenience. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.isAuthenticated?.() && req.user) return next();
  next(unauthorized('Please sign in to continue.'));
};
