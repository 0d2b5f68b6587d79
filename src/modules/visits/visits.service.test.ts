import { describe, expect, it } from 'vitest';
import { wholeMonths } from './visits.service';

describe('wholeMonths', () => {
  it('finds the whole months inside a range, or none', () => {
    expect(wholeMonths({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      from: '2026-01-01',
      to: '2027-01-01',
    });
    expect(wholeMonths({ from: '2025-12-09', to: '2026-12-08' })).toEqual({
      from: '2026-01-01',
      to: '2026-12-01',
    });
    expect(wholeMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      from: '2026-02-01',
      to: '2026-03-01',
    });
    expect(wholeMonths({ from: '2026-02-02', to: '2026-02-28' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(wholeMonths({ from: '2026-12-07', to: '2026-12-07' })).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
    expect(wholeMonths({ from: '2026-11-15', to: '2026-12-14' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
  });
});
