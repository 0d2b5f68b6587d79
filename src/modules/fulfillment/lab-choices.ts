import type { LabChoice } from '../../contract';

/**
 * The shipping methods and production times the labs offer, in the owner's words: each lab's
 * definition lists those it has (a lab with others of its own lists its own choices).
 */
const SHIPPING_WORDS = {
  default: 'The lab’s default',
  ground: 'Ground',
  ground_economy: 'Ground economy',
  '2_day': '2-day',
  overnight: 'Overnight',
  usps_ground_advantage: 'USPS Ground Advantage',
  usps_priority_mail: 'USPS Priority Mail',
} as const;
export type ShippingMethod = keyof typeof SHIPPING_WORDS;
/** Every shipping method the shop has words for. */
export const SHIPPING_METHODS = Object.keys(SHIPPING_WORDS) as ShippingMethod[];

const PRODUCTION_WORDS = { regular: 'Regular', nextday: 'Next day', sameday: 'Same day' } as const;
export type ProductionTime = keyof typeof PRODUCTION_WORDS;
export const PRODUCTION_TIMES = Object.keys(PRODUCTION_WORDS) as ProductionTime[];

export const shippingChoices = (ids: readonly ShippingMethod[]): LabChoice[] =>
  ids.map((id) => ({ id, name: SHIPPING_WORDS[id] }));
export const productionChoices = (ids: readonly ProductionTime[]): LabChoice[] =>
  ids.map((id) => ({ id, name: PRODUCTION_WORDS[id] }));
