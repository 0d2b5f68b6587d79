/** Dispatched on window once the page has hydrated (app/app-ready.tsx). */
export const APP_READY_EVENT = 'wildframe:app-ready';

/**
 * Until the app has hydrated, the buttons in the server's HTML do nothing yet (links already work).
 * A click on one starts loading the app at once, and the click is replayed when the app is ready,
 * so an early tap (the menu, Add to Cart, a form's submit) is never lost or sent as a plain form.
 */
export function holdEarlyClicks(startApp: () => void): void {
  let held: HTMLElement | null = null;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    startApp();
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      if (held?.isConnected) held.click();
    },
    { once: true },
  );
}
