// Loaded by scripts/bench-memory.ts into each process it measures (NODE_OPTIONS=--import): four
// times a second, writes where the process's memory goes to BENCH_MEMORY_PROBE_DIR/<pid>.json:
// V8's heap, the memory outside it (Buffers: uploads, the response cache), and libvips' own
// (decoded pixels) with its high-water mark. Plain JavaScript: it runs before any loader.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.BENCH_MEMORY_PROBE_DIR;
// sharp as the app resolves it (the same module instance, so the same libvips counters)
let sharp = null;
// sharp counts libvips' memory in MB
const libvips = () => sharp?.cache().memory ?? { current: 0, high: 0 };
const MB = 1024 * 1024;
// the main thread's figures (a loader's hooks thread runs this module too)
if (dir && isMainThread) {
  void import('sharp').then((m) => (sharp = m.default)).catch(() => undefined);
  const write = () => {
    const m = process.memoryUsage();
    const vips = libvips();
    const sample = {
      pid: process.pid,
      script: process.argv[1] ?? '',
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      libvips: vips.current * MB,
      libvipsHigh: vips.high * MB,
    };
    try {
      writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(sample));
    } catch {
      // the bench removed its folder: it is done with this process
    }
  };
  setInterval(write, 250).unref();
  write();
}
