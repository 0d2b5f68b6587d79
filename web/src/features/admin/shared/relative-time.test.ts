import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDateTime, timeAgo } from './relative-time';

const now = new Date('2025-06-10T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it('says how long ago in the largest fitting unit', () => {
    expect(timeAgo(before(30), now)).toBe('just now');
    expect(timeAgo(before(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 100), now)).toBe('3 hours ago');
    expect(timeAgo(before(24 * 3600), now)).toBe('1 day ago');
    expect(timeAgo(before(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(timeAgo(before(400 * 24 * 3600), now)).toBe('1 year ago');
  });
});

describe('formatDate', () => {
  it('formats in US English and keeps unparsable text', () => {
    expect(formatDate('2025-06-03T16:05:00')).toBe('Jun 3, 2025');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatShortDateTime', () => {
  it("leaves out this year's year, and keeps unparsable text", () => {
    expect(formatShortDateTime('2025-06-03T16:05:00', now)).toBe('Jun 3, 4:05 PM');
    expect(formatShortDateTime('2024-12-30T09:15:00', now)).toBe('Dec 30, 2024, 9:15 AM');
    expect(formatShortDateTime('soon', now)).toBe('soon');
  });
});
