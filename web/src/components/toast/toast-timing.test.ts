import { describe, expect, it } from 'vitest';
import { isDismissSwipe, swipeOffset } from './toast-timing';

describe('toast swipe', () => {
  it('follows rightward movement only', () => {
    expect(swipeOffset(100, 140)).toBe(40);
    expect(swipeOffset(100, 60)).toBe(0);
  });

  it('dismisses once the swipe passes 50 px', () => {
    expect(isDismissSwipe(50)).toBe(false);
    expect(isDismissSwipe(51)).toBe(true);
  });
});
