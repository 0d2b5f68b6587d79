import { captureInstallOffer } from './app/pwa/install-event';
import { holdEarlyClicks } from './lib/early-clicks';
import { nextTask } from './lib/next-task';

captureInstallOffer();

// The server's HTML is the page, already readable: the app that makes it interactive (React, the
// store, the page's chunk: about 120 KB) loads after the page's images and its first paint, so on a
// slow connection it never shares the bandwidth with the largest image or delays what is drawn.
// A click on a button before then loads it at once (early-clicks.ts).
let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  // React DOM, then RTK Query with the api, then the app: each evaluates in a task of its own, so
  // none is as long as all three (boot.tsx goes on in steps). Only app modules and React DOM are
  // imported here: a dynamic import of a whole package keeps all of it, unshaken.
  void import('./lib/react-dom-client')
    .then(nextTask)
    .then(() => import('./lib/api'))
    .then(nextTask)
    .then(() => import('./boot'))
    .then(({ boot }) => boot());
};
holdEarlyClicks(startApp);
const afterFirstPaint = () => requestAnimationFrame(() => setTimeout(startApp));
if (document.readyState === 'complete') afterFirstPaint();
else window.addEventListener('load', afterFirstPaint, { once: true });
