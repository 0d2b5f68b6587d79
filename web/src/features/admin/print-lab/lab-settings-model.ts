import type { LabConnection, LabProductionTime, LabProviderId, LabShippingMethod } from './api';

/** The settings' fields in the form's order (the server's 400 names them so). */
export const LAB_FIELDS = [
  'enabled',
  'sandbox',
  'apiKey',
  'apiSecret',
  'storeId',
  'shippingMethod',
  'productionTime',
  'holdMinutes',
  'reviewBeforeSending',
  'minMarginPercent',
] as const;
export type LabField = (typeof LAB_FIELDS)[number];
/** Each lab's fields have ids of their own: two labs' forms share the page. */
export const labFieldId = (provider: LabProviderId, field: LabField) => `lab-${provider}-${field}`;

/** A lab's form as typed: numbers as text (the server reads them), a blank key keeps the stored one. */
export type LabValues = {
  enabled: boolean;
  sandbox: boolean;
  apiKey: string;
  apiSecret: string;
  storeId: number | '';
  shippingMethod: LabShippingMethod;
  productionTime: LabProductionTime;
  holdMinutes: string;
  reviewBeforeSending: boolean;
  minMarginPercent: string;
};

type Store = LabConnection['stores'][number];

/** 'Wildframe Prints (#82222)'; a store saved before a test has named it: 'Store #82222'. */
export const storeText = (s: Store) =>
  s.storeName ? `${s.storeName} (#${s.storeId})` : `Store #${s.storeId}`;

/**
 * What a successful test means for the store: the one to choose (the only store found, when the
 * chosen one is not among them), and what to do next, when the lab's answer leaves it unsaid.
 */
export function afterConnection(
  answer: LabConnection,
  lab: { usesStores: boolean; storeId: number | '' },
): { storeId: number | ''; next: string | null } {
  if (!lab.usesStores) return { storeId: '', next: 'Save to keep these settings.' };
  const { stores } = answer;
  if (stores.some((s) => s.storeId === lab.storeId)) return { storeId: lab.storeId, next: null };
  // one store: it is the one
  if (stores.length === 1)
    return { storeId: stores[0].storeId, next: 'It is chosen below: save to send orders to it.' };
  return { storeId: '', next: null };
}

/** The test's answer in words: the lab's (the server's sentence), then the next step. */
export const connectionText = (answer: LabConnection, next: string | null) =>
  next ? `${answer.message} ${next}` : answer.message;
