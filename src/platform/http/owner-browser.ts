import type { Request, Response } from 'express';

/**
 * A browser the owner has signed in with: her own views of the shop are not visits (the visit
 * counter leaves them out). Only her device gets it, on sign-in; it stays after she signs out,
 * so her browsing as a visitor would see it is not counted either. Visitors get no cookie.
 */
export const OWNER_BROWSER_COOKIE = 'wf.owner';

/** 400 days: the longest a browser keeps a cookie (Chrome's cap); each sign-in renews it. */
const KEEP_MS = 400 * 24 * 3600 * 1000;

export function markOwnerBrowser(req: Request, res: Response): void {
  res.cookie(OWNER_BROWSER_COOKIE, '1', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    maxAge: KEEP_MS,
  });
}

const marked = /(?:^|;)\s*wf\.owner=1\s*(?:;|$)/;

/** The request's Cookie header carries the owner's mark. */
export const isOwnerBrowser = (cookieHeader: string | undefined): boolean =>
  !!cookieHeader && marked.test(cookieHeader);
