import { captureInstallOffer } from './app/pwa/install-event';
import { preloadAppModules } from './lib/app-modules';
import { holdEarlyClicks } from './lib/early-clicks';
import './lib/early-input';
import { nextTask } from './lib/next-task';
import { ISLANDS_DATA_ID } from './islands/islands-data';

captureInstallOffer();

// The server's HTML is the page, already readable: the script that makes it interactive loads
// after the page's images and its first paint, so on a slow connection it never shares the
// bandwidth with the largest image or delays what is drawn. A storefront page hydrates its islands
// only (web/src/islands: one chunk with React DOM); checkout, the order page, the admin
// and a page opened offline from the app shell start the React app (React, the store, the page's
// chunk). A click on a button before then loads it at once (early-clicks.ts).
let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  preloadAppModules();
  if (document.getElementById(ISLANDS_DATA_ID)) {
    void import('./islands/start-islands').then(({ startIslands }) => startIslands());
    return;
  }
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
// The app starts once the images in view have loaded and decoded and the frame that paints them is
// on screen (a frame later), so it never delays the largest paint; images below the fold (which
// the load event waits for too) share the bandwidth with it instead.
const inView = (img: HTMLImageElement) => {
  const box = img.getBoundingClientRect();
  return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
};
const loaded = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
// (Starting the download as soon as they had arrived, before they painted, took ~0.1 s off
// hydration but moved Lighthouse's LCP and FCP by 0.2-0.7 s: the script then shared the bandwidth
// with the fonts and the paint.)
void Promise.all(
  [...document.images].filter(inView).map((img) =>
    loaded(img)
      .then(() => img.decode())
      .catch(() => undefined),
  ),
).then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp))));
