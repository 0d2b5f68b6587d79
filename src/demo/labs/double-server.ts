import http from 'node:http';
import type { AddressInfo } from 'node:net';

// What the labs' doubles (lumaprints-double.ts, prodigi-double.ts) share: their server, how they
// read and answer a request, and the bad days both labs have.

/** A double's server on a local port (`port`, else a free one), or none when mounted on the app. */
export async function listenDouble(handler: http.RequestListener, opts: { listen?: boolean; port?: number }) {
  const server = opts.listen === false ? null : http.createServer(handler);
  if (server) await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = server ? (server.address() as AddressInfo).port : 0;
  return {
    /** Its address ('' when mounted: the app's address is the caller's). */
    url: server ? `http://127.0.0.1:${port}` : '',
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One request a double was sent, with the status it answered. */
export type DoubleRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Whether it carried the right credentials. */
  authorized: boolean;
  /** The status the double answered. */
  status?: number;
};

/** A request to a double, its body read whole, and the ways to answer it. */
export type DoubleCall = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  method: string;
  text: string;
  /** The request as the double keeps it (its body once parsed), before it is answered. */
  entry(authorized: boolean): DoubleRequest;
  /** A JSON answer, unless the client has gone. */
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  /** A lab that is down: its proxy's 503, an HTML page. */
  down(page: string): void;
};

/** A double's request listener: `answer` gets each request once its body is read. */
export function wholeRequests(answer: (call: DoubleCall) => Promise<unknown>): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? '';
      void answer({
        req,
        res,
        url,
        method,
        text: Buffer.concat(chunks).toString('utf8'),
        entry: (authorized) => ({
          method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: undefined,
          authorized,
        }),
        json(status, body, headers = {}) {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
          res.end(JSON.stringify(body));
        },
        down(page) {
          res.writeHead(503, { 'content-type': 'text/html; charset=UTF-8' });
          res.end(page);
        },
      });
    });
  };
}

/**
 * The bad days both labs have: down, an address refused (a predicate, or a ZIP code `zipOf` reads),
 * a slow order create. `switches` are the test's, spread into each double's api.
 */
export function labBadDays<A>(zipOf: (address: A) => unknown) {
  let down = false;
  let refused: ((address: A) => boolean) | null = null;
  let createDelayMs = 0;
  return {
    isDown: () => down,
    refuses: (address: A) => refused?.(address) ?? false,
    /** Waits before answering a create; the order is made before it. */
    async slowCreate() {
      if (createDelayMs) await new Promise((r) => setTimeout(r, createDelayMs));
    },
    switches: {
      /** Down: every request answers 503 (an HTML page from the lab's proxy). */
      setDown(on: boolean) {
        down = on;
      },
      /** Refuses addresses: those a predicate picks, or with this ZIP code; null stops. */
      refuseAddress(which: ((address: A) => boolean) | string | null) {
        refused = which === null ? null : typeof which === 'string' ? (a: A) => zipOf(a) === which : which;
      },
      /** Slows the answer to an order's create; the order is made before the wait. */
      setCreateDelay(ms: number) {
        createDelayMs = ms;
      },
    },
  };
}
