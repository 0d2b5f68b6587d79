import { describe, expect, it } from 'vitest';
import { activeNoticeLines } from './content-api';

describe('activeNoticeLines', () => {
  it('shows the notice only when active and line1 is present', () => {
    expect(activeNoticeLines({ isActive: true, line1: 'Orders ship after June 10.', line2: null })).toEqual([
      'Orders ship after June 10.',
    ]);
    expect(activeNoticeLines({ isActive: false, line1: 'x', line2: 'y' })).toBeNull();
    expect(activeNoticeLines({ isActive: true, line1: '  ', line2: 'y' })).toBeNull();
    expect(activeNoticeLines(undefined)).toBeNull();
  });

  it('adds the second line when it has text', () => {
    expect(activeNoticeLines({ isActive: true, line1: 'a', line2: 'b' })).toEqual(['a', 'b']);
  });
});
