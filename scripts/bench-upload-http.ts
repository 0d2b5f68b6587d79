// Upload to all variants ready over HTTP through the real app (an API process and a worker
// process on a database of their own), against raw sharp making the same variants in the same
// run; and the API's memory while three 50 MB uploads run at once, against the idle API's.
// Both the multipart form (POST /api/admin/photos) and the tus path (/api/admin/uploads, then
// POST /api/admin/photo-drafts); the tus path reports "not available" where the API lacks it.
// The baseline runs in a process started as the worker is (bench-raw-sharp.ts: the same memory
// settings); raw sharp in this process, with node's defaults, is reported beside it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { isMain } from '../src/platform/process';
import { buildServer, CATEGORY, sleep, startApp, type App } from './bench-app';
import { grainOf, make24MpJpeg, rawSharpVariants } from './bench-upload';
import { startRawSharpProcess, type RawSharpProcess } from './bench-raw-sharp';

/** MAX_PHOTO_MB=50: the per-file limit is 52,428,800 bytes; the memory test's files stay under it. */
const FILE_LIMIT = 50 * 1024 * 1024;
const MEMORY_BUDGET_MB = 300;

/**
 * A kB figure of /proc/<pid>/status: VmRSS now, VmHWM its peak so far, RssAnon the part that is the
 * process's own (heap, buffers, decoded pixels; not the mapped binaries and files), RssFile the
 * mapped files' pages.
 */
export function procKb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}
export const mb = (kb: number) => Math.round(kb / 102.4) / 10;

/**
 * Sets a process's VmHWM back to its RSS now (Linux: `5` in /proc/<pid>/clear_refs), so the peak
 * read later is of what ran since; false where the kernel does not allow it.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * A ~50 MB camera-like JPEG (just under the per-file limit): a large frame of heavy grain at
 * quality 100, the worst case a camera's fine JPEG reaches.
 */
export async function make50MbJpeg(): Promise<Buffer> {
  let [w, h] = [7000, 4667];
  for (;;) {
    const jpeg = await grainOf(w, h, 60)
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
      .toBuffer();
    if (jpeg.length <= FILE_LIMIT - 64 * 1024 && jpeg.length >= 0.85 * FILE_LIMIT) return jpeg;
    const scale = Math.sqrt((0.95 * FILE_LIMIT) / jpeg.length);
    [w, h] = [Math.round(w * scale), Math.round(h * scale)];
  }
}

const writeHeaders = (app: Pick<App, 'base' | 'cookie'>, extra: Record<string, string> = {}) => ({
  cookie: app.cookie,
  'sec-fetch-site': 'same-origin',
  ...extra,
});

/** The multipart form's upload; resolves with the new photo's id. */
export async function uploadMultipart(
  app: Pick<App, 'base' | 'cookie'>,
  image: Blob,
  title: string,
): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, description: '<p>Bench.</p>', category: CATEGORY }))
    form.append(k, v);
  form.append('image', image, 'bench.jpg');
  const res = await fetch(`${app.base}/api/admin/photos`, {
    method: 'POST',
    headers: writeHeaders(app),
    body: form,
  });
  if (res.status !== 201)
    throw new Error(`POST /api/admin/photos answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

const tusMeta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** The tus path: create, one PATCH with the whole file, then the draft; null when the API lacks it. */
async function uploadTus(app: App, file: Blob): Promise<number | null> {
  const queueId = randomUUID();
  const created = await fetch(`${app.base}/api/admin/uploads`, {
    method: 'POST',
    headers: writeHeaders(app, {
      'tus-resumable': '1.0.0',
      'upload-length': String(file.size),
      'upload-metadata': tusMeta({ filename: 'bench.jpg', filetype: 'image/jpeg', queueId }),
    }),
  });
  if (created.status === 404) return null;
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
  const location = new URL(created.headers.get('location')!, app.base);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: writeHeaders(app, {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    }),
    body: file,
  });
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}`);
  const uploadId = location.pathname.split('/').pop()!;
  const draft = await fetch(`${app.base}/api/admin/photo-drafts`, {
    method: 'POST',
    headers: writeHeaders(app, { 'content-type': 'application/json' }),
    body: JSON.stringify({ queueId, uploadId, category: CATEGORY }),
  });
  if (draft.status !== 201 && draft.status !== 200)
    throw new Error(`POST /api/admin/photo-drafts answered ${draft.status}: ${await draft.text()}`);
  return ((await draft.json()) as { id: number }).id;
}

/** Polls until the photo's original has all its variants stored (the worker's job finished). */
async function variantsReady(app: App, photoId: number): Promise<void> {
  for (;;) {
    const row = await app.ctx
      .db('photos')
      .join('media_assets', 'media_assets.id', 'photos.original_id')
      .where('photos.id', photoId)
      .first('media_assets.variants_ready_at');
    if (row?.variants_ready_at) return;
    await sleep(10);
  }
}

type Timing =
  | {
      totalMs: number;
      /** Raw sharp under the worker's settings (bench-raw-sharp.ts): the budget's baseline. */
      rawSharpMs: number;
      ratio: number;
      ratios: number[];
      /** Raw sharp in the bench's own process, with node's default memory settings. */
      rawSharpDefaultsMs: number;
      ratioToDefaults: number;
    }
  | { available: false };
/** Timed uploads per path: the machine is shared and noisy, the median run is reported. */
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 7);

const ratioOf = (ms: number, baseMs: number) => Math.round((ms / baseMs) * 100) / 100;

/** Request start to all variants stored, against raw sharp before and after (their mean). */
async function timeUpload(
  app: App,
  raw: RawSharpProcess,
  jpeg: Buffer,
  upload: () => Promise<number | null>,
): Promise<Timing> {
  const before = await raw.run();
  const beforeDefaults = await rawSharpVariants(jpeg);
  const t0 = performance.now();
  const photoId = await upload();
  if (photoId === null) return { available: false };
  await variantsReady(app, photoId);
  const totalMs = Math.round(performance.now() - t0);
  const afterDefaults = await rawSharpVariants(jpeg);
  const after = await raw.run();
  const rawSharpMs = Math.round((before + after) / 2);
  const rawSharpDefaultsMs = Math.round((beforeDefaults.ms + afterDefaults.ms) / 2);
  const ratio = ratioOf(totalMs, rawSharpMs);
  return {
    totalMs,
    rawSharpMs,
    ratio,
    ratios: [ratio],
    rawSharpDefaultsMs,
    ratioToDefaults: ratioOf(totalMs, rawSharpDefaultsMs),
  };
}

/** RUNS timed uploads; the median one by ratio, with every run's ratio. */
async function medianOf(time: () => Promise<Timing>): Promise<Timing> {
  const runs: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = await time();
    if ('available' in t) return t;
    runs.push(t);
  }
  const byRatio = (runs as Exclude<Timing, { available: false }>[]).sort((a, b) => a.ratio - b.ratio);
  const toDefaults = byRatio.map((t) => t.ratioToDefaults).sort((a, b) => a - b);
  return {
    ...byRatio[Math.floor(byRatio.length / 2)],
    ratios: byRatio.map((t) => t.ratio),
    ratioToDefaults: toDefaults[Math.floor(toDefaults.length / 2)],
  };
}

type Memory =
  | {
      idleMb: number;
      /** The API's VmHWM before the uploads: its start-up peak (loading and migrating), not theirs. */
      startupPeakMb: number;
      peakMb: number;
      peakAnonMb: number;
      /**
       * The peak less the binaries and libraries the idle API had mapped (node, libvips: shared,
       * file-backed pages): its heap and buffers plus the upload's own file pages libvips maps
       * while it decodes the check (~48 MB for a 50 MB file, one at a time).
       */
      ownPeakMb: number;
      /** Whether peakMb is the kernel's exact peak over the uploads (VmHWM reset before them). */
      exactPeak: boolean;
      statuses: number[];
      withinBudget: boolean;
    }
  | { available: false };

/**
 * The API's peak RSS while three uploads run at once: VmHWM reset just before them and read just
 * after (exact, nothing falls between polls); RssAnon polled every 10 ms beside it. Where the
 * reset is refused, the peak is the polled RSS (the start-up peak would hide the uploads').
 */
async function memoryOf(pid: number, uploads: () => Promise<(number | null)[]>): Promise<Memory> {
  const idleKb = procKb(pid, 'VmRSS');
  const startupPeakKb = procKb(pid, 'VmHWM');
  const idleFileKb = procKb(pid, 'RssFile');
  const exactPeak = resetPeak(pid);
  let peakKb = idleKb;
  let peakAnonKb = procKb(pid, 'RssAnon');
  let polling = true;
  const poll = (async () => {
    while (polling) {
      peakKb = Math.max(peakKb, procKb(pid, 'VmRSS'));
      peakAnonKb = Math.max(peakAnonKb, procKb(pid, 'RssAnon'));
      await sleep(10);
    }
  })();
  let statuses: (number | null)[];
  try {
    statuses = await uploads();
  } finally {
    polling = false;
    await poll;
  }
  if (statuses.includes(null)) return { available: false };
  if (exactPeak) peakKb = Math.max(peakKb, procKb(pid, 'VmHWM'));
  const peakMb = mb(peakKb);
  return {
    idleMb: mb(idleKb),
    startupPeakMb: mb(startupPeakKb),
    peakMb,
    peakAnonMb: mb(peakAnonKb),
    ownPeakMb: mb(peakKb - idleFileKb),
    exactPeak,
    statuses: statuses as number[],
    withinBudget: peakMb < MEMORY_BUDGET_MB,
  };
}

export type HttpUploadBench = {
  megapixels: number;
  multipart: Timing;
  tus: Timing;
  bigFileBytes: number;
  memoryMultipart: Memory;
  memoryTus: Memory;
  memoryBudgetMb: number;
};

export async function benchUploadOverHttp(): Promise<HttpUploadBench> {
  buildServer();
  const jpeg = await make24MpJpeg();
  const big = await make50MbJpeg();
  const meta = await sharp(jpeg).metadata();
  // the files as a browser holds them (File objects), made before any clock starts: copying a
  // Buffer into a request body is the bench's own work, not the upload's
  const jpegFile = new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
  const bigFile = new Blob([new Uint8Array(big)], { type: 'image/jpeg' });
  // the timings on one app; the memory on a fresh API each, so its peak is the uploads' alone
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'wildframe-bench-raw-'));
  writeFileSync(path.join(scratch, 'bench.jpg'), jpeg);
  const raw = startRawSharpProcess(path.join(scratch, 'bench.jpg'));
  let app = await startApp();
  let multipart: Timing, tus: Timing;
  try {
    const time = (upload: () => Promise<number | null>) => timeUpload(app, raw, jpeg, upload);
    await time(() => uploadMultipart(app, jpegFile, 'Warm-up')); // first-request costs
    multipart = await medianOf(() => time(() => uploadMultipart(app, jpegFile, 'Bench')));
    tus = await medianOf(() => time(() => uploadTus(app, jpegFile)));
  } finally {
    raw.close();
    rmSync(scratch, { recursive: true, force: true });
    await app.close();
  }
  const three = <T>(one: () => Promise<T>) => Promise.all([one(), one(), one()]);
  app = await startApp();
  let memoryMultipart: Memory;
  try {
    await sleep(1000); // idle: started and settled
    memoryMultipart = await memoryOf(app.api.pid!, () =>
      three(async () => {
        const id = await uploadMultipart(app, bigFile, 'Big').catch(() => -1);
        return id > 0 ? 201 : 500;
      }),
    );
  } finally {
    await app.close();
  }
  app = await startApp();
  let memoryTus: Memory;
  try {
    await sleep(1000);
    memoryTus = await memoryOf(app.api.pid!, () =>
      three(async () => {
        const id = await uploadTus(app, bigFile).catch(() => -1);
        return id === null ? null : id > 0 ? 201 : 500;
      }),
    );
  } finally {
    await app.close();
  }
  return {
    megapixels: (meta.width! * meta.height!) / 1_000_000,
    multipart,
    tus,
    bigFileBytes: big.length,
    memoryMultipart,
    memoryTus,
    memoryBudgetMb: MEMORY_BUDGET_MB,
  };
}

/** The bench's lines for these figures. */
export function httpUploadSummary(r: HttpUploadBench): string {
  const timing = (name: string, t: Timing) =>
    'available' in t
      ? `${name}: not available (the API answered 404)`
      : `${name}: ${t.totalMs} ms to all variants ready, raw sharp under the worker's settings ${t.rawSharpMs} ms, ratio ${t.ratio}x (median of ${t.ratios.join(', ')}; budget <= 1.5x); to raw sharp with node's defaults (${t.rawSharpDefaultsMs} ms) ${t.ratioToDefaults}x`;
  const memory = (name: string, m: Memory) =>
    'available' in m
      ? `${name}: not available (the API answered 404)`
      : `${name}: API peak RSS ${m.peakMb} MB ${m.exactPeak ? '(VmHWM over the uploads)' : '(polled every 10 ms)'} (idle ${m.idleMb} MB, start-up peak ${m.startupPeakMb} MB; budget < ${MEMORY_BUDGET_MB} MB); without the binaries and libraries mapped at idle ${m.ownPeakMb} MB, of it anonymous ${m.peakAnonMb} MB; answers ${m.statuses.join(', ')}`;
  const bigMb = Math.round(r.bigFileBytes / 104857.6) / 10;
  return [
    timing(`Upload over HTTP of a ${r.megapixels} MP JPEG, multipart`, r.multipart),
    timing(`Upload over HTTP of a ${r.megapixels} MP JPEG, tus + draft`, r.tus),
    memory(`Three ${bigMb} MB uploads at once, multipart`, r.memoryMultipart),
    memory(`Three ${bigMb} MB uploads at once, tus + draft`, r.memoryTus),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const result = await benchUploadOverHttp();
  console.log(JSON.stringify(result));
  console.log(httpUploadSummary(result));
  process.exit(0);
}
