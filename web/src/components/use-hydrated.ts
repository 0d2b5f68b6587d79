import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true from then on. A form that only
 * works with the app's script (contact) keeps its submit button disabled until then, so a click
 * on the server's HTML never sends the form natively (a GET with the fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
