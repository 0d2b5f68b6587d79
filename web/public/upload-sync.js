// Imported by the generated service worker (vite.config.ts, workbox importScripts). When the
// browser fires the batch queue's Background Sync (the network is back), an open admin window is
// told to send its queue (web/src/features/admin/photos/upload-queue.ts). With no window open the
// files stay on the phone and go when the app is next opened: the queue lives in the page, which
// holds the session and the tus client.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'wildframe-uploads') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage('wildframe:flush-uploads');
    }),
  );
});
