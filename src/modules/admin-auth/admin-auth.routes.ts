import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { markOwnerBrowser } from '../../platform/http/owner-browser';
import { createRateLimit } from '../../platform/http/rate-limit';
import type { SessionUser } from '../../platform/http/guards';
import type { AdminAuthService } from './admin-auth.service';
import {
  adminUserSchema,
  loginAnswerSchema,
  changePasswordSchema,
  loginSchema,
  messageResultSchema,
  type AdminUser,
} from '../../contract';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** What the session keeps of her: the mark only while it is set. */
const sessionUser = (u: SessionUser): SessionUser => ({
  id: u.id,
  username: u.username,
  ...(u.mustChangePassword ? { mustChangePassword: true } : {}),
});

/** The session's user as stored now (her one-time password replaced in another tab, or from the terminal). */
function refreshSessionUser(req: Request, user: AdminUser): void {
  const session = req.session as unknown as { passport?: { user?: SessionUser } };
  if (!session.passport) return;
  const kept = sessionUser(user);
  if (!!session.passport.user?.mustChangePassword === !!kept.mustChangePassword) return;
  session.passport.user = kept;
  req.user = kept;
}

export function configurePassport(service: AdminAuthService): void {
  passport.use(
    new LocalStrategy((username, password, done) => {
      service.authenticate(username, password).then((user) => done(null, user ?? false), done);
    }),
  );
  // The session holds only id and username (and the one-time password's mark); nothing secret.
  passport.serializeUser((user, done) => done(null, sessionUser(user)));
  passport.deserializeUser((user: SessionUser, done) => done(null, user));
}

function loginLimiters(ctx: AppContext) {
  const message = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  return [
    // Failed attempts per address: an owner signing in often (phone and laptop, one home network)
    // is not an attack, so successful sign-ins do not count.
    createRateLimit(ctx, 'login-ip', {
      windowMs: FIFTEEN_MINUTES,
      limit: 30,
      skipSuccessfulRequests: true,
      message,
    }),
    // Failed attempts per username, wherever they come from: stops password guessing on one account.
    createRateLimit(ctx, 'login-user', {
      windowMs: FIFTEEN_MINUTES,
      limit: 5,
      skipSuccessfulRequests: true,
      keyGenerator: (req) =>
        `u:${String(req.body?.username ?? '')
          .trim()
          .toLowerCase()}`,
      message,
    }),
  ];
}

function authenticateLocal(req: Request, res: Response): Promise<SessionUser | false> {
  return new Promise((resolve, reject) => {
    passport.authenticate('local', (err: unknown, user: SessionUser | false) =>
      err ? reject(err) : resolve(user),
    )(req, res, reject);
  });
}

// Signing in and out works signed out; both use the session (passport keeps the owner in it).
const signedOut = { auth: 'public', session: true, cache: 'no-store' } as const;

export const adminAuthEndpoints = {
  login: {
    ...signedOut,
    method: 'POST',
    path: '/api/admin/login',
    body: loginSchema,
    invalid: 'sign-in',
    answer: loginAnswerSchema,
    contract: 'POST /api/admin/login',
  },
  logout: {
    ...signedOut,
    method: 'POST',
    path: '/api/admin/logout',
    body: 'none',
    answer: messageResultSchema,
    contract: 'POST /api/admin/logout',
  },
  // Reached with a one-time password too: the admin app learns from it that she must replace it.
  user: {
    method: 'GET',
    path: '/api/admin/user',
    auth: 'admin',
    beforePasswordChange: true,
    session: true,
    cache: 'no-store',
    answer: adminUserSchema,
    contract: 'GET /api/admin/user',
  },
  password: {
    method: 'POST',
    path: '/api/admin/password',
    auth: 'admin',
    beforePasswordChange: true,
    session: true,
    cache: 'no-store',
    body: changePasswordSchema,
    invalid: { plain: 'Please check your new password.' },
    answer: adminUserSchema,
    contract: 'POST /api/admin/password',
  },
} satisfies Record<string, EndpointSpec>;

export function createAdminAuthRoutes(ctx: AppContext, service: AdminAuthService) {
  // wrong current passwords count like failed sign-ins: a stolen session can not guess it
  const passwordLimiter = createRateLimit(ctx, 'admin-password', {
    windowMs: FIFTEEN_MINUTES,
    limit: 10,
    skipSuccessfulRequests: true,
    message: 'Too many attempts. Please wait 15 minutes and try again.',
  });
  return bindEndpoints(adminAuthEndpoints, {
    login: {
      before: loginLimiters(ctx),
      handle: async (req, res) => {
        const user = await authenticateLocal(req, res);
        if (!user) throw unauthorized('Invalid username or password.');
        // passport regenerates the session id here, so a planted session id is worthless.
        await new Promise<void>((resolve, reject) =>
          req.logIn(user, (err) => (err ? reject(err) : resolve())),
        );
        const firstSignIn = await service.recordSignIn(user.id);
        req.log.info({ username: user.username, firstSignIn }, 'admin signed in');
        markOwnerBrowser(req, res);
        res.json({ ...user, firstSignIn });
      },
    },
    logout: async (req, res) => {
      await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      res.clearCookie('wf.sid', { path: '/' });
      res.json({ message: 'Logged out' });
    },
    user: async (req, res) => {
      const user = await service.current(req.user!.id);
      if (!user) throw unauthorized('Please sign in to continue.');
      refreshSessionUser(req, user);
      res.json(user);
    },
    // Her own password; the session is renewed with it (a new id, the one-time mark gone).
    password: {
      before: [passwordLimiter],
      handle: async (req, res, { body }) => {
        const user = await service.changePassword(req.user!.id, body);
        await new Promise<void>((resolve, reject) =>
          req.logIn(user, (err) => (err ? reject(err) : resolve())),
        );
        req.log.info({ username: user.username }, 'admin password changed');
        res.json(user);
      },
    },
  });
}
