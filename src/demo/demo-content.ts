// The demo shop's content: a dozen scenes to render as "photographs" (SVG drawn by demo-seed.ts,
// no downloads), their categories, and a print catalogue per aspect ratio.

/** The demo shop's name: its launchers set SITE_NAME to it (the shop's default names no one). */
export const DEMO_SITE_NAME = 'Refuge Light Photography';

export type Ratio = '3:2' | '2:3' | '16:9' | '1:1';
export const SIZE: Record<Ratio, [number, number]> = {
  '3:2': [2400, 1600],
  '2:3': [1600, 2400],
  '16:9': [2400, 1350],
  '1:1': [2000, 2000],
};

export type Palette = {
  top: string;
  mid: string;
  low: string;
  sun: string;
  hill1: string;
  hill2: string;
  water?: string;
};
export type Scene = {
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

export const scenes: Scene[] = [
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

export const categories = [
  { name: 'birds', displayName: 'Birds' },
  { name: 'wildlife', displayName: 'Wildlife' },
  { name: 'landscapes', displayName: 'Landscapes' },
  { name: 'marsh', displayName: 'Marsh & Wetlands' },
];

/** Print catalogue: [size, format, price, shipping] per aspect ratio. */
export const catalogue: Record<Ratio, [string, string, number, number][]> = {
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
