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
// After the load event, the images in view may still be decoding: the app starts once they are
// decoded and the frame that paints them is on screen (a frame later), so it never delays the
// largest paint.
const afterImagesPainted = () => {
  const inView = [...document.images].filter(
    (img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().top < window.innerHeight,
  );
  void Promise.all(inView.map((img) => img.decode().catch(() => undefined))).then(() =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp))),
  );
};
if (document.readyState === 'complete') afterImagesPainted();
else window.addEventListener('load', afterImagesPainted, { once: true });
