import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { prepare } from './bootstrap';
import type { AppContext } from './platform/context';
import { listenForMetrics } from './platform/metrics';
import { drainOnClose, isMain, runService } from './platform/process';
import { createModules } from './modules';

export type RunningApi = {
  ctx: AppContext;
  server: http.Server;
  url: string;
  /** The METRICS_ADDRESS listener's /metrics, when it is set. */
  metricsUrl?: string;
  close(): Promise<void>;
};

export async function startApi(
  ctx: AppContext,
): Promise<RunningApi & { admin: Awaited<ReturnType<typeof prepare>> }> {
  const modules = createModules(ctx);
  const admin = await prepare(ctx, modules);
  const server = http.createServer(createApp(ctx, modules));
  server.keepAliveTimeout = 65_000;
  const closeServer = drainOnClose(server);
  const metricsListener = await listenForMetrics(ctx);
  await new Promise<void>((resolve) => server.listen(ctx.config.PORT, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ctx,
    server,
    admin,
    url: `http://localhost:${port}`,
    metricsUrl: metricsListener?.url,
    // Stops taking connections, lets in-flight requests finish and closes each connection as soon
    // as it is idle (never waiting for clients to hang up); the caller then closes the pools.
    async close() {
      await closeServer();
      // the visits counted by the last requests, before the caller closes the pools
      await modules.visits.flush();
      await metricsListener?.close();
    },
  };
}

export function printStartBanner(
  url: string,
  admin: { username: string; password?: string } | null,
  write: (text: string) => unknown = (text) => process.stdout.write(text),
) {
  // One write, so no log line lands inside the block; the password has a line of its own, plain
  // text even when the logs are JSON: `docker compose logs api | grep "one-time admin password"`.
  const lines = [`\n  Wildframe is running at ${url}`, `  Admin sign-in: ${url}/admin`];
  if (admin?.password) {
    lines.push(
      '',
      `  An admin account was created. Sign in as "${admin.username}" with the password below;`,
      '  you will choose your own at the first sign-in. It is not shown again.',
      `  one-time admin password: ${admin.password}`,
    );
  }
  write(lines.join('\n') + '\n\n');
}

if (isMain(import.meta.url)) {
  await runService(startApi, (api) => printStartBanner(api.url, api.admin));
}
