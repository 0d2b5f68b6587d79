/** Every island's name (its module and loader are in registry.ts, which must name each of them). */
export const ISLAND_NAMES = [
  'site-header',
  'offline-banner',
  'scroll-cue',
  'photo-media',
  'photo-purchase',
  'contact-form',
  'gift-card-form',
  'gift-card-balance',
  'newsletter-signup',
  'toaster',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];
