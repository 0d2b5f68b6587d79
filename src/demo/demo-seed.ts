import sharp from 'sharp';
import type { AppContext } from '../platform/context';
import type { Modules } from '../modules';

// Demo content for an empty shop: a dozen generated "photographs" (SVG scenes rendered by sharp,
// no downloads), categories, a print catalogue per aspect ratio, and the content module's defaults.

type Ratio = '3:2' | '2:3' | '16:9' | '1:1';
const SIZE: Record<Ratio, [number, number]> = {
  '3:2': [2400, 1600],
  '2:3': [1600, 2400],
  '16:9': [2400, 1350],
  '1:1': [2000, 2000],
};

type Palette = {
  top: string;
  mid: string;
  low: string;
  sun: string;
  hill1: string;
  hill2: string;
  water?: string;
};
type Scene = {
  title: string;
  category: string;
  ratio: Ratio;
  featured?: boolean;
  location: string;
  dateTaken: string;
  description: string;
  palette: Palette;
  sun: [number, number, number]; // x, y (fractions), radius (fraction of width)
  subject?: 'heron' | 'deer' | 'flock' | 'egret' | 'reeds';
  water?: boolean;
  verticalPosition?: number;
};

const REFUGE = 'Patuxent Marsh National Wildlife Refuge';

const scenes: Scene[] = [
  {
    title: 'Heron at First Light',
    category: 'birds',
    ratio: '3:2',
    featured: true,
    location: `${REFUGE}, Maryland`,
    dateTaken: '2024',
    description:
      '<p>A great blue heron waits motionless at the edge of the impoundment as the sun clears the tree line.</p><p>Printed on lustre paper the mist keeps its soft glow.</p>',
    palette: {
      top: '#2b3a67',
      mid: '#f29e4c',
      low: '#f6d186',
      sun: '#fff1b8',
      hill1: '#4a5a3c',
      hill2: '#26331f',
      water: '#e9a65b',
    },
    sun: [0.68, 0.52, 0.07],
    subject: 'heron',
    water: true,
  },
  {
    title: 'Whitetail in the Meadow',
    category: 'wildlife',
    ratio: '3:2',
    featured: true,
    location: `${REFUGE}, Maryland`,
    dateTaken: '2023',
    description:
      '<p>A young buck pauses in the tall grass on an October evening, ears turned toward the woods.</p>',
    palette: {
      top: '#3d5a80',
      mid: '#e0b36a',
      low: '#f4dca0',
      sun: '#fff5cc',
      hill1: '#6b7a3a',
      hill2: '#3a4720',
    },
    sun: [0.2, 0.55, 0.06],
    subject: 'deer',
  },
  {
    title: 'Marsh Reflections',
    category: 'marsh',
    ratio: '16:9',
    featured: true,
    location: `${REFUGE}, Maryland`,
    dateTaken: '2024',
    description: '<p>Still water doubles the evening sky over the cattail marsh.</p>',
    palette: {
      top: '#1d3557',
      mid: '#e76f51',
      low: '#f4a261',
      sun: '#ffd6a5',
      hill1: '#2a3d2e',
      hill2: '#1b2a1f',
      water: '#d9825b',
    },
    sun: [0.5, 0.6, 0.05],
    subject: 'reeds',
    water: true,
  },
  {
    title: 'Snowy Egret Portrait',
    category: 'birds',
    ratio: '2:3',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2022',
    description: '<p>Breeding plumes lifted by the breeze on a bright spring morning.</p>',
    palette: {
      top: '#6fa8dc',
      mid: '#b7d7e8',
      low: '#e3f0f7',
      sun: '#ffffff',
      hill1: '#557a5c',
      hill2: '#34503a',
      water: '#9cc3d5',
    },
    sun: [0.78, 0.18, 0.09],
    subject: 'egret',
    water: true,
    // a portrait: the 4:3 cards show half its height, from just above its head (drawn at 12 %)
    // down to its legs
    verticalPosition: 16,
  },
  {
    title: 'Geese Over the Refuge',
    category: 'birds',
    ratio: '16:9',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2023',
    description: '<p>Canada geese return to the ponds at dusk in long, loose skeins.</p>',
    palette: {
      top: '#22223b',
      mid: '#9a8c98',
      low: '#f2e9e4',
      sun: '#fbe7c6',
      hill1: '#4a4e69',
      hill2: '#22223b',
    },
    sun: [0.3, 0.7, 0.04],
    subject: 'flock',
  },
  {
    title: 'Autumn Ridge',
    category: 'landscapes',
    ratio: '3:2',
    location: 'Near Laurel, Maryland',
    dateTaken: '2021',
    description: '<p>Layered ridges fade into blue haze on a clear November afternoon.</p>',
    palette: {
      top: '#5fa8d3',
      mid: '#cae9ff',
      low: '#f7ede2',
      sun: '#fffbe6',
      hill1: '#bc6c25',
      hill2: '#606c38',
    },
    sun: [0.85, 0.2, 0.05],
  },
  {
    title: 'Cattails at Dusk',
    category: 'marsh',
    ratio: '2:3',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2024',
    description: '<p>Cattail heads stand dark against the last orange light over the wetland.</p>',
    palette: {
      top: '#3c1642',
      mid: '#f26a4f',
      low: '#fcbf49',
      sun: '#ffe5a0',
      hill1: '#2d2a32',
      hill2: '#141216',
      water: '#e2704b',
    },
    sun: [0.4, 0.62, 0.1],
    subject: 'reeds',
    water: true,
  },
  {
    title: 'Quiet Pond',
    category: 'landscapes',
    ratio: '1:1',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2022',
    description: '<p>Morning fog lifts from the pond behind the visitor center.</p>',
    palette: {
      top: '#a3b1c6',
      mid: '#d8dee9',
      low: '#eceff4',
      sun: '#ffffff',
      hill1: '#5e6b5a',
      hill2: '#3b4a3a',
      water: '#c3cddb',
    },
    sun: [0.5, 0.35, 0.08],
    water: true,
  },
  {
    title: 'Doe at the Forest Edge',
    category: 'wildlife',
    ratio: '2:3',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2023',
    description: '<p>A doe steps out of the oaks to graze as the light goes golden.</p>',
    palette: {
      top: '#283618',
      mid: '#dda15e',
      low: '#fefae0',
      sun: '#fff3c4',
      hill1: '#606c38',
      hill2: '#283618',
    },
    sun: [0.75, 0.45, 0.08],
    subject: 'deer',
  },
  {
    title: 'Blue Hour on the Bay',
    category: 'landscapes',
    ratio: '16:9',
    location: 'Chesapeake Bay, Maryland',
    dateTaken: '2021',
    description: '<p>The bay turns to glass in the twenty minutes after sunset.</p>',
    palette: {
      top: '#0b132b',
      mid: '#3a506b',
      low: '#5bc0be',
      sun: '#e0fbfc',
      hill1: '#1c2541',
      hill2: '#0b132b',
      water: '#3a506b',
    },
    sun: [0.15, 0.58, 0.025],
    water: true,
  },
  {
    title: 'Wood Duck Pond',
    category: 'marsh',
    ratio: '1:1',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2024',
    description: '<p>Green duckweed and reflected trunks on the wood duck pond in early summer.</p>',
    palette: {
      top: '#7fb069',
      mid: '#c5d86d',
      low: '#e6f2c3',
      sun: '#fbffe0',
      hill1: '#386641',
      hill2: '#1b4332',
      water: '#6a994e',
    },
    sun: [0.3, 0.25, 0.06],
    subject: 'flock',
    water: true,
  },
  {
    title: 'Osprey Country',
    category: 'birds',
    ratio: '3:2',
    location: `${REFUGE}, Maryland`,
    dateTaken: '2022',
    description: '<p>An osprey circles high above the river, hunting in the afternoon wind.</p>',
    palette: {
      top: '#1b4965',
      mid: '#62b6cb',
      low: '#cae9ff',
      sun: '#ffffff',
      hill1: '#5fa8d3',
      hill2: '#1b4965',
      water: '#62b6cb',
    },
    sun: [0.8, 0.3, 0.05],
    subject: 'flock',
    water: true,
  },
];

const categories = [
  { name: 'birds', displayName: 'Birds' },
  { name: 'wildlife', displayName: 'Wildlife' },
  { name: 'landscapes', displayName: 'Landscapes' },
  { name: 'marsh', displayName: 'Marsh & Wetlands' },
];

/** Print catalogue: [size, format, price, shipping] per aspect ratio. */
const catalogue: Record<Ratio, [string, string, number, number][]> = {
  '3:2': [
    ['8x12', 'Lustre Paper', 45, 8],
    ['12x18', 'Lustre Paper', 85, 10],
    ['16x24', 'Metal', 225, 20],
    ['20x30', 'Canvas', 275, 25],
  ],
  '2:3': [
    ['8x12', 'Lustre Paper', 45, 8],
    ['12x18', 'Lustre Paper', 85, 10],
    ['16x24', 'Canvas', 210, 20],
  ],
  '16:9': [
    ['9x16', 'Lustre Paper', 55, 8],
    ['18x32', 'Metal', 265, 22],
    ['20x36', 'Canvas', 295, 25],
  ],
  '1:1': [
    ['10x10', 'Lustre Paper', 40, 8],
    ['16x16', 'Metal', 165, 15],
    ['20x20', 'Canvas', 195, 20],
  ],
};

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
