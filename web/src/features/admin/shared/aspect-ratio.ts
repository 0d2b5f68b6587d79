/** A photo's and a print option's aspect ratio: the choices offered and their labels. */

export const ASPECT_RATIO_MAX = 7;

export const DEFAULT_ASPECT_RATIOS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '3:2', label: '3:2 (Standard Landscape)' },
  { value: '2:3', label: '2:3 (Standard Portrait)' },
  { value: '1:1', label: '1:1 (Square)' },
  { value: '16:9', label: '16:9 (Panoramic)' },
  { value: '4:3', label: '4:3 (Classic)' },
];

/** Ratio choices: the defaults, then the ratios already in use, each once. */
export function aspectRatioChoices(used: Array<string | null | undefined>): string[] {
  const values = DEFAULT_ASPECT_RATIOS.map((r) => r.value);
  for (const ratio of used) {
    const value = ratio?.trim();
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}

export function aspectRatioLabel(value: string): string {
  return DEFAULT_ASPECT_RATIOS.find((r) => r.value === value)?.label ?? value;
}
