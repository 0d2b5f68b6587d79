import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** The part of fetch these clients use. */
export type Fetcher = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

/**
 * A fetch over node:http/node:https that trusts exactly `ca` for https (e.g. Caddy's internal
 * root; Node's own fetch takes no per-call CA) and reaches `localhost` over IPv4. Answers are
 * whole Response objects, Set-Cookie headers kept apart (`headers.getSetCookie()`); redirects are
 * not followed; bodies are not decompressed (no Accept-Encoding is sent unless asked for).
 */
export function fetchTrusting(ca: string | Buffer, timeoutMs = 30_000): Fetcher {
  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const req = (secure ? https : http).request(
        target,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          family: 4,
          timeout: timeoutMs,
          agent: false,
          ...(secure ? { ca } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value === undefined) continue;
              for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
            }
            const status = res.statusCode ?? 0;
            const empty = [204, 205, 304].includes(status) || init.method === 'HEAD';
            resolve(
              new Response(empty ? null : new Uint8Array(Buffer.concat(chunks)), {
                status,
                statusText: res.statusMessage,
                headers,
              }),
            );
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(init.body);
    });
}

type Cookie = { value: string; secure: boolean };

/**
 * A browser-like visitor over http or https: keeps cookies as a browser does (a Secure cookie is
 * never sent over plain http), sends JSON, and on writes the Origin and Sec-Fetch-Site a browser
 * sends from the site's own pages. Every request carries an X-Request-Id of its own
 * (`lastRequestId`): the API logs it, so a test can tell which process answered.
 */
export class BrowserClient {
  /** The X-Request-Id of the last request sent. */
  lastRequestId = '';

  constructor(
    readonly baseUrl: string,
    private readonly fetcher: Fetcher = (url, init) => fetch(url, init),
    private readonly cookies = new Map<string, Cookie>(),
  ) {}

  /** The same visitor (same cookies) at another address, e.g. one API process directly. */
  at(baseUrl: string): BrowserClient {
    return new BrowserClient(baseUrl, this.fetcher, this.cookies);
  }

  cookieHeader(secureChannel = this.baseUrl.startsWith('https:')): string {
    return [...this.cookies]
      .filter(([, c]) => secureChannel || !c.secure)
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    this.lastRequestId = `deploy-${randomBytes(6).toString('hex')}`;
    const cookie = this.cookieHeader();
    const write = method !== 'GET' && method !== 'HEAD';
    const res = await this.fetcher(this.baseUrl + path, {
      method,
      headers: {
        'x-request-id': this.lastRequestId,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(write ? { origin: new URL(this.baseUrl).origin, 'sec-fetch-site': 'same-origin' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attributes] = c.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, secure: attributes.some((a) => /^secure$/i.test(a)) });
    }
    return res;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) =>
    this.request('DELETE', path, undefined, headers);

  /** JSON of a response, asserting the status first so a failure shows the body. */
  async json<T = Record<string, unknown>>(res: Response | Promise<Response>, status = 200): Promise<T> {
    const r = await res;
    const text = await r.text();
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}
