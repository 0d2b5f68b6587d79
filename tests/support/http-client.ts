/** A tiny browser-like client: keeps cookies, sends JSON, sends a same-origin header on writes. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same visitor (same cookies) talking to another server, e.g. a second API process. */
  at(baseUrl: string): HttpClient {
    return new HttpClient(baseUrl, this.cookies);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const isJson = body !== undefined && !(body instanceof FormData) && typeof body !== 'string';
    const res = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' && method !== 'HEAD' ? { 'sec-fetch-site': 'same-origin' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: isJson ? JSON.stringify(body) : (body as BodyInit | undefined),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PATCH', path, body, headers);
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
