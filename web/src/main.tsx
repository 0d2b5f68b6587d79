import { captureInstallOffer } from './app/pwa/install-event';

captureInstallOffer();

// The server's HTML is the page, already readable: the app that makes it interactive (React, the
// store, the page's chunk: about 120 KB) loads after the page's images and its first paint, so on a
// slow connection it never shares the bandwidth with the largest image or delays what is drawn.
// React DOM first, then the rest: each evaluates in a task of its own, so no one task is long.
const start = () =>
  requestAnimationFrame(() => setTimeout(() => void import('react-dom/client').then(() => import('./boot'))));
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
