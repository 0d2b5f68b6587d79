import type { Request, RequestHandler, Response, Router } from 'express';
import { pathToRegexp } from 'path-to-regexp';
import type { z } from 'zod';
import { createRouter } from './async-route';
import { requireAdmin, requireSignedIn } from './guards';
import { jsonBody, parse, parseFields, parseId } from './validate';
import type { PageSpec } from './web-app';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How an answer may be kept:
 * - 'shared': the same bytes for every visitor (`no-cache`: revalidated with its ETag, a 304), kept
 *   as finished bytes by the response cache until an admin write;
 * - 'image': image bytes, kept by the response cache per format and never compressed; the image's
 *   own headers (a year immutable with `?v=`, else 5 minutes, its ETag) are set by the code that
 *   sends it, only once the image is found;
 * - 'no-store': never stored by a browser or proxy (carts, orders, payments, the admin).
 */
/**
 * 'shared': public JSON kept by the response cache; 'image': an image chosen by `Accept` and `?w=`;
 * 'file': one immutable file per address (a media variant), cached for a year without `Vary`.
 */
export type EndpointCache = 'shared' | 'image' | 'file' | 'no-store';

/**
 * One HTTP endpoint, declared once beside its handler (in the module's `*.routes.ts`): the app
 * builds everything around the handler from this, and the lists it needs before routing (which
 * requests load a session, which answers the response cache keeps) from all of them
 * (`endpointEdge`). Static data: no services, so the whole list is known without a database.
 */
export type EndpointSpec = {
  method: EndpointMethod;
  /** The full path, as Express reads it: '/api/cart/:id'. */
  path: string;
  /** 'admin': the signed-in owner only (401 otherwise); an admin write clears the response cache. */
  auth: 'public' | 'admin';
  /**
   * An admin endpoint she reaches while her account still has its one-time password (who she is,
   * choosing her own); every other one answers 403 until then.
   */
  beforePasswordChange?: true;
  /** Loads the visitor's or owner's session (Redis) first: only where the session is read or written. */
  session: boolean;
  cache: EndpointCache;
  /** Numeric ids in the path, by name, with how an error names them ('photo id'): parseId(). */
  params?: Record<string, string>;
  query?: z.ZodType;
  /** The JSON body's schema; 'none' for a write that reads no body. */
  body?: z.ZodType | 'none';
  /**
   * A multipart/form-data body (instead of the JSON one, when the request is multipart): the schema
   * of its text fields, or 'files' when it has none. The handler's `before` reads it (multer).
   */
  multipart?: z.ZodType | 'files';
  /** The most bytes of JSON body read: 100kb for a public endpoint, 16mb for an admin one. */
  bodyLimit?: string;
  /**
   * A query or body that does not parse is a 400 with `errors` per field and the message
   * 'Invalid <this>: <the first field's message>' ('request' when not given); `{ plain }`: the
   * first field's message alone (screens that show the server's text as it is), else `plain`.
   */
  invalid?: string | { plain: string };
  answer: z.ZodType | 'image bytes' | 'model bytes' | 'csv';
  /** The "call" cell of its row in docs/api-contract.md (several endpoints may share a row). */
  contract: string;
};

const PUBLIC_BODY_LIMIT = '100kb';
const ADMIN_BODY_LIMIT = '16mb';

type Parsed<S, K extends string> = S extends { [P in K]: infer T }
  ? T extends z.ZodType
    ? z.output<T>
    : undefined
  : undefined;
type Params<S> = S extends { params: infer P } ? { [K in keyof P]: number } : Record<string, never>;
type Body<S> = S extends { multipart: infer M }
  ? | { form: M extends z.ZodType ? z.output<M> : undefined; body: undefined; multipart: true }
    | { form: undefined; body: Parsed<S, 'body'>; multipart: false }
  : { form: undefined; body: Parsed<S, 'body'>; multipart: false };

/** What the handler gets, parsed as its declaration says: ids, query, and the JSON or multipart body. */
export type EndpointInput<S> = { params: Params<S>; query: Parsed<S, 'query'> } & Body<S>;

export type EndpointHandler<S> = (req: Request, res: Response, input: EndpointInput<S>) => unknown;

/**
 * A handler, or a handler with middleware the declaration cannot say (a rate limit, multer), run
 * after the body is read and before it is parsed, so junk is throttled too.
 */
export type EndpointBinding<S> =
  EndpointHandler<S> | { before: RequestHandler[]; handle: EndpointHandler<S> };

type AnyInput = {
  params: Record<string, number>;
  query: unknown;
  body: unknown;
  form: unknown;
  multipart: boolean;
};

export type BoundEndpoint = {
  spec: EndpointSpec;
  before: RequestHandler[];
  handle: (req: Request, res: Response, input: AnyInput) => unknown;
};

/** A module's declarations with their handlers: one for each, or it does not type-check. */
export function bindEndpoints<E extends Record<string, EndpointSpec>>(
  specs: E,
  handlers: { [K in keyof E]: EndpointBinding<E[K]> },
): BoundEndpoint[] {
  return Object.entries(specs).map(([name, spec]) => {
    const bound = handlers[name] as unknown as BoundEndpoint['handle'] | Omit<BoundEndpoint, 'spec'>;
    const { before, handle } = typeof bound === 'function' ? { before: [], handle: bound } : bound;
    return { spec, before, handle };
  });
}

const cacheControl: Record<EndpointCache, string | null> = {
  shared: 'no-cache',
  image: null,
  file: null,
  'no-store': 'no-store',
};

function readInput(spec: EndpointSpec, req: Request): AnyInput {
  const { invalid } = spec;
  const read = (schema: z.ZodType, value: unknown) =>
    typeof invalid === 'object' ? parseFields(schema, value, invalid.plain) : parse(schema, value, invalid);
  const params: Record<string, number> = {};
  for (const [name, label] of Object.entries(spec.params ?? {}))
    params[name] = parseId(req.params[name], label);
  const query = spec.query ? read(spec.query, req.query) : undefined;
  if (spec.multipart && req.is('multipart/form-data')) {
    const form = typeof spec.multipart === 'object' ? read(spec.multipart, req.body) : undefined;
    return { params, query, form, body: undefined, multipart: true };
  }
  const body = typeof spec.body === 'object' ? read(spec.body, req.body) : undefined;
  return { params, query, form: undefined, body, multipart: false };
}

/**
 * The router of every declared endpoint. Each one gets, from its declaration and in this order:
 * the admin guard, the response cache's clearing for an admin write, the JSON body (after the
 * guard: a stranger's 16 MB is never read), its Cache-Control, the handler's own middleware, then
 * its ids, query and body parsed. The session is loaded before routing (`endpointEdge`).
 * `declared` is the full list (src/endpoints.ts): the app does not start if it and the bound
 * endpoints differ.
 */
export function endpointRouter(
  bound: readonly BoundEndpoint[],
  declared: readonly EndpointSpec[],
  edge: { invalidateOnWrite: RequestHandler },
): Router {
  const unbound = declared.filter((spec) => !bound.some((b) => b.spec === spec));
  const undeclared = bound.filter((b) => !declared.includes(b.spec));
  if (unbound.length || undeclared.length)
    throw new Error(
      `Endpoints without a handler: ${unbound.map((s) => `${s.method} ${s.path}`).join(', ') || 'none'}; ` +
        `bound but not in src/endpoints.ts: ${undeclared.map((b) => `${b.spec.method} ${b.spec.path}`).join(', ') || 'none'}.`,
    );
  const parsers = new Map<string, RequestHandler>();
  const bodyParser = (limit: string) => {
    if (!parsers.has(limit)) parsers.set(limit, jsonBody(limit));
    return parsers.get(limit)!;
  };
  const router = createRouter();
  for (const { spec, before, handle } of bound) {
    const chain: RequestHandler[] = [];
    if (spec.auth === 'admin') chain.push(spec.beforePasswordChange ? requireSignedIn : requireAdmin);
    if (spec.auth === 'admin' && spec.method !== 'GET') chain.push(edge.invalidateOnWrite);
    if (typeof spec.body === 'object' || spec.multipart)
      chain.push(
        bodyParser(spec.bodyLimit ?? (spec.auth === 'admin' ? ADMIN_BODY_LIMIT : PUBLIC_BODY_LIMIT)),
      );
    const header = cacheControl[spec.cache];
    if (header)
      chain.push((_req, res, next) => {
        res.setHeader('Cache-Control', header);
        next();
      });
    chain.push(...before, async (req, res) => {
      await handle(req, res, readInput(spec, req));
    });
    const method = spec.method.toLowerCase() as Lowercase<EndpointMethod>;
    router[method](spec.path, ...chain);
  }
  return router;
}

// Express's own matching (router/lib/layer.js): case-insensitive, an optional trailing slash.
const asExpress = { sensitive: false, trailing: true, end: true };

/** One pattern for the request paths of any of `paths` (never matches when there are none). */
export function pathsPattern(paths: readonly string[]): RegExp {
  return paths.length ? pathToRegexp([...paths], asExpress).regexp : /(?!)/;
}

/** Whether a request (method, path) is one of `specs` (HEAD as GET, as Express routes it). */
export function endpointMatcher(specs: readonly EndpointSpec[]): (method: string, path: string) => boolean {
  const byMethod = new Map<string, RegExp>();
  for (const method of new Set(specs.map((s) => s.method)))
    byMethod.set(method, pathsPattern(specs.filter((s) => s.method === method).map((s) => s.path)));
  return (method, path) => byMethod.get(method === 'HEAD' ? 'GET' : method)?.test(path) ?? false;
}

/**
 * What the app needs before routing, from the declarations: which requests load the session, and
 * which GET paths the response cache keeps (JSON, images, and the storefront's shared pages).
 */
export function endpointEdge(specs: readonly EndpointSpec[], pages: readonly PageSpec[]) {
  const paths = (cache: EndpointCache) => specs.filter((s) => s.cache === cache).map((s) => s.path);
  return {
    needsSession: endpointMatcher(specs.filter((s) => s.session)),
    sharedJson: pathsPattern(paths('shared')),
    images: pathsPattern(paths('image')),
    files: pathsPattern(paths('file')),
    sharedPages: pathsPattern(pages.filter((p) => p.cache === 'shared').flatMap((p) => p.paths)),
    /** Pages of one visitor (the buyer's order page): never stored, kept out of search engines. */
    privatePages: pages.filter((p) => p.cache === 'private').flatMap((p) => p.paths),
  };
}
export type EndpointEdge = ReturnType<typeof endpointEdge>;
