import type { LabProviderId } from '@contract';
import { parseInches } from '@shared/print-sizes';

/** Who makes a print option: the owner, or one of the labs. */
export type Maker = LabProviderId | 'you';

/**
 * The makers a print option may be given: the owner, each lab that is on, and the lab that makes it
 * now even when it is off (so the dialog shows it as it is).
 */
export function makerChoices(
  labs: ReadonlyArray<{ provider: LabProviderId; enabled: boolean }>,
  current: LabProviderId | undefined,
): Maker[] {
  return ['you', ...labs.filter((l) => l.enabled || l.provider === current).map((l) => l.provider)];
}

/** The demo labs' mark, beside a lab's name wherever it shows. */
export const DEMO_TEXT = 'Demo: nothing is printed or shipped';

/**
 * The width and height in inches a print option's size names ('8x10', '8 x 10 inch', '12×16 in',
 * '8.5x11'), as the dialog's fields start; null when the size does not read as inches.
 */
export function sizeInches(size: string): { width: string; height: string } | null {
  const inches = parseInches(size);
  return inches && { width: String(inches.widthIn), height: String(inches.heightIn) };
}

/** 45 -> '45%', 12.345 -> '12.3%'. */
export function percentText(percent: number): string {
  return `${Math.round(percent * 10) / 10}%`;
}

/** An inch figure as the owner reads it: 8 -> '8', 8.5 -> '8.5'. */
export const inchesText = (n: number) => String(Math.round(n * 100) / 100);
