import type http from 'node:http';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { closeContext, createContext, type AppContext } from './context';
import { DatabaseSetupError } from './database-setup-error';
import { ensureDatabase } from './db';
import type { Logger } from './logger';

/** True when the module with this import.meta.url is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  return !!process.argv[1] && metaUrl === pathToFileURL(process.argv[1]).href;
}

export type ShutdownOptions = {
  /**
   * Further signals within this time of the first are ignored: a signal to the process group
   * (Ctrl-C, systemd's default KillMode) reaches the process directly and may come again within
   * milliseconds, relayed by a parent (tsx relays one its child is slow to acknowledge).
   */
  repeatGraceMs?: number;
  /** The last resort: exit 1 if draining has not finished by then. */
  forceAfterMs?: number;
  /** Ends the process (tests pass a stand-in). */
  exit?: (code: number) => void;
};

/**
 * Runs the closers once on SIGTERM/SIGINT, then exits 0. A repeated signal within
 * `repeatGraceMs` of the first is logged and ignored; one after that forces the exit (a second
 * Ctrl-C), and so does `forceAfterMs` without any signal. Returns a function that removes the
 * signal listeners again.
 */
export function onShutdown(
  logger: Logger,
  close: () => Promise<void>,
  { repeatGraceMs = 3000, forceAfterMs = 25_000, exit = (code) => process.exit(code) }: ShutdownOptions = {},
): () => void {
  let startedAt = 0;
  const handler = (signal: NodeJS.Signals) => {
    if (startedAt) {
      const sinceMs = Date.now() - startedAt;
      if (sinceMs < repeatGraceMs) {
        logger.info({ signal, sinceMs }, 'already shutting down: signal ignored');
        return;
      }
      logger.warn({ signal, sinceMs }, 'signal repeated while shutting down: forcing the exit');
      return exit(1);
    }
    startedAt = Date.now();
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ afterMs: forceAfterMs }, 'shutdown did not finish in time: forcing the exit');
      exit(1);
    }, forceAfterMs);
    force.unref();
    close().then(
      () => {
        clearTimeout(force);
        logger.info({ ms: Date.now() - startedAt }, 'shut down');
        exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  // The listeners stay for the whole shutdown: without one, a repeated signal would end the process
  // at once (node's default; tsx's preflight, too, exits a child that has no listener left).
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  return () => {
    process.off('SIGTERM', handler);
    process.off('SIGINT', handler);
  };
}

/**
 * Makes `server` closable without waiting for its clients: closing stops accepting connections,
 * lets every request in progress finish (answered with `Connection: close`), and closes each
 * keep-alive connection as soon as it is idle. `server.close()` alone closes only the connections
 * idle at that moment, then waits for each client to hang up the others once their answers are
 * done (Node's clients after 4 to 5 s, browsers after minutes).
 * Call it once, when the server is created; the returned function closes.
 */
export function drainOnClose(server: http.Server): () => Promise<void> {
  let closing = false;
  const inFlight = new Set<http.ServerResponse>();
  const keepAliveOff = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (closing) return keepAliveOff(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return async () => {
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of inFlight) keepAliveOff(res);
    // An answer already streaming keeps its connection until it ends: close it when idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    try {
      await closed;
    } finally {
      clearInterval(sweep);
    }
  };
}

/**
 * A process's life: its context from the environment, the service started on it, both closed on
 * SIGTERM/SIGINT. A bad configuration or an unusable database exits 1 with its message alone.
 */
export async function runService<T extends { close(): Promise<void> }>(
  start: (ctx: AppContext) => Promise<T>,
  started: (running: T, ctx: AppContext) => void,
): Promise<void> {
  try {
    const ctx = createContext(loadConfig());
    const running = await start(ctx);
    started(running, ctx);
    onShutdown(ctx.logger, async () => {
      await running.close();
      await closeContext(ctx);
    });
  } catch (err) {
    exitOnStartFailure(err);
  }
}

/**
 * Ends a process that could not start: a problem the operator must fix (a bad setting, a database
 * that cannot be reached) is printed as its message alone, anything else with its stack.
 */
export function exitOnStartFailure(err: unknown): never {
  console.error(err instanceof ConfigError || err instanceof DatabaseSetupError ? err.message : err);
  process.exit(1);
}

/**
 * A command's config with its database usable (created when missing): else the one sentence that
 * says why (bad settings, no such role, refused...) and exit 1, before any slow work starts.
 */
export async function loadConfigWithDatabase(): Promise<Config> {
  try {
    const config = loadConfig();
    await ensureDatabase(config.DATABASE_URL);
    return config;
  } catch (err) {
    return exitOnStartFailure(err);
  }
}
