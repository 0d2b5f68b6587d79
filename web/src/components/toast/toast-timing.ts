/** Toasts close by themselves after 5 s; a swipe right past 50 px dismisses. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

/** How far the toast follows the finger: only rightward movement counts. */
export function swipeOffset(startX: number, currentX: number): number {
  return Math.max(0, currentX - startX);
}

export function isDismissSwipe(offset: number): boolean {
  return offset > SWIPE_THRESHOLD_PX;
}
