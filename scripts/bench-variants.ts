// `npx tsx scripts/bench-variants.ts`: what each variant costs with our own encoder settings, in
// bytes and encode time, for a smooth photo (sky, a few shapes) and a dense one (fine texture all
// over, like reeds or foliage): the measurements behind choosing the variant set (issue 27).
// Each variant is made from the original as the media job makes it (render from the decoded and
// scaled original), one at a time so the times are per variant.
import sharp from 'sharp';
import { renderVariant } from '../src/modules/media';
import { isMain } from '../src/platform/process';
import { decodeForVariants, make24MpJpeg } from './bench-upload';

/** 6000 x 4000 of fine, high-contrast texture: the worst case for every encoder. */
async function makeDenseJpeg(): Promise<Buffer> {
  const [w, h] = [6000, 4000];
  const noise = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#556b2f',
      noise: { type: 'gaussian', mean: 110, sigma: 60 },
    },
  })
    .blur(0.6) // grain of a few pixels, like grass seen from afar
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Row = { kind: string; width: number; format: string; bytes: number; ms: number };

export async function measureVariants(jpeg: Buffer): Promise<Row[]> {
  const { planned, data, raw } = await decodeForVariants(jpeg);
  const rows: Row[] = [];
  for (const v of planned) {
    const t0 = performance.now();
    const out = await renderVariant({ data, raw }, v, false, false);
    rows.push({
      kind: v.kind,
      width: v.width,
      format: v.format,
      bytes: out.length,
      ms: Math.round(performance.now() - t0),
    });
  }
  return rows;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

function report(name: string, rows: Row[]) {
  console.log(`\n${name}`);
  console.log('variant       | avif            | webp            | jpeg            | smallest');
  console.log('--------------|-----------------|-----------------|-----------------|---------');
  const keys = [...new Set(rows.map((r) => `${r.kind}:${r.width}`))];
  for (const key of keys) {
    const cells = ['avif', 'webp', 'jpeg'].map((f) =>
      rows.find((r) => `${r.kind}:${r.width}` === key && r.format === f)!,
    );
    const smallest = cells.reduce((a, b) => (b.bytes < a.bytes ? b : a)).format;
    console.log(
      `${key.padEnd(13)} | ${cells.map((c) => `${kb(c.bytes)} ${c.ms} ms`.padEnd(15)).join(' | ')} | ${smallest}`,
    );
  }
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  const byFormat = ['avif', 'webp', 'jpeg'].map(
    (f) => `${f} ${kb(rows.filter((r) => r.format === f).reduce((s, r) => s + r.bytes, 0))}`,
  );
  console.log(
    `all ${rows.length} variants: ${kb(total)} (${byFormat.join(', ')}), ${rows.reduce((s, r) => s + r.ms, 0)} ms`,
  );
}

if (isMain(import.meta.url)) {
  report('smooth (make24MpJpeg: a landscape with grain)', await measureVariants(await make24MpJpeg()));
  report('dense (fine texture all over)', await measureVariants(await makeDenseJpeg()));
}
