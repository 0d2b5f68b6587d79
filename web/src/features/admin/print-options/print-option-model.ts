import type { PrintOption } from '../../../lib/api-types';
import { isValidPrice, isValidShipping, toNumber } from '../shared/price-fields';

export type PrintOptionDraft = {
  aspectRatio: string;
  size: string;
  format: string;
  price: string;
  shipping: string;
};
export type PrintOptionErrors = Partial<Record<keyof PrintOptionDraft, string>>;

export function emptyDraft(aspectRatio = ''): PrintOptionDraft {
  return { aspectRatio, size: '', format: '', price: '', shipping: '0' };
}

export function draftOf(option: PrintOption): PrintOptionDraft {
  return {
    aspectRatio: option.aspectRatio,
    size: option.size,
    format: option.format,
    price: String(option.price),
    shipping: String(option.shipping),
  };
}

/** Catalogue rules (size, format, price, shipping); aspect ratio is checked only when adding. */
export function validateDraft(draft: PrintOptionDraft, checkRatio: boolean): PrintOptionErrors {
  const errors: PrintOptionErrors = {};
  if (checkRatio && !draft.aspectRatio.trim()) errors.aspectRatio = 'Aspect ratio is required';
  if (!draft.size.trim()) errors.size = 'Size is required';
  if (!draft.format.trim()) errors.format = 'Format is required';
  if (!isValidPrice(draft.price)) errors.price = 'Price must be greater than 0';
  if (!isValidShipping(draft.shipping)) errors.shipping = 'Shipping cannot be negative';
  return errors;
}

export function fieldsOfDraft(draft: PrintOptionDraft) {
  return {
    size: draft.size.trim(),
    format: draft.format.trim(),
    price: toNumber(draft.price),
    shipping: toNumber(draft.shipping),
  };
}

/** Options grouped by aspect ratio, ratios in natural order, options by price. */
export function groupByRatio(
  options: readonly PrintOption[],
): Array<{ ratio: string; options: PrintOption[] }> {
  const groups = new Map<string, PrintOption[]>();
  for (const option of options) {
    const ratio = option.aspectRatio || 'Unspecified';
    groups.set(ratio, [...(groups.get(ratio) ?? []), option]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([ratio, list]) => ({ ratio, options: [...list].sort((a, b) => a.price - b.price || a.id - b.id) }));
}
