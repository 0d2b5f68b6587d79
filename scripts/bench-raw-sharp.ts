// Raw sharp (bench-upload.ts's rawSharpVariants) in a process of its own, started with the flags
// and environment `npm run start:worker` gives the worker (glibc's malloc settings, libuv's
// threadpool) and the worker's libvips settings: the upload-over-HTTP bench's baseline under the
// settings the variants it is compared with are made under. The small-server malloc settings alone
// cost raw sharp ~35% more CPU on the same variants (2026-12-06), so a baseline run with node's
// defaults measures them, not the app.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config';
import { tuneImageLibrary } from '../src/modules/media';
import { isMain } from '../src/platform/process';
import { envDefaults, nodeFlags } from './api-node-flags';
import { rawSharpVariants } from './bench-upload';

export type RawSharpProcess = { run(): Promise<number>; close(): void };

/** The child, on `jpegPath`: each message asks for one raw run, answered with its milliseconds. */
export function startRawSharpProcess(jpegPath: string): RawSharpProcess {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [jpegPath], {
    execArgv: [...nodeFlags('start:worker'), '--import', 'tsx'],
    env: { ...envDefaults('start:worker'), ...process.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return {
    run: () =>
      new Promise<number>((resolve, reject) => {
        const failed = () => reject(new Error('the raw sharp process exited'));
        child.once('exit', failed);
        child.once('message', (ms) => {
          child.off('exit', failed);
          resolve(ms as number);
        });
        child.send('run');
      }),
    close: () => child.kill(),
  };
}

if (isMain(import.meta.url) && process.send) {
  tuneImageLibrary(loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  const jpeg = await readFile(process.argv[2]);
  process.on('message', () => void rawSharpVariants(jpeg).then(({ ms }) => process.send!(ms)));
  process.on('disconnect', () => process.exit(0));
}
