import { useEffect } from 'react';
import { APP_READY_EVENT } from '../lib/early-clicks';

/**
 * Placed beside each page, inside its Suspense boundary: its effect runs once the page itself has
 * hydrated (React hydrates a boundary after the shell around it), and tells main.tsx the app is
 * live, so clicks held until then are replayed on working buttons.
 */
export function AppReady() {
  useEffect(() => void window.dispatchEvent(new Event(APP_READY_EVENT)), []);
  return null;
}
