// `npx tsx scripts/bench-variants.ts`: what each variant costs with our own encoder settings, in
// bytes and encode time, on a smooth photo (sky, a few shapes), a mixed one (a wildlife frame:
// blurred background, a textured bird, reeds) and a dense one (fine texture all over): the
// measurements behind choosing the variant set (issue 27), and bytes per photo across all variants
// before and after it (`npm run bench` reports those).
// Each variant is made from the original as the media job makes it (render from the decoded and
// scaled original), one at a time so the times are per variant.
import sharp from 'sharp';
import { renderVariant } from '../src/modules/media';
import { isMain } from '../src/platform/process';
import { decodeForVariants, grainOf, make24MpJpeg } from './bench-upload';

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

/** A small seeded generator (mulberry32): the same reeds on every run, so runs compare. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 6000 x 4000 like a wildlife frame: an out-of-focus background (smooth gradients, soft bokeh), a
 * bird whose feathers are fine texture, reeds of mid detail along the bottom, sensor grain over all.
 */
async function makeMixedJpeg(): Promise<Buffer> {
  const [w, h] = [6000, 4000];
  // Out of focus: drawn at a tenth of the size, blurred there and scaled up, which is cheap.
  const background = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#3f4d2c"/><stop offset="0.55" stop-color="#7f8a50"/><stop offset="1" stop-color="#c4b47c"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#bg)"/>
      <circle cx="90" cy="80" r="45" fill="#a9b46e" opacity="0.5"/>
      <circle cx="470" cy="60" r="60" fill="#dcd29a" opacity="0.4"/>
      <circle cx="520" cy="190" r="35" fill="#5d6b38" opacity="0.6"/>
      <ellipse cx="200" cy="250" rx="120" ry="50" fill="#2f3a22" opacity="0.5"/>
    </svg>`),
  )
    .blur(6)
    .png()
    .toBuffer();

  // The bird (2000 x 1400, placed at 2100, 1400 among the reeds): plumage shading, rows of feather
  // edges, fine feather texture (grey noise stretched along the body), cut out by its outline.
  const [bw, bh] = [2000, 1400];
  const outline = (fill: string) => `<g fill="${fill}">
    <ellipse cx="1000" cy="800" rx="650" ry="380" transform="rotate(-12 1000 800)"/>
    <circle cx="1550" cy="430" r="230"/>
    <polygon points="1740,390 1990,450 1740,500"/>
    <polygon points="430,880 0,1150 70,1260 500,1040"/></g>`;
  const svgOf = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${bw}" height="${bh}">${body}</svg>`);
  const plumage = svgOf(`<defs>
    <linearGradient id="p" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#5a4a3a"/><stop offset="0.6" stop-color="#8c7a62"/><stop offset="1" stop-color="#d8cbb4"/>
    </linearGradient>
    <pattern id="f" width="90" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(-12)">
      <path d="M0 60 Q 45 0 90 60" stroke="#2e251c" stroke-opacity="0.4" stroke-width="4" fill="none"/>
    </pattern></defs>${outline('url(#p)')}${outline('url(#f)')}`);
  const feathers = await sharp({
    create: {
      width: bw / 4,
      height: bh,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
    },
  })
    .greyscale()
    .resize(bw, bh, { fit: 'fill' })
    .raw()
    .toBuffer();
  const bird = await sharp(plumage)
    .composite([
      { input: feathers, raw: { width: bw, height: bh, channels: 1 }, blend: 'overlay' },
      { input: svgOf(outline('#fff')), blend: 'dest-in' },
    ])
    .png()
    .toBuffer();

  // Reeds: stems a few to a dozen pixels wide, some with seed heads, leaning a little.
  const random = seeded(27);
  const colours = ['#6b6a3a', '#8a7a48', '#4e5530', '#a39061', '#3b4326'];
  const reeds = Array.from({ length: 220 }, () => {
    const x = random() * w;
    const top = 2500 + random() * 1000;
    const lean = (random() - 0.5) * 500;
    const colour = colours[Math.floor(random() * colours.length)];
    const stem = `<path d="M${x} ${h} Q ${x + lean / 3} ${(h + top) / 2} ${x + lean} ${top}" stroke="${colour}" stroke-width="${5 + random() * 11}" fill="none"/>`;
    return random() < 0.3
      ? `${stem}<ellipse cx="${x + lean}" cy="${top}" rx="14" ry="70" fill="#5b4630" transform="rotate(${lean / 12} ${x + lean} ${top})"/>`
      : stem;
  }).join('');

  // Sensor grain, in brightness only as after a camera's noise reduction.
  const grain = await grainOf(w, h, 10).greyscale().raw().toBuffer();
  return sharp(background)
    .resize(w, h)
    .composite([
      { input: bird, left: 2100, top: 1400 },
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${reeds}</svg>`,
        ),
      },
      { input: grain, raw: { width: w, height: h, channels: 1 }, blend: 'soft-light' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Variant = {
  kind: 'thumb' | 'display';
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
};
type Row = Variant & { bytes: number; ms: number; before: boolean; after: boolean };
export type SetBytes = {
  beforeFiles: number;
  afterFiles: number;
  beforeBytes: number;
  afterBytes: number;
  savingPct: number;
  beforeMs: number;
  afterMs: number;
};

/**
 * The variant set BEFORE issue 27, kept here only to measure the new one against: the thumbnail
 * (fits 400x300) and display widths 640/1080/1600/2400, each in AVIF, WebP and JPEG, for a photo
 * at least 2400 px wide (as every photo here is). The app's plan is `planVariants`.
 */
function planBefore(width: number, height: number): Variant[] {
  const scale = Math.min(400 / width, 300 / height);
  const sizes = [
    { kind: 'thumb' as const, width: Math.round(width * scale), height: Math.round(height * scale) },
    ...[640, 1080, 1600, 2400].map((w) => ({
      kind: 'display' as const,
      width: w,
      height: Math.round((w * height) / width),
    })),
  ];
  return (['avif', 'webp', 'jpeg'] as const).flatMap((format) => sizes.map((s) => ({ ...s, format })));
}
/** WebP's settings before issue 27: the app's encoder no longer makes WebP, so sharp makes it here. */
const WEBP_BEFORE = { quality: 78, effort: 1 } as const;

const keyOf = (v: Variant) => `${v.kind}:${v.width}x${v.height}:${v.format}`;

/**
 * Every variant of the set before and of the set after (the app's `planVariants` and
 * `renderVariant`), each encoded once: a variant in both sets is the same file, same settings.
 */
async function measureVariants(jpeg: Buffer): Promise<Row[]> {
  const { width, height } = await sharp(jpeg).metadata();
  const { planned, data, raw } = await decodeForVariants(jpeg);
  const before = new Set(planBefore(width!, height!).map(keyOf));
  const after = new Set(planned.map(keyOf));
  const rows = new Map<string, Row>();
  for (const v of [...planBefore(width!, height!), ...planned]) {
    const key = keyOf(v);
    if (rows.has(key)) continue;
    const t0 = performance.now();
    const out =
      v.format === 'webp'
        ? await sharp(data, { raw })
            .resize({ width: v.width, height: v.height, fit: 'fill' })
            .webp(WEBP_BEFORE)
            .toBuffer()
        : await renderVariant({ data, raw }, { ...v, format: v.format }, false, false);
    const ms = Math.round(performance.now() - t0);
    rows.set(key, { ...v, bytes: out.length, ms, before: before.has(key), after: after.has(key) });
  }
  return [...rows.values()];
}

/** Bytes and encode time of all the variants of one photo, before and after. */
function compareSets(rows: Row[]): SetBytes {
  const sum = (set: Row[], f: (r: Row) => number) => set.reduce((s, r) => s + f(r), 0);
  const before = rows.filter((r) => r.before);
  const after = rows.filter((r) => r.after);
  const beforeBytes = sum(before, (r) => r.bytes);
  const afterBytes = sum(after, (r) => r.bytes);
  return {
    beforeFiles: before.length,
    afterFiles: after.length,
    beforeBytes,
    afterBytes,
    savingPct: Math.round((1 - afterBytes / beforeBytes) * 1000) / 10,
    beforeMs: sum(before, (r) => r.ms),
    afterMs: sum(after, (r) => r.ms),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The per-variant table of one photo; `*` marks the variants the app makes now. */
function table(name: string, rows: Row[]): string {
  const lines = [
    name,
    'variant           | avif                | webp                | jpeg                | smallest',
    '------------------|---------------------|---------------------|---------------------|---------',
  ];
  for (const size of [...new Set(rows.map((r) => `${r.kind}:${r.width}x${r.height}`))]) {
    const cells = rows.filter((r) => `${r.kind}:${r.width}x${r.height}` === size);
    const cell = (f: string) => {
      const r = cells.find((c) => c.format === f);
      return (r ? `${kb(r.bytes)} ${r.ms} ms${r.after ? ' *' : ''}` : '-').padEnd(19);
    };
    const smallest = cells.reduce((a, b) => (b.bytes < a.bytes ? b : a)).format;
    lines.push(`${size.padEnd(17)} | ${['avif', 'webp', 'jpeg'].map(cell).join(' | ')} | ${smallest}`);
  }
  const s = compareSets(rows);
  lines.push(
    `before: ${s.beforeFiles} files ${kb(s.beforeBytes)} in ${s.beforeMs} ms; ` +
      `after (*): ${s.afterFiles} files ${kb(s.afterBytes)} in ${s.afterMs} ms (−${s.savingPct} % bytes)`,
  );
  return lines.join('\n');
}

/** "… smooth 358 KB → 127 KB (−64.4 %), …; encode time (…) smooth 1.2 s → 0.7 s, …" */
export function variantBytesSummary(photos: Record<string, SetBytes>): string {
  const entries = Object.entries(photos);
  const { beforeFiles, afterFiles } = entries[0][1];
  const bytes = entries.map(
    ([name, s]) => `${name} ${kb(s.beforeBytes)} → ${kb(s.afterBytes)} (−${s.savingPct} %)`,
  );
  const times = entries.map(([name, s]) => `${name} ${seconds(s.beforeMs)} → ${seconds(s.afterMs)}`);
  return (
    `Bytes per photo across all variants (${beforeFiles} files before → ${afterFiles} after): ` +
    `${bytes.join(', ')}; encode time (variants one at a time) ${times.join(', ')}`
  );
}

const PHOTOS = {
  smooth: { about: 'make24MpJpeg: a landscape with grain', make: make24MpJpeg },
  mixed: { about: 'a wildlife frame: blurred background, textured bird, reeds', make: makeMixedJpeg },
  dense: { about: 'fine texture all over', make: makeDenseJpeg },
};

/** For each photo: bytes and encode time of all its variants before and after issue 27. */
export async function benchVariantBytes(): Promise<{ photos: Record<string, SetBytes>; tables: string }> {
  const photos: Record<string, SetBytes> = {};
  const tables: string[] = [];
  for (const [name, photo] of Object.entries(PHOTOS)) {
    const rows = await measureVariants(await photo.make());
    photos[name] = compareSets(rows);
    tables.push(table(`${name} (${photo.about})`, rows));
  }
  return { photos, tables: tables.join('\n\n') };
}

if (isMain(import.meta.url)) {
  const { photos, tables } = await benchVariantBytes();
  console.log(`${tables}\n\n${variantBytesSummary(photos)}`);
}
