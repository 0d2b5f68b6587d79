import type { RequestHandler } from 'express';
import { AppError } from './app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site writes are refused: a browser tells us where a request comes from with
 * Sec-Fetch-Site (and Origin). Requests without either (curl, server-to-server) carry no
 * victim's cookies by accident, so they pass; the Stripe webhook is mounted before this.
 */
export function sameOrigin(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      return next(new AppError('forbidden', 'Cross-site requests are not allowed.'));
    }
    const origin = req.get('origin');
    if (origin) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== allowed && origin !== own) {
        return next(new AppError('forbidden', 'Cross-site requests are not allowed.'));
      }
    }
    next();
  };
}
