/** Dispatched on window once the page has hydrated (app/app-ready.tsx). */
export const APP_READY_EVENT = 'wildframe:app-ready';

/**
 * Until the app has hydrated, the buttons in the server's HTML do nothing yet (links already work).
 * A click on one starts loading the app at once, and the clicks are replayed in order when the app
 * is ready (each button once), so an early tap (a print option, then the menu, Add to Cart, a
 * form's submit) is never lost or sent as a plain form.
 */
export function holdEarlyClicks(startApp: () => void): void {
  const held = new Set<HTMLButtonElement>();
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.delete(button);
    held.add(button);
    startApp();
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      // Each in a task of its own: the early input (early-input.ts), replayed on this event, and
      // each click before it are in the components' state by then (a submit sends what was typed).
      const replayNext = (buttons: HTMLButtonElement[]) => {
        const [button, ...rest] = buttons;
        if (!button) return;
        if (button.isConnected) button.click();
        setTimeout(() => replayNext(rest));
      };
      setTimeout(() => replayNext([...held]));
    },
    { once: true },
  );
}
