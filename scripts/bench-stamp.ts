// What her rights in every file cost (issue 50): a 24 MP photo's full variant set made without a
// stamp, with her rights (XMP, IIM), and with rights and a text watermark from 1080 px; the
// encodes alone (from the decoded pixels) and the job's whole run (the original's decode too).
// Runs alternate (none, rights, mark, the order turning each round) so drift hits all three alike;
// medians; budgets 1.05x, 1.15x.
// The mark over rights, 2 cores, 3 runs: 1.35-1.98x blended per variant; 1.09-1.20x (encodes) and
// 1.07-1.10x (whole job) laid once on the scaled pixels (renderFrom, media.render.ts).
import { performance } from 'node:perf_hooks';
import { isMain } from '../src/platform/process';
import { renderVariantSet } from '../src/modules/media';
import type { ImageStamp } from '../src/shared/file-rights';
import { decodeForVariants, make24MpJpeg } from './bench-upload';

const rights: ImageStamp['rights'] = {
  creator: 'Dana Whitfield',
  copyrightNotice: '© 2026 Dana Whitfield, all rights reserved',
  creditLine: 'Dana Whitfield Photography',
  rightsUrl: 'https://shop.example/about',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  title: 'Heron at dawn',
};
const withRights: ImageStamp = { rights, watermark: null, watermarkFromWidth: 0, key: 'r' };
const withMark: ImageStamp = {
  ...withRights,
  key: 'm',
  watermarkFromWidth: 1080,
  watermark: {
    kind: 'text',
    text: '© Dana Whitfield',
    position: 'bottom-right',
    widthShare: 0.25,
    opacity: 0.7,
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function alternate(rounds: number, once: (stamp: ImageStamp | null) => Promise<number>) {
  await once(null); // warm-up
  const times = { none: [] as number[], rights: [] as number[], mark: [] as number[] };
  const kinds = [
    ['none', null],
    ['rights', withRights],
    ['mark', withMark],
  ] as const;
  // the order turns each round: the first of a round ran faster (the JPEG's decode after a pause)
  for (let i = 0; i < rounds; i++)
    for (let k = 0; k < kinds.length; k++) {
      const [name, stamp] = kinds[(i + k) % kinds.length];
      times[name].push(await once(stamp));
    }
  const [none, r, m] = [median(times.none), median(times.rights), median(times.mark)];
  return {
    medianMs: { none: Math.round(none), rights: Math.round(r), rightsAndWatermark: Math.round(m) },
    rightsOverNone: Number((r / none).toFixed(3)),
    watermarkOverNone: Number((m / none).toFixed(3)),
    watermarkOverRights: Number((m / r).toFixed(3)),
  };
}

export async function benchStamp(rounds = 7) {
  const jpeg = await make24MpJpeg();
  const { planned, data, raw } = await decodeForVariants(jpeg);
  // the job's path: the mark laid once on the scaled pixels, the marked variants made from those
  const encodes = (d: typeof data, stamp: ImageStamp | null) =>
    renderVariantSet({ data: d, raw }, planned, false, stamp, async () => {});
  const timed = async (work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    return performance.now() - t;
  };
  return {
    variants: planned.length,
    encodesOnly: await alternate(rounds, (stamp) => timed(() => encodes(data, stamp))),
    wholeJob: await alternate(Math.max(3, rounds - 2), (stamp) =>
      timed(async () => encodes((await decodeForVariants(jpeg)).data, stamp)),
    ),
    budget: 'rights <= 1.05x, watermark <= 1.15x',
  };
}

export type StampBench = Awaited<ReturnType<typeof benchStamp>>;

/** The bench's line: both ratios against the variants made with no stamp, with their budgets. */
export function stampSummary(b: StampBench): string {
  const verdict = (x: number, budget: number) =>
    `${x}x (budget <= ${budget}x ${x <= budget ? 'ok' : 'OVER'})`;
  const j = b.wholeJob;
  return (
    `Rights in files, a 24 MP photo's ${b.variants} variants, whole job (medians, runs alternating): ` +
    `no stamp ${j.medianMs.none} ms, with her rights ${verdict(j.rightsOverNone, 1.05)}, ` +
    `with rights and a watermark ${verdict(j.watermarkOverNone, 1.15)}; encodes alone ` +
    `${b.encodesOnly.rightsOverNone}x and ${b.encodesOnly.watermarkOverNone}x`
  );
}

if (isMain(import.meta.url)) {
  const result = await benchStamp();
  console.log(JSON.stringify(result, null, 2));
  console.log(stampSummary(result));
}
