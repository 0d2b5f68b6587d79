import { useCallback, useEffect, useRef, useState } from 'react';

export const SCROLLBAR_HIDE_DELAY_MS = 600;

/** True while the area is being scrolled or pointed at, and for 600 ms after. */
export function useAutoHideScrollbar() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(() => {
    setVisible(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setVisible(false), SCROLLBAR_HIDE_DELAY_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { visible, show };
}
