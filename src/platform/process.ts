import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { closeContext, createContext, type AppContext } from './context';
import type { Logger } from './logger';

/** True when the module with this import.meta.url is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  return !!process.argv[1] && metaUrl === pathToFileURL(process.argv[1]).href;
}

/** Runs the closers once on SIGTERM/SIGINT, then exits; a second signal forces the exit. */
export function onShutdown(logger: Logger, close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}

/**
 * A process's life: its context from the environment, the service started on it, both closed on
 * SIGTERM/SIGINT. A bad configuration exits 1 with its message alone.
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
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
