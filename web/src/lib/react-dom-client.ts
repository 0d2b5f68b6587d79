// React DOM's client, as an app module: main.tsx imports it ahead of the app so it evaluates in a
// task of its own, and the CommonJS interop stays in this chunk instead of the page's entry.
export { createRoot, hydrateRoot } from 'react-dom/client';
