import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import passport from 'passport';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from './platform/context';
import { dbReady } from './platform/db';
import { redisReady } from './platform/redis';
import { errorHandler, notFoundHandler } from './platform/http/error-handler';
import { requireAdmin } from './platform/http/guards';
import { sameOrigin } from './platform/http/same-origin';
import { createResponseCache } from './platform/http/response-cache';
import { createPageCache } from './platform/http/page-cache';
import { sessionMiddleware } from './platform/http/session';
import { createPageRenderer, serveWebApp } from './platform/http/web-app';
import { createModules, type Modules } from './modules';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Only these API areas need a visitor or admin session; catalog reads stay cookie-free and fast.
// Public JSON reads that are the same for every visitor: served from a short per-process cache.
const cacheablePaths =
  /^\/api\/(photos|photos\/\d+|photos\/\d+\/item-options|categories|item-options|faqs|about|logo|site|shipping-notice)$/;

const sessionPaths = /^\/api\/(admin|cart|checkout|create-payment-intent|test-payments|orders)(\/|$)/;

export function createApp(ctx: AppContext, modules: Modules = createModules(ctx)): Express {
  const { config } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true },
      serializers: {
        // query strings may carry a payment client secret: never log it
        req: (req) => ({
          id: req.id,
          method: req.method,
          url: String(req.url).replace(/([?&]secret=)[^&]*/, '$1[redacted]'),
        }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Stripe's script, frames and API are the only third parties, for the Payment Element.
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
          'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
          // MUI (emotion) injects <style> elements at run time; scripts stay strictly same-origin.
          'style-src': ["'self'", "'unsafe-inline'"],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const [database, redis] = await Promise.all([dbReady(ctx.db), redisReady(ctx.redis)]);
    const down = [!database && 'database', !redis && 'redis'].filter(Boolean);
    res
      .status(down.length ? 503 : 200)
      .json(
        down.length
          ? { status: 'unavailable', message: `Not ready: ${down.join(' and ')} unavailable.`, down }
          : { status: 'ok' },
      );
  });

  // The Stripe webhook needs the raw body and is authenticated by its signature, not by origin.
  app.use('/api/webhooks', modules.payments.webhookRoutes());

  app.use('/api', sameOrigin(config.publicUrl));
  const responseCache = createResponseCache();
  // Rendered storefront pages (server-side rendering), cleared by the same writes as the JSON cache.
  const pageCache = createPageCache(
    createPageRenderer({
      distDir: path.join(rootDir, 'dist/web'),
      serverDir: path.join(rootDir, 'dist/server'),
      pageData: modules.storefront.pageData,
      origin: config.publicUrl,
    }),
  );
  app.use('/api', responseCache.invalidateOnWrite, pageCache.invalidateOnWrite);
  app.get(cacheablePaths, responseCache.cache);
  const session = sessionMiddleware(ctx);
  const passportSession = passport.session();
  const withSession: RequestHandler = (req, res, next) =>
    sessionPaths.test(req.originalUrl) ? session(req, res, () => passportSession(req, res, next)) : next();
  app.use(withSession);

  // Admin: sign-in first (small JSON), then the guard, and only then large bodies (photo uploads).
  // Only the sign-in body is parsed before the guard; a small limit here must not cap photo uploads.
  const signInJson = express.json({ limit: '100kb' });
  app.use(
    '/api/admin',
    (req, res, next) => (req.path === '/login' ? signInJson(req, res, next) : next()),
    modules.adminAuth.routes(),
  );
  app.use('/api/admin', requireAdmin, express.json({ limit: '16mb' }));
  for (const router of modules.adminRoutes()) app.use('/api/admin', router);

  app.use('/api', express.json({ limit: '100kb' }));
  for (const router of modules.publicRoutes()) app.use('/api', router);
  app.use('/api', notFoundHandler);

  for (const router of modules.rootRoutes()) app.use(router);
  serveWebApp(app, path.join(rootDir, 'dist/web'), pageCache);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
