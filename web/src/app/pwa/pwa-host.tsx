import { lazy, Suspense, useEffect, useState } from 'react';
import type { PwaProps } from './pwa-ui';

const PwaUi = lazy(() => import('./pwa-ui'));

/**
 * The service worker registration, the update prompt and the install prompt load only after the
 * page has loaded and the browser is idle: none of it is in the critical path (first paint stays fast).
 */
export function PwaHost(props: PwaProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if ('requestIdleCallback' in window)
        idle = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      else timer = setTimeout(() => setReady(true), 1000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle) window.cancelIdleCallback(idle);
      if (timer) clearTimeout(timer);
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PwaUi {...props} />
    </Suspense>
  );
}
