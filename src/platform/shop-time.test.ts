import { describe, expect, it } from 'vitest';
import { formatShopTime, shopLocalToInstant } from './shop-time';

describe('shop time', () => {
  it('reads a local time in the shop zone as an instant, across DST', () => {
    expect(shopLocalToInstant('2026-12-24T08:00', 'America/New_York')?.toISOString()).toBe(
      '2026-12-24T13:00:00.000Z',
    );
    expect(shopLocalToInstant('2026-07-04T08:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-04T12:00:00.000Z',
    );
    expect(shopLocalToInstant('2026-07-04T08:00', 'UTC')?.toISOString()).toBe('2026-07-04T08:00:00.000Z');
    expect(shopLocalToInstant('2026-12-24T08:00', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-12-24T02:30:00.000Z',
    );
  });

  it('refuses dates that do not exist', () => {
    expect(shopLocalToInstant('2026-02-30T08:00', 'UTC')).toBeNull();
    expect(shopLocalToInstant('2026-12-24T24:00', 'UTC')).toBeNull();
    expect(shopLocalToInstant('2026-12-24 08:00', 'UTC')).toBeNull();
  });

  it('writes an instant as the shop clock shows it', () => {
    const at = new Date('2026-12-24T13:00:00Z');
    expect(formatShopTime(at, 'America/New_York', new Date('2026-06-01T00:00:00Z'))).toBe('Dec 24, 8:00 AM');
    expect(formatShopTime(at, 'America/New_York', new Date('2025-06-01T00:00:00Z'))).toBe(
      'Dec 24, 2026, 8:00 AM',
    );
  });
});
