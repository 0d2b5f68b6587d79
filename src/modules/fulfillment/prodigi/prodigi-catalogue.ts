import type { LabCatalogueProduct, LabOptionGroup } from '../lab-provider';

/**
 * The Prodigi products the shop offers, curated here: Prodigi sells thousands of SKUs (one per
 * product and size, e.g. GLOBAL-HPR-16X20) and has no catalogue tree to browse by API, only a
 * look-up by SKU. Each family of prints here is a catalogue product with a stable number (its
 * group a category here), its attribute choices (a canvas's wrap) are options with stable
 * numbers, and the SKU is made from the family and the print's sides when an order or a quote is
 * made. These are the fine-art and photo families Prodigi makes in the US among its other labs.
 */

export type ProdigiAttributeChoice = { optionId: number; value: string; name: string };
export type ProdigiAttribute = {
  /** Prodigi's attribute name (`wrap`), and what the owner reads. */
  attribute: string;
  group: string;
  choices: ProdigiAttributeChoice[];
  /** The value sent when the owner chose none (Prodigi requires the attribute). */
  fallback: string;
};
export type ProdigiFamily = {
  /** Stable: stored on the owner's products (the reference's `familyId`). */
  id: number;
  categoryId: number;
  name: string;
  /** Its SKUs are `${skuPrefix}-${short}X${long}` (inches). */
  skuPrefix: string;
  /** The sizes Prodigi makes it in, short side first, inches. */
  sizes: readonly (readonly [number, number])[];
  attributes: ProdigiAttribute[];
};

export const PRODIGI_CATEGORIES: { id: number; name: string }[] = [
  { id: 1, name: 'Fine Art Paper' },
  { id: 2, name: 'Photo Paper' },
  { id: 3, name: 'Canvas' },
];

const paperSizes = [
  [5, 7],
  [8, 10],
  [8, 12],
  [11, 14],
  [12, 16],
  [12, 18],
  [16, 20],
  [16, 24],
  [20, 30],
  [24, 36],
] as const;

export const PRODIGI_FAMILIES: ProdigiFamily[] = [
  {
    id: 1001,
    categoryId: 1,
    name: 'Hahnemühle Photo Rag',
    skuPrefix: 'GLOBAL-HPR',
    sizes: paperSizes,
    attributes: [],
  },
  {
    id: 1002,
    categoryId: 1,
    name: 'Enhanced Matte Art Paper',
    skuPrefix: 'GLOBAL-FAP',
    sizes: paperSizes,
    attributes: [],
  },
  {
    id: 2001,
    categoryId: 2,
    name: 'Lustre Photo Paper',
    skuPrefix: 'GLOBAL-PHO',
    sizes: [[4, 6], ...paperSizes.slice(0, 9)],
    attributes: [],
  },
  {
    id: 3001,
    categoryId: 3,
    name: 'Standard Canvas',
    skuPrefix: 'GLOBAL-CAN',
    sizes: [
      [8, 10],
      [10, 10],
      [11, 14],
      [12, 12],
      [12, 16],
      [12, 18],
      [16, 20],
      [16, 24],
      [20, 20],
      [20, 30],
      [24, 36],
    ],
    attributes: [
      {
        attribute: 'wrap',
        group: 'Canvas Wrap',
        fallback: 'ImageWrap',
        choices: [
          { optionId: 3101, value: 'ImageWrap', name: 'Image Wrap' },
          { optionId: 3102, value: 'MirrorWrap', name: 'Mirror Wrap' },
          { optionId: 3103, value: 'Black', name: 'Black Edges' },
          { optionId: 3104, value: 'White', name: 'White Edges' },
        ],
      },
    ],
  },
];

export const familyOf = (id: number) => PRODIGI_FAMILIES.find((f) => f.id === id) ?? null;

/** Inches as Prodigi writes them in a SKU: 8, 8.5. */
const inches = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The family at a size: its SKU (sides in either order: Prodigi turns the image to the product,
 * so a landscape 10x8 is the 8X10), or null when Prodigi does not make it at that size.
 */
export function skuFor(family: ProdigiFamily, widthIn: number, heightIn: number): string | null {
  const [short, long] = widthIn <= heightIn ? [widthIn, heightIn] : [heightIn, widthIn];
  const size = family.sizes.find(([s, l]) => Math.abs(s - short) < 0.01 && Math.abs(l - long) < 0.01);
  return size ? `${family.skuPrefix}-${inches(size[0])}X${inches(size[1])}` : null;
}

/** A family as the admin browses it: its size range either way round. */
export function productOf(family: ProdigiFamily): LabCatalogueProduct {
  const shorts = family.sizes.map(([s]) => s);
  const longs = family.sizes.map(([, l]) => l);
  const min = Math.min(...shorts);
  const max = Math.max(...longs);
  return {
    id: String(family.id),
    name: family.name,
    minWidth: min,
    maxWidth: max,
    minHeight: min,
    maxHeight: max,
    // Prodigi recommends 300 pixels per inch but prints from less: no minimum of its own, the
    // shop's LAB_MIN_PPI decides
    requiredDpi: null,
  };
}

export const optionGroupsOf = (family: ProdigiFamily): LabOptionGroup[] =>
  family.attributes.map((a) => ({
    group: a.group,
    options: a.choices.map((c) => ({ id: String(c.optionId), name: c.name })),
  }));

/**
 * The attributes for chosen option ids: each of the family's attributes from the chosen choice,
 * or its fallback. An option id the family does not have is an error message.
 */
export function attributesFor(family: ProdigiFamily, optionIds: number[]): Record<string, string> | string {
  const attributes: Record<string, string> = {};
  for (const id of optionIds) {
    const attribute = family.attributes.find((a) => a.choices.some((c) => c.optionId === id));
    if (!attribute) return `Option ${id} is not one of ${family.name}'s.`;
    if (attributes[attribute.attribute])
      return `Choose one ${attribute.group.toLowerCase()} for ${family.name}.`;
    attributes[attribute.attribute] = attribute.choices.find((c) => c.optionId === id)!.value;
  }
  for (const a of family.attributes) attributes[a.attribute] ??= a.fallback;
  return attributes;
}
