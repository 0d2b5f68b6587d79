import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeContext, type AppContext } from '../../src/platform/context';
import { dropDatabase } from '../../src/platform/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AppProcess = { name: string; proc: ChildProcess; output: string[] };

/**
 * Real API (`src/server.ts`) and worker (`workers/main.ts`) processes of the app, as production runs
 * them, each with the environment given; their output is kept for a failing test's message. One
 * node process each (tsx loaded with --import, not its CLI, which runs the script in a child): a
 * signal, SIGKILL too, reaches the app itself.
 */
export function appProcesses() {
  const children: AppProcess[] = [];
  return {
    children,
    start(name: string, script: string, env: Record<string, string>): AppProcess {
      const output: string[] = [];
      const proc = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      const child = { name, proc, output };
      children.push(child);
      return child;
    },
    /** Stops the given processes (all by default) and waits until they have exited. */
    async stop(which: AppProcess[] = children): Promise<void> {
      await Promise.all(
        which.map(
          ({ proc }) =>
            new Promise<void>((resolve) => {
              if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
              proc.once('exit', () => resolve());
              proc.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** After the processes stopped: the test's Redis keys, its context and its database go. */
export async function dropSharedState(ctx: AppContext | undefined): Promise<void> {
  if (!ctx) return;
  const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}:*`).catch(() => []);
  if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
  await closeContext(ctx);
  await dropDatabase(ctx.config.DATABASE_URL);
}
