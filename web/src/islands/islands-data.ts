import type { Site } from '../lib/api-types';

/**
 * A storefront page rendered as islands carries, in a <script type="application/json"> of this id,
 * what every island reads besides its own props: the site's public address and /api/site's answer.
 * Its presence is what tells main.tsx to start the islands, not the React app.
 */
export const ISLANDS_DATA_ID = 'wf-islands';

export type IslandsData = { origin: string; site: Site | null };
