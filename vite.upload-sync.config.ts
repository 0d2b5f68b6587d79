// The batch queue's Background Sync code for the service worker
// (web/src/features/admin/photos/upload-sync-worker.ts with idb and tus-js-client): built after the
// app (`npm run build`) into dist/web/upload-sync.js, one classic script that the generated service
// worker imports (vite.config.ts, workbox importScripts). Its name is fixed: the server serves it
// `no-cache` (src/platform/http/web-app.ts), and the browser compares it byte for byte on every
// service worker update check.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const entry = fileURLToPath(
  new URL('./web/src/features/admin/photos/upload-sync-worker.ts', import.meta.url),
);

export default defineConfig({
  root: 'web',
  publicDir: false,
  envDir: false,
  // the app's build (vite.config.ts) leaves process.env out the same way
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: '../dist/web',
    // the app's build wrote dist/web just before: keep it
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    lib: { entry, formats: ['iife'], name: 'wildframeUploadSync', fileName: () => 'upload-sync.js' },
  },
});
