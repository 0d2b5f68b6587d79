import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy we can cut and restore, to test how the app behaves while a dependency is down. */
export async function startTcpProxy(target: { host: string; port: number }) {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  // sockets that saw a partition: their streams lost bytes, so they die when it heals
  const damaged = new Set<net.Socket>();
  let partitioned = false;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (partitioned) {
          // accepted by the network, never answered: like SYNs into a black hole
          damaged.add(client);
          client.on('data', () => undefined);
          return;
        }
        const upstream = net.connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        const forward = (from: net.Socket, to: net.Socket) =>
          from.on('data', (chunk) => {
            if (partitioned) {
              damaged.add(client);
              damaged.add(upstream);
            } else if (!to.destroyed) to.write(chunk);
          });
        forward(client, upstream);
        forward(upstream, client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: () => (server?.listening ? Promise.resolve() : listen()),
    /** Stops forwarding without closing anything: packets vanish, nobody is told (a partition). */
    partition() {
      partitioned = true;
    },
    /** Forwards again; connections that lost bytes during the partition are reset. */
    heal() {
      partitioned = false;
      for (const s of damaged) s.destroy();
      damaged.clear();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}
