import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * True once the page is scrolled further than `threshold` px (or the value the function gives,
 * read on every scroll so it can depend on the viewport). Re-renders only when the answer flips.
 */
export function useScrolledPast(threshold: number | (() => number)): boolean {
  const getSnapshot = useCallback(
    () => window.scrollY > (typeof threshold === 'function' ? threshold() : threshold),
    [threshold],
  );
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
