import { useRegisterSW } from 'virtual:pwa-register/react';
import { OfferSnackbar } from './offer-snackbar';

/** A deployed build is looked for this often while a page stays open (and at every page load). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker. When a new version is deployed it waits (registerType 'prompt')
 * and the visitor is offered a reload, which activates it; nobody stays on an old build.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (registration.installing || !navigator.onLine) return;
        registration.update().catch(() => undefined); // offline or server down: try next time
      };
      check();
      setInterval(check, UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });

  return (
    <OfferSnackbar
      open={needRefresh}
      horizontal="center"
      message="A new version is available."
      actionLabel="Reload"
      onAction={() => void updateServiceWorker(true)}
      closeLabel="Dismiss"
      onClose={() => setNeedRefresh(false)}
    />
  );
}
