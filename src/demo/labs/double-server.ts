import http from 'node:http';
import type { AddressInfo } from 'node:net';

// What the labs' doubles (lumaprints-double.ts, prodigi-double.ts) share: their server, and how a
// test tells them which addresses to refuse.

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

/** The addresses a double refuses: those a predicate picks, or with this ZIP code; null: none. */
export function refusedAddresses<A>(
  which: ((address: A) => boolean) | string | null,
  zipOf: (address: A) => unknown,
): ((address: A) => boolean) | null {
  return which === null ? null : typeof which === 'string' ? (a: A) => zipOf(a) === which : which;
}
