import sharp from 'sharp';
import type { AppContext } from '../platform/context';
import type { Modules } from '../modules';
import { SIZE, catalogue, categories, scenes, type Ratio, type Scene } from './demo-content';

// Demo content for an empty shop: a dozen generated "photographs" (SVG scenes rendered by sharp,
// no downloads), categories, a print catalogue per aspect ratio (all in demo-content.ts), and the
// content module's defaults.

function hills(w: number, h: number, base: number, amp: number, seed: number): string {
  const pts: string[] = [];
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    const y = h * (base + amp * Math.sin(i * 1.3 + seed) * Math.cos(i * 0.7 + seed * 2));
    pts.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  return `M0,${h} L${pts.join(' L')} L${w},${h} Z`;
}

function subjectSvg(s: Scene, w: number, h: number, horizon: number): string {
  const u = Math.min(w, h) / 100; // one "unit" scales silhouettes with the frame
  const gy = h * horizon;
  const dark = '#141414';
  switch (s.subject) {
    case 'heron': {
      const x = w * 0.3;
      return `<g fill="${dark}" transform="translate(${x},${gy - 14 * u}) scale(${u / 3.5})">
        <path d="M0 0 C 10 -20 30 -24 34 -10 C 36 -2 30 4 22 6 L 40 40 L 36 42 L 18 10 C 8 14 -6 10 0 0 Z"/>
        <path d="M30 -14 C 36 -40 44 -56 40 -70 C 38 -76 46 -80 50 -74 L 70 -72 L 50 -68 C 52 -52 44 -34 36 -12 Z"/>
        <rect x="14" y="8" width="2" height="44"/><rect x="22" y="8" width="2" height="44"/></g>`;
    }
    case 'egret': {
      const x = w * 0.45;
      return `<g fill="#ffffff" transform="translate(${x},${gy - 30 * u}) scale(${u / 1.6})">
        <path d="M0 0 C 10 -18 28 -22 32 -8 C 34 0 28 6 20 8 L 36 42 L 32 44 L 16 12 C 6 16 -6 10 0 0 Z"/>
        <path d="M28 -12 C 32 -36 40 -50 36 -62 C 34 -68 42 -72 46 -66 L 64 -64 L 46 -60 C 48 -46 40 -30 34 -10 Z"/></g>
        <g fill="#2b2b2b"><rect x="${x + 14 * (u / 1.6)}" y="${gy - 30 * u + 10 * (u / 1.6)}" width="${u * 0.8}" height="${30 * u}"/></g>`;
    }
    case 'deer': {
      const x = w * 0.55;
      return `<g fill="${dark}" transform="translate(${x},${gy - 30 * u}) scale(${u / 1.5})">
        <path d="M0 10 C 0 0 30 -2 44 2 L 52 -14 L 50 -24 L 56 -30 L 60 -18 L 64 -26 L 66 -16 L 58 -10 L 60 4 C 62 10 56 14 50 12 L 48 40 L 44 40 L 42 16 L 12 16 L 10 40 L 6 40 L 4 16 C -2 16 -2 12 0 10 Z"/></g>`;
    }
    case 'flock': {
      let birds = '';
      for (let i = 0; i < 9; i++) {
        const bx = w * (0.2 + i * 0.06) + (i % 2) * u * 3;
        const by = h * (0.18 + Math.abs(4 - i) * 0.025);
        const k = u * (1.4 - Math.abs(4 - i) * 0.08);
        birds += `<path d="M${bx - 3 * k},${by} Q${bx - 1.5 * k},${by - 1.6 * k} ${bx},${by} Q${bx + 1.5 * k},${by - 1.6 * k} ${bx + 3 * k},${by}" stroke="${dark}" stroke-width="${k * 0.5}" fill="none" stroke-linecap="round"/>`;
      }
      return birds;
    }
    case 'reeds': {
      let reeds = '';
      for (let i = 0; i < 26; i++) {
        const rx = w * (0.02 + i * 0.038) + ((i * 37) % 11) * u * 0.3;
        const top = h * (0.55 + ((i * 17) % 9) * 0.02);
        reeds += `<path d="M${rx},${h} Q${rx + u * 2},${(h + top) / 2} ${rx + u},${top}" stroke="${dark}" stroke-width="${u * 0.5}" fill="none"/>`;
        if (i % 3 === 0)
          reeds += `<rect x="${rx + u * 0.4}" y="${top - u * 4}" width="${u * 1.4}" height="${u * 5}" rx="${u * 0.7}" fill="#3b2412"/>`;
      }
      return reeds;
    }
    default:
      return '';
  }
}

export function sceneSvg(s: Scene): string {
  const [w, h] = SIZE[s.ratio];
  const p = s.palette;
  const horizon = s.water ? 0.62 : 0.7;
  const [sx, sy, sr] = s.sun;
  const sky = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.top}"/><stop offset="0.65" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.low}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.water ?? p.low}"/><stop offset="1" stop-color="${p.top}"/></linearGradient>`;
  const land = `<path d="${hills(w, h * horizon, 0.72, 0.1, s.title.length)}" fill="${p.hill1}" opacity="0.85"/>
    <path d="${hills(w, h * horizon, 0.86, 0.07, s.title.length * 2)}" fill="${p.hill2}"/>`;
  const water = s.water
    ? `<rect y="${h * horizon}" width="${w}" height="${h * (1 - horizon)}" fill="url(#water)"/>
       <g transform="translate(0 ${2 * h * horizon}) scale(1 -1)" opacity="0.35">${land}</g>
       <ellipse cx="${w * sx}" cy="${h * horizon + (h * horizon - h * sy) * 0.6}" rx="${w * sr * 1.4}" ry="${h * 0.01}" fill="${p.sun}" opacity="0.6"/>
       ${[0.05, 0.1, 0.18, 0.27]
         .map(
           (f, i) =>
             `<rect x="${w * (0.1 + i * 0.2)}" y="${h * (horizon + f)}" width="${w * 0.25}" height="${h * 0.004}" fill="#ffffff" opacity="0.18"/>`,
         )
         .join('')}`
    : `<rect y="${h * horizon - 1}" width="${w}" height="${h * (1 - horizon) + 1}" fill="${p.hill2}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>${sky}</defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${w * sx}" cy="${h * sy}" r="${w * sr * 3}" fill="url(#glow)"/>
    <circle cx="${w * sx}" cy="${h * sy}" r="${w * sr}" fill="${p.sun}"/>
    ${land}${water}${subjectSvg(s, w, h, horizon)}
  </svg>`;
}

async function renderScene(s: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(s)))
    .jpeg({ quality: 84, progressive: true })
    .toBuffer();
}

/** Fills an empty shop with generated demo content. Does nothing when photos already exist. */
export async function seedDemoData(ctx: AppContext, modules: Modules): Promise<void> {
  const { catalog } = modules;
  if ((await catalog.countPhotos()) > 0) return;
  const started = Date.now();
  const service = catalog.service;

  const existing = new Set((await service.listCategories()).map((c) => c.name));
  for (const c of categories) if (!existing.has(c.name)) await service.createCategory(c);

  const optionIds = new Map<Ratio, number[]>();
  for (const [ratio, rows] of Object.entries(catalogue) as [Ratio, [string, string, number, number][]][]) {
    const ids: number[] = [];
    for (const [size, format, price, shipping] of rows)
      ids.push((await service.createPrintOption({ aspectRatio: ratio, size, format, price, shipping })).id);
    optionIds.set(ratio, ids);
  }

  // Rendering is CPU work in libvips threads: two at a time keeps both cores busy.
  const images: Buffer[] = new Array(scenes.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < scenes.length) {
        const i = next++;
        images[i] = await renderScene(scenes[i]);
      }
    }),
  );

  for (const [i, s] of scenes.entries()) {
    const photo = await service.createPhoto({
      title: s.title,
      description: s.description,
      imageData: images[i].toString('base64'),
      location: s.location,
      dateTaken: s.dateTaken,
      aspectRatio: s.ratio,
      category: s.category,
      displayOrder: i,
      featured: !!s.featured,
      verticalPosition: s.verticalPosition ?? 50,
      thumbnailData: null,
    });
    for (const optionId of optionIds.get(s.ratio) ?? []) await service.assignOption(photo.id, optionId);
  }

  const content = modules.content as unknown as { seedDefaults?: () => Promise<unknown> };
  if (typeof content.seedDefaults === 'function') await content.seedDefaults();
  ctx.logger.info({ photos: scenes.length, ms: Date.now() - started }, 'demo content created');
}
