import { describe, expect, it } from 'vitest';
import { numbersMessages, numbersQuery } from '../../src/contract/numbers';
import { RANGE_MESSAGES, rangeErrors } from '../../web/src/features/admin/numbers/numbers-range';

/** The server's answer for a range, by field, as the admin shows it. */
function serverErrors(range: { from: string; to: string }) {
  const checked = numbersQuery.safeParse(range);
  if (checked.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('rangeErrors (the Numbers custom range)', () => {
  it("spells the server's messages", () => {
    const { grain: _grain, ...server } = numbersMessages;
    expect(RANGE_MESSAGES).toEqual(server);
  });

  it.each([
    ['2026-11-01', '2026-11-30'],
    ['2026-11-30', '2026-11-30'],
    ['2026-12-01', '2026-11-30'],
    ['', '2026-11-30'],
    ['2026-11-01', ''],
    ['', ''],
    ['2026-02-30', '2026-03-01'],
    ['2021-01-01', '2026-01-04'],
    ['2021-01-01', '2025-12-31'],
    ['1926-01-01', '2026-01-01'],
  ])('says of %s..%s what the server says', (from, to) => {
    expect(rangeErrors({ from, to })).toEqual(serverErrors({ from, to }));
  });
});
