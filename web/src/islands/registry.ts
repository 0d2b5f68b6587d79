import type { ComponentType } from 'react';
import type { IslandName } from './island-names';

type IslandModule = { default: ComponentType<never> };

/**
 * Every island, by name: its component's module (the key of Vite's build manifest, for the page's
 * preloads: src/platform/http/app-modules.ts) and how the browser loads it. Each module's default
 * export is the island's component.
 */
export const ISLANDS = {
  'site-header': {
    source: 'src/app/layout/site-header.tsx',
    load: () => import('../app/layout/site-header'),
  },
  'offline-banner': {
    source: 'src/components/offline-banner.tsx',
    load: () => import('../components/offline-banner'),
  },
  'scroll-cue': {
    source: 'src/features/storefront/scroll-cue.tsx',
    load: () => import('../features/storefront/scroll-cue'),
  },
  'photo-media': {
    source: 'src/features/storefront/photo-media.tsx',
    load: () => import('../features/storefront/photo-media'),
  },
  'photo-purchase': {
    source: 'src/features/storefront/photo-purchase.tsx',
    load: () => import('../features/storefront/photo-purchase'),
  },
  'contact-form': {
    source: 'src/features/storefront/contact-form.tsx',
    load: () => import('../features/storefront/contact-form'),
  },
  'gift-card-form': {
    source: 'src/features/storefront/gift-card-form.tsx',
    load: () => import('../features/storefront/gift-card-form'),
  },
  'gift-card-balance': {
    source: 'src/features/storefront/gift-card-balance-form.tsx',
    load: () => import('../features/storefront/gift-card-balance-form'),
  },
  'newsletter-signup': {
    source: 'src/features/storefront/newsletter-signup.tsx',
    load: () => import('../features/storefront/newsletter-signup'),
  },
  toaster: {
    source: 'src/components/toast/toast-provider.tsx',
    load: () => import('../components/toast/toast-provider'),
  },
} satisfies Record<IslandName, { source: string; load: () => Promise<IslandModule> }>;

export type { IslandName };

/** The islands' runtime (the manifest key of start-islands.tsx), preloaded on every islands page. */
export const ISLANDS_RUNTIME_SOURCE = 'src/islands/start-islands.tsx';
