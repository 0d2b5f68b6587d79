import { describe, expect, it } from 'vitest';
import { readableDateTaken } from './date-taken';

describe('readableDateTaken', () => {
  it('writes an ISO date out in US English', () => {
    expect(readableDateTaken('2025-08-30')).toBe('August 30, 2025');
    expect(readableDateTaken('2024-01-05')).toBe('January 5, 2024');
    expect(readableDateTaken(' 2023-12-31T23:59:59 ')).toBe('December 31, 2023');
  });

  it('writes an ISO month as month and year', () => {
    expect(readableDateTaken('2025-08')).toBe('August 2025');
  });

  it('keeps free text, a year and impossible dates as typed, and reads empty as null', () => {
    expect(readableDateTaken('2024')).toBe('2024');
    expect(readableDateTaken('Spring 2025')).toBe('Spring 2025');
    expect(readableDateTaken('2025-02-30')).toBe('2025-02-30');
    expect(readableDateTaken('2025-13-01')).toBe('2025-13-01');
    expect(readableDateTaken('  ')).toBeNull();
    expect(readableDateTaken(null)).toBeNull();
  });
});
