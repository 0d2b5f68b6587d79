// Build-time PWA images: every app icon and the install-dialog screenshots are rendered with sharp
// from ONE source SVG (web/public-src/icon.svg), so no generated PNG is committed. Used as a Vite
// plugin by vite.config.ts: `vite build` emits them into dist/web, `vite` (dev) serves them.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** 'any' icons: the sizes browsers and launchers ask for (Android, Windows, desktop Chrome). */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
/** Maskable icons: full bleed, the mark inside the 80% safe zone. */
export const MASKABLE_SIZES = [192, 384, 512] as const;
export const APPLE_TOUCH_ICON = 'apple-touch-icon.png';

export type ManifestIcon = { src: string; sizes: string; type: string; purpose?: 'any' | 'maskable' };
export type ManifestScreenshot = {
  src: string;
  sizes: string;
  type: string;
  form_factor: 'narrow' | 'wide';
  label: string;
};

export type PwaColours = {
  forest: string;
  forestDark: string;
  sand: string;
  sandLight: string;
  paper: string;
};

const SCREENSHOTS = [
  { name: 'narrow', width: 1080, height: 1920 },
  { name: 'wide', width: 1920, height: 1080 },
] as const;

export function manifestIcons(): ManifestIcon[] {
  return [
    ...ICON_SIZES.map((size) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any' as const,
    })),
    ...MASKABLE_SIZES.map((size) => ({
      src: `/icons/maskable-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'maskable' as const,
    })),
  ];
}

/** The screenshots' entries; labels name the site (the build passes vite.config.ts's placeholder). */
export function manifestScreenshots(siteName: string): ManifestScreenshot[] {
  return SCREENSHOTS.map(({ name, width, height }) => ({
    src: `/screenshots/${name}.png`,
    sizes: `${width}x${height}`,
    type: 'image/png',
    form_factor: name,
    label: `${siteName}: the portfolio ${name === 'narrow' ? 'on a phone' : 'on a desktop'}`,
  }));
}

/**
 * A simple, honest sketch of the storefront (header, hero, photo grid) in the theme colours. It
 * draws no names: SITE_NAME is a run-time setting, and one build serves any shop (the manifest's
 * labels name it, filled in by the server).
 */
function screenshotSvg(width: number, height: number, icon: string, c: PwaColours): string {
  const narrow = width < height;
  const pad = narrow ? 64 : 96;
  const header = narrow ? 150 : 120;
  const heroH = narrow ? 900 : 560;
  const cols = narrow ? 2 : 4;
  const gap = narrow ? 28 : 32;
  const tileW = (width - pad * 2 - gap * (cols - 1)) / cols;
  const tileH = tileW * 0.72;
  const gridTop = header + heroH + (narrow ? 90 : 70);
  const tones = [c.forestDark, c.sand, '#4f6f5d', '#8a6d3f', '#6d8a79', c.sandLight, '#3d5a4a', '#b79f78'];
  const rows = Math.max(1, Math.ceil((height - gridTop) / (tileH + gap)));
  const tiles: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let col = 0; col < cols; col++) {
      const x = pad + col * (tileW + gap);
      const y = gridTop + r * (tileH + gap);
      tiles.push(
        `<rect x="${x}" y="${y}" width="${tileW}" height="${tileH}" rx="12" fill="${tones[(r * cols + col) % tones.length]}"/>`,
      );
    }
  }
  const iconSize = narrow ? 92 : 76;
  const iconHref = `data:image/svg+xml;base64,${Buffer.from(icon).toString('base64')}`;
  // Where the site's name goes, as a rule of its colour and about its size.
  const brandW = narrow ? 420 : 480;
  const titleW = narrow ? 760 : 900;
  const titleH = narrow ? 56 : 48;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${c.forestDark}"/><stop offset="1" stop-color="${c.forest}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="${c.paper}"/>
  <image x="${pad}" y="${(header - iconSize) / 2}" width="${iconSize}" height="${iconSize}" href="${iconHref}" xlink:href="${iconHref}"/>
  <rect x="${pad + iconSize + 28}" y="${header / 2 - 14}" width="${brandW}" height="28" rx="14" fill="${c.forestDark}"/>
  <rect x="0" y="${header}" width="${width}" height="${heroH}" fill="url(#sky)"/>
  <circle cx="${width * 0.66}" cy="${header + heroH * 0.46}" r="${heroH * 0.16}" fill="${c.sand}"/>
  <rect x="${width * 0.2}" y="${header + heroH * 0.66}" width="${width * 0.6}" height="10" rx="5" fill="${c.sandLight}"/>
  <rect x="${width * 0.48}" y="${header + heroH * 0.72}" width="${width * 0.3}" height="8" rx="4" fill="${c.sandLight}" opacity="0.7"/>
  <rect x="${(width - titleW) / 2}" y="${header + heroH * 0.86 - titleH}" width="${titleW}" height="${titleH}" rx="${titleH / 2}" fill="#ffffff"/>
  <text x="${pad}" y="${gridTop - (narrow ? 34 : 26)}" font-family="DejaVu Serif, Georgia, serif" font-size="${narrow ? 48 : 40}" fill="${c.forestDark}">Featured Work</text>
  ${tiles.join('\n  ')}
</svg>`;
}

/** A rounded-square alpha mask for the 'any' icons (launchers that do not mask keep soft corners). */
function roundedMask(size: number): Buffer {
  const r = Math.round(size * 0.22);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${r}" fill="#fff"/></svg>`,
  );
}

/** Renders every icon and screenshot: file name inside the output dir to PNG bytes. */
export async function renderPwaAssets(
  sourceSvgPath: string,
  colours: PwaColours,
): Promise<Map<string, Buffer>> {
  const svg = readFileSync(sourceSvgPath);
  // The source's viewBox is 512 wide: rendered at 512 px, then scaled down.
  const render = (size: number) => sharp(svg).resize(size, size);
  const out = new Map<string, Buffer>();
  const jobs: Promise<void>[] = [];
  for (const size of ICON_SIZES) {
    jobs.push(
      render(size)
        .composite([{ input: roundedMask(size), blend: 'dest-in' }])
        .png({ compressionLevel: 9 })
        .toBuffer()
        .then((png) => void out.set(`icons/icon-${size}.png`, png)),
    );
  }
  for (const size of MASKABLE_SIZES) {
    jobs.push(
      render(size)
        .png({ compressionLevel: 9 })
        .toBuffer()
        .then((png) => void out.set(`icons/maskable-${size}.png`, png)),
    );
  }
  // iOS rounds the corners itself and shows transparency as black: an opaque full-bleed square.
  jobs.push(
    render(180)
      .flatten({ background: colours.forest })
      .png({ compressionLevel: 9 })
      .toBuffer()
      .then((png) => void out.set(APPLE_TOUCH_ICON, png)),
  );
  for (const { name, width, height } of SCREENSHOTS) {
    jobs.push(
      sharp(Buffer.from(screenshotSvg(width, height, svg.toString('utf8'), colours)))
        .png({ compressionLevel: 9, palette: true })
        .toBuffer()
        .then((png) => void out.set(`screenshots/${name}.png`, png)),
    );
  }
  await Promise.all(jobs);
  return out;
}

/** Vite plugin: emits the rendered images into the build, and serves them from memory in dev. */
export function pwaAssets(options: { source: string; colours: PwaColours }): Plugin {
  let rendered: Promise<Map<string, Buffer>> | null = null;
  const assets = () => (rendered ??= renderPwaAssets(options.source, options.colours));
  return {
    name: 'wildframe:pwa-assets',
    async generateBundle() {
      for (const [fileName, source] of await assets()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0].replace(/^\//, '') ?? '';
        if (!/^(icons\/|screenshots\/|apple-touch-icon\.png$)/.test(name)) return next();
        assets()
          .then((files) => {
            const png = files.get(name);
            if (!png) return next();
            res.setHeader('Content-Type', 'image/png');
            res.end(png);
          })
          .catch(next);
      });
    },
  };
}
