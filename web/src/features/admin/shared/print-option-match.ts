import type { PrintOption } from '../../../lib/api-types';
import { canonicalSize, optionTextKey } from '@shared/print-sizes';

/**
 * The catalogue option a photo form row is (same ratio, size and format: '8x12 inch' is '8x12', case
 * and spaces do not count), or undefined: the oldest when the catalogue holds several, as on the
 * server.
 */
export function matchingOption(
  options: readonly PrintOption[],
  wanted: { aspectRatio: string; size: string; format: string },
): PrintOption | undefined {
  const ratio = wanted.aspectRatio.trim();
  const size = optionTextKey(canonicalSize(wanted.size));
  const format = optionTextKey(wanted.format);
  if (!ratio || !size || !format) return undefined;
  return options
    .filter(
      (o) =>
        o.aspectRatio === ratio &&
        optionTextKey(canonicalSize(o.size)) === size &&
        optionTextKey(o.format) === format,
    )
    .reduce<PrintOption | undefined>((oldest, o) => (oldest && oldest.id < o.id ? oldest : o), undefined);
}
