import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './lab-http';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-12-06T07:00:00Z');
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 06 Dec 2026 07:00:20 GMT', now)).toBe(20_000);
    expect(retryAfterMs('Sun, 06 Dec 2026 06:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
  });
});
