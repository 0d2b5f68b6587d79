import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import passport from 'passport';
import { pinoHttp } from 'pino-http';
import { logUrl } from './platform/http/log-url';
import { randomUUID } from 'node:crypto';
import { watchFile } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { AppContext } from './platform/context';
import { routineLogLevel } from './platform/logger';
import { packageRoot } from './platform/package-root';
import { dbReady } from './platform/db';
import { redisReady } from './platform/redis';
import { errorHandler, notFoundHandler } from './platform/http/error-handler';
import { endpointRouter } from './platform/http/endpoint';
import { requireAdmin } from './platform/http/guards';
import { sameOrigin } from './platform/http/same-origin';
import { jsonBody, rejectNulInUrl } from './platform/http/validate';
import { createCacheHitLog } from './platform/http/cache-hit-log';
import { responseCacheChannel } from './platform/http/cache-bus';
import { createResponseCache } from './platform/http/response-cache';
import { sessionMiddleware } from './platform/http/session';
import {
  badEscapeAsMissingPage,
  createPageRenderer,
  createWebAppFiles,
  serveWebApp,
} from './platform/http/web-app';
import { createModules, type Modules } from './modules';
import { createOpsAdminRoutes } from './platform/queue-board';
import { metricsFor } from './platform/metrics';
import { createVersionEndpoints } from './platform/version';
import { pickFormat } from './modules/media';
import { edge, endpoints } from './endpoints';
import { mountDemoLabs } from './demo/labs/demo-labs';
import { UPLOADS_PATH } from './modules/field-uploads';

// dist/web and dist/server are found from the package root, from source and from dist/node alike.
const rootDir = packageRoot;

const acceptsHtml = (req: IncomingMessage) => {
  const accept = req.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*') ? 'html' : null;
};

/**
 * The headers a middleware sets on every response (helmet's), recorded once. Only for headers
 * that do not depend on the request: a per-request CSP nonce would fail here, at start.
 */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const res = {
    setHeader: (k: string, v: unknown) => headers.set(k.toLowerCase(), [k, String(v)]),
    removeHeader: (k: string) => headers.delete(k.toLowerCase()),
  };
  middleware({} as Request, res as unknown as Response, () => undefined);
  return [...headers.values()];
}

export function createApp(ctx: AppContext, modules: Modules = createModules(ctx)): Express {
  const { config } = ctx;
  const app = express();
  app.disable('x-powered-by');
  // Who may tell us the visitor's address and scheme (X-Forwarded-For/-Proto): req.ip, which rate
  // limits key on, and req.secure, which decides whether the session cookie is Secure.
  app.set('trust proxy', config.trustProxy);
  if (config.TRUST_PROXY === undefined && config.trustProxy)
    ctx.logger.info(
      { trustProxy: config.trustProxy },
      'PUBLIC_URL is https and TRUST_PROXY is not set: trusting proxies on loopback and private networks',
    );
  app.set('query parser', 'simple');

  const requestId = (req: IncomingMessage) =>
    (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true },
      // a failed answer stays at info; the rest at debug outside production (routineLogLevel)
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'info' : routineLogLevel(config.NODE_ENV),
      serializers: {
        // addresses that carry a secret are logged without it (log-url.ts)
        req: (req) => ({
          id: req.id,
          method: req.method,
          url: logUrl(String(req.url)),
        }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // helmet's headers do not depend on the request: computed once, set from a list on every answer.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Stripe's script, frames and API are the only third parties, for the Payment Element.
          // 'wasm-unsafe-eval': the wall preview's model-viewer compiles WebAssembly (its decoders);
          // it allows WebAssembly.instantiate only, not eval() of JavaScript.
          'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          // blob:: the wall preview's 3D viewer (three.js) reads the model's texture from a blob: URL
          'connect-src': ["'self'", 'blob:', 'https://api.stripe.com'],
          // and the media host when images are served from a CDN or a bucket (PUBLIC_MEDIA_URL)
          'img-src': [
            "'self'",
            'data:',
            'blob:',
            'https://*.stripe.com',
            ...(config.PUBLIC_MEDIA_URL ? [new URL(config.PUBLIC_MEDIA_URL).origin] : []),
          ],
          // MUI (emotion) injects <style> elements at run time; scripts stay strictly same-origin.
          'style-src': ["'self'", "'unsafe-inline'"],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          // Only a shop whose address is https asks browsers to upgrade; a production start
          // visited over plain http (http://localhost:3000) must keep working as it is.
          'upgrade-insecure-requests': config.httpsOnly ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS likewise only for an https PUBLIC_URL (browsers ignore it on plain http anyway).
      strictTransportSecurity: config.httpsOnly,
    }),
  );
  app.use((_req, res, next) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    next();
  });
  // Her TDM reservation (W3C TDMRep) on pages and images, from memory: set before the response
  // cache captures an answer, so no cached answer keeps an old one (a hit adds them as it is sent).
  void modules.rights.service
    .load()
    .catch((err: Error) => ctx.logger.warn({ err: err.message }, 'rights not read'));
  const tdmHeadersFor = (url: string): [string, string][] => {
    const p = url.split('?')[0];
    return !p.startsWith('/api/') || edge.images.test(p) ? modules.rights.tdmHeaders() : [];
  };
  app.use((req, res, next) => {
    for (const [name, value] of tdmHeadersFor(req.path)) res.setHeader(name, value);
    next();
  });

  const distDir = path.join(rootDir, 'dist/web');
  const metrics = metricsFor(ctx); // null unless METRICS_TOKEN or METRICS_ADDRESS is set
  const responseCache = createResponseCache({
    baseHeaders: securityHeaders,
    maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    redis: ctx.redis,
    channel: responseCacheChannel(config.REDIS_PREFIX),
    logger: ctx.logger,
    onLookup: metrics?.cacheLookup,
    // a scheduled photo appears by itself at its time: no cached answer outlives it, in any process
    nextChangeAt: () => modules.catalog.service.nextPublishAt(),
  });
  // Public reads that are the same for every visitor (declared 'shared', and the storefront's
  // shared pages): kept as finished bytes until an admin write changes them. JSON and HTML are
  // stored with their gzip and brotli forms; images as they are, one entry per format Accept gets.
  metrics?.watchResponseCache(() => responseCache.stats.bytes);
  responseCache.route(edge.sharedJson, { name: 'json' });
  // A media file's address names its format: one entry per address, whatever the Accept.
  responseCache.route(edge.files, { name: 'media', compress: false });
  responseCache.route(edge.images, {
    name: 'image',
    compress: false,
    vary: (req) => pickFormat(req.headers.accept),
  });
  responseCache.route(edge.sharedPages, { name: 'page', vary: acceptsHtml });
  // A new build changes every page's asset links: its pages replace the cached ones.
  watchFile(path.join(distDir, 'index.html'), { persistent: false, interval: 2000 }, () => {
    void responseCache.invalidate();
  });

  // A warm cache answers before Express runs at all: the security headers, a request id and a
  // count for the log (cache-hit-log.ts). Everything else (and every miss) takes the full route.
  // Visit counts (issue 49) watch every request before the cache, so a cached page counts too: on
  // the answer's 'finish', never awaited (modules/visits).
  const countVisit = modules.visits.counter(app.get('trust proxy fn') as (a: string, i: number) => boolean);
  const logHit = createCacheHitLog(ctx.logger, 60_000, routineLogLevel(config.NODE_ENV));
  const handle = (app as unknown as { handle: (...a: unknown[]) => void }).handle.bind(app);
  (app as unknown as { handle: unknown }).handle = (
    req: IncomingMessage,
    res: ServerResponse,
    done: unknown,
  ) => {
    let id = '';
    metrics?.time(req, res);
    countVisit(req, res);
    const served = responseCache.tryServe(req, res, () => [
      'X-Request-Id',
      (id = requestId(req)),
      ...tdmHeadersFor(req.url ?? '/').flat(),
    ]);
    if (!served) return handle(req, res, done);
    logHit(id, req.method, req.url, res.statusCode);
  };

  // Images are compressed already: they never pass through compression().
  const compress = compression();
  app.use((req, res, next) =>
    edge.images.test(req.path) || edge.files.test(req.path) ? next() : compress(req, res, next),
  );
  app.use(responseCache.capture);

  app.get('/metrics', metrics?.endpoint ?? notFoundHandler);
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

  // LAB_DEMO: the labs' doubles answer here, on the shop's own address (demo-labs.ts)
  if (config.LAB_DEMO) mountDemoLabs(app, ctx);

  app.use('/api', rejectNulInUrl);
  // The Stripe webhook needs the raw body and is authenticated by its signature, not by origin.
  app.use('/api/webhooks', modules.orders.webhookRoutes());

  app.use('/api', sameOrigin(config.publicUrl));
  const session = sessionMiddleware(ctx);
  const passportSession = passport.session();
  // A session store error (Redis down) goes to the error handler (503), never silently past it.
  const loadSession: RequestHandler = (req, res, next) =>
    session(req, res, (err?: unknown) => (err ? next(err) : passportSession(req, res, next)));
  // Only the endpoints that declare it read the session (Redis): catalog reads stay cookie-free.
  app.use((req, res, next) =>
    edge.needsSession(req.method, req.path) ? loadSession(req, res, next) : next(),
  );

  // The tus endpoint reads its own bodies (a PATCH streams to the upload store): the owner's
  // guard, then the tus server, before any body parser.
  app.all(`${UPLOADS_PATH}{/:id}`, loadSession, requireAdmin, modules.fieldUploads.tusHandler());
  // Every declared endpoint, each with its guard, body limit, Cache-Control and parsing.
  const bound = [...createVersionEndpoints(), ...modules.endpoints()];
  app.use(endpointRouter(bound, endpoints, { invalidateOnWrite: responseCache.invalidateOnWrite }));
  // Whatever else is under /api/admin is the owner's too (the queue board, and a 404 only for
  // them): the guard first, and only then large bodies.
  app.use('/api/admin', loadSession, requireAdmin, responseCache.invalidateOnWrite, jsonBody('16mb'));
  app.use('/api/admin', createOpsAdminRoutes(ctx));
  app.use('/api', notFoundHandler);

  // One buyer's pages (the order page): never stored, kept out of search engines and referrers.
  app.get(edge.privatePages, (_req, res, next) => {
    res.set('X-Robots-Tag', 'noindex, nofollow');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const router of modules.rootRoutes()) app.use(router);
  // The HTML shell, manifest and service worker carry SITE_NAME and PHOTOGRAPHER_NAME as configured
  // now, not as built: one build (one Docker image) serves any shop.
  const webFiles = createWebAppFiles(distDir, {
    siteName: config.SITE_NAME,
    photographerName: config.PHOTOGRAPHER_NAME ?? '',
  });
  const renderPage = createPageRenderer({
    files: webFiles,
    serverDir: path.join(rootDir, 'dist/server'),
    pageData: modules.storefront.pageData,
    origin: config.publicUrl,
  });
  serveWebApp(app, distDir, webFiles, renderPage);
  app.use(notFoundHandler);
  app.use(badEscapeAsMissingPage(renderPage));
  app.use(errorHandler);
  return app;
}
