import type { RequestHandler } from 'express';
import { AppError } from './app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site writes are refused: a browser tells us where a request comes from with
 * Sec-Fetch-Site (and Origin); an older browser or a privacy proxy may send only a Referer, and a
 * cross-site one is refused too. Requests without any of them (curl, server-to-server) carry no
 * victim's cookies by accident, so they pass; the Stripe webhook is mounted before this.
 */
export function sameOrigin(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  const refuse = () => new AppError('forbidden', 'Cross-site requests are not allowed.');
  return (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    const isOurs = (origin: string) => origin === allowed || origin === own;
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(refuse());
    // Only the browser sets Sec-Fetch-Site: same-origin is proof enough. Our pages' Referrer-Policy
    // (no-referrer) makes a browser post a plain form (the contact form without JavaScript) with
    // `Origin: null`, which would otherwise be refused below.
    if (site === 'same-origin') return next();
    const origin = req.get('origin');
    if (origin && !isOurs(origin)) return next(refuse());
    if (!site && !origin) {
      const referer = req.get('referer');
      if (referer) {
        let refererOrigin: string | null = null;
        try {
          refererOrigin = new URL(referer).origin;
        } catch {
          // an unparsable Referer proves nothing about where the request comes from
        }
        if (!refererOrigin || !isOurs(refererOrigin)) return next(refuse());
      }
    }
    next();
  };
}
