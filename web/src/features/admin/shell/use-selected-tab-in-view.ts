import { useEffect, useRef } from 'react';

/**
 * Keeps the selected tab of a scrollable MUI Tabs in view, centred when it can be: on load, when
 * the tab changes, when the web fonts arrive (they widen the labels after MUI measured them) and
 * when the window is resized. On a phone the eight tabs never fit, so 'Orders' must not stay
 * off screen.
 */
export function useSelectedTabInView<T extends HTMLElement>(selected: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const reveal = () => {
      const scroller = root.querySelector<HTMLElement>('.MuiTabs-scroller');
      const tab = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!scroller || !tab) return;
      const box = scroller.getBoundingClientRect();
      const t = tab.getBoundingClientRect();
      if (t.left >= box.left - 0.5 && t.right <= box.right + 0.5) return; // already in view
      const centred = scroller.scrollLeft + (t.left - box.left) - (box.width - t.width) / 2;
      const max = scroller.scrollWidth - scroller.clientWidth;
      scroller.scrollLeft = Math.max(0, Math.min(max, centred));
    };
    // After MUI's own layout: its animated scroll (about 300 ms) is aimed before the scroll
    // buttons appear and shrink the strip, and would end short of the tab; so look again once
    // it is over. Later scrolling by the owner is left alone.
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(reveal)));
    const timers = [400, 900].map((ms) => setTimeout(reveal, ms));
    let live = true;
    void document.fonts?.ready.then(() => live && reveal());
    window.addEventListener('resize', reveal);
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', reveal);
    };
  }, [selected]);
  return ref;
}
