import type { Request, RequestHandler } from 'express';
import { adminPasswordMessages } from '../../contract/admin-auth';
import { AppError, unauthorized } from './app-error';

/**
 * Who is signed in, as the session keeps it: nothing secret. `mustChangePassword` while her
 * account still has the one-time password of the first start.
 */
export type SessionUser = { id: number; username: string; mustChangePassword?: boolean };

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

/**
 * Server-side guard of the endpoints an admin reaches before she has replaced a one-time password
 * (who she is, and choosing her password): signed in is enough.
 */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (req.isAuthenticated?.() && req.user) return next();
  next(unauthorized('Please sign in to continue.'));
};

/** Whether the request is the signed-in owner's, past her one-time password (as requireAdmin). */
export const isAdminRequest = (req: Request): boolean =>
  !!(req.isAuthenticated?.() && req.user && !req.user.mustChangePassword);

/**
 * Server-side guard for every other /api/admin route; the web guard is only a convenience. An
 * account that still has its one-time password gets a 403 until she has chosen her own.
 */
export const requireAdmin: RequestHandler = (req, res, next) =>
  requireSignedIn(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (req.user?.mustChangePassword)
      return next(new AppError('forbidden', adminPasswordMessages.mustChange));
    next();
  });
