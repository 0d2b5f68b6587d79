import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageStamp } from '../../shared/file-rights';
import { keepsIcc, render, renderVariants } from './media.render';
import type { PlannedVariant } from './media.rules';

// The job lays the watermark once on its scaled source and scales the marked picture per variant;
// a request's single variant (makeOne) blends it at its own size: both must look the same.
const stamp: ImageStamp = {
  rights: {
    creator: 'Dana',
    copyrightNotice: '© Dana',
    creditLine: 'Dana',
    rightsUrl: 'https://shop.example/about',
    dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
    title: 'Heron',
  },
  watermark: {
    kind: 'text',
    text: '© Dana Whitfield',
    position: 'bottom-right',
    widthShare: 0.3,
    opacity: 1,
  },
  watermarkFromWidth: 1080,
  key: 'm',
};
const display = (width: number): PlannedVariant => ({
  kind: 'display',
  width,
  height: Math.round((width * 2) / 3),
  format: 'jpeg',
});
const todo = [display(2400), display(1080), display(640), { ...display(400), kind: 'thumb' as const }];

/** A flat 3000x2000 photo: what differs between two of its variants is the mark's. */
const photo = (icc?: string) => {
  const p = sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4a7fb0' } });
  return (icc ? p.withIccProfile(icc) : p).jpeg({ quality: 95 }).toBuffer();
};

/** Mean absolute difference of the bottom-right fifth of two pictures of the same size. */
async function cornerDiff(a: Buffer, b: Buffer): Promise<number> {
  const corner = async (d: Buffer) => {
    const { width, height } = await sharp(d).metadata();
    const box = { left: Math.round(width * 0.6), top: Math.round(height * 0.8) };
    const region = { ...box, width: width - box.left, height: height - box.top };
    return sharp(d).extract(region).removeAlpha().raw().toBuffer();
  };
  const [x, y] = await Promise.all([corner(a), corner(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

/** The box of the pixels where `marked` differs from `clean` clearly: where the mark is drawn. */
async function markBox(marked: Buffer, clean: Buffer) {
  const [x, y] = await Promise.all(
    [marked, clean].map((d) => sharp(d).raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, channels } = x.info;
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  for (let i = 0; i < x.data.length; i += channels) {
    if (Math.abs(x.data[i] - y.data[i]) + Math.abs(x.data[i + 2] - y.data[i + 2]) < 80) continue;
    const [px, py] = [(i / channels) % width, Math.floor(i / channels / width)];
    Object.assign(box, {
      left: Math.min(box.left, px),
      top: Math.min(box.top, py),
      right: Math.max(box.right, px),
      bottom: Math.max(box.bottom, py),
    });
  }
  return box;
}

const made = async (original: Buffer, s: ImageStamp | null) =>
  new Map(await renderVariants(original, [...todo], s, async (v, d) => [`${v.kind}${v.width}`, d] as const));

describe('the watermark laid once on the scaled source', () => {
  for (const icc of [undefined, 'p3']) {
    it(`marks 2400 and 1080 as a single variant would, not 640 nor the thumbnail (${icc ?? 'sRGB'})`, async () => {
      const original = await photo(icc);
      const [marked, clean] = await Promise.all([made(original, stamp), made(original, null)]);
      for (const w of [2400, 1080]) {
        const alone = await render({ data: original }, display(w), await keepsIcc(original), true, stamp);
        expect(await cornerDiff(marked.get(`display${w}`)!, clean.get(`display${w}`)!)).toBeGreaterThan(3);
        // the same mark, the same size at the same place (within scaling's rounding)
        const box = await markBox(marked.get(`display${w}`)!, clean.get(`display${w}`)!);
        expect(box.right - box.left).toBeGreaterThan(w * 0.2);
        const aloneBox = await markBox(alone, clean.get(`display${w}`)!);
        for (const side of ['left', 'top', 'right', 'bottom'] as const)
          expect(Math.abs(box[side] - aloneBox[side])).toBeLessThanOrEqual(2);
        expect(!!(await sharp(marked.get(`display${w}`)!).metadata()).icc).toBe(!!icc);
      }
      for (const k of ['display640', 'thumb400'] as const)
        expect(await cornerDiff(marked.get(k)!, clean.get(k)!)).toBeLessThan(0.5);
    });
  }
});

// The worker hands libvips a local store's original by its path (never read whole into memory):
// the variants must be the very bytes made from the file's Buffer.
describe('variants from the original file', () => {
  it('are the same bytes as from its Buffer, its ICC profile kept', async () => {
    const original = await photo('p3');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-render-'));
    try {
      const file = path.join(dir, 'original.jpg');
      await writeFile(file, original);
      const fromPath = new Map(
        await renderVariants(file, [...todo], stamp, async (v, d) => [`${v.kind}${v.width}`, d] as const),
      );
      const fromBuffer = await made(original, stamp);
      expect([...fromPath.keys()]).toEqual([...fromBuffer.keys()]);
      for (const [k, d] of fromBuffer) expect(fromPath.get(k)!.equals(d)).toBe(true);
      expect(!!(await sharp(fromPath.get('display2400')!).metadata()).icc).toBe(true);
      const alone = await render({ data: file }, display(640), await keepsIcc(file), true, null);
      expect(alone.equals(await render({ data: original }, display(640), true, true, null))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
