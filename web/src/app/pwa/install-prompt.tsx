import { useEffect, useState, useSyncExternalStore } from 'react';
import { OfferSnackbar } from './offer-snackbar';
import { installOffer, subscribeInstallOffer, consumeInstallOffer } from './install-event';

export const DISMISSED_KEY = 'wildframe:install-dismissed-at';
const PAGES_KEY = 'wildframe:pages-viewed';
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000;
export const MIN_PAGES_VIEWED = 2;

/** Never interrupt paying or the admin. */
export function installAllowedOn(pathname: string): boolean {
  return !/^\/(checkout|admin)(\/|$)/.test(pathname);
}

function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < DISMISS_FOR_MS;
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage blocked: it will be offered again next visit
  }
}

/** Distinct pages seen in this browser session (a reload is not a second page). */
function recordPageView(pathname: string): number {
  try {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem(PAGES_KEY) ?? '[]') as string[]);
    seen.add(pathname);
    sessionStorage.setItem(PAGES_KEY, JSON.stringify([...seen].slice(-20)));
    return seen.size;
  } catch {
    return 1;
  }
}

/**
 * 'Install app', offered only where the browser allows it (beforeinstallprompt), once the visitor
 * has looked at two pages of the storefront, never on checkout or the admin; a dismissal is
 * remembered for 30 days.
 */
export function InstallPrompt({ pathname }: { pathname: string }) {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const [pagesViewed, setPagesViewed] = useState(0);
  const [dismissed, setDismissed] = useState(dismissedRecently);

  useEffect(() => {
    if (installAllowedOn(pathname)) setPagesViewed(recordPageView(pathname));
  }, [pathname]);

  const open = Boolean(offer) && !dismissed && pagesViewed >= MIN_PAGES_VIEWED && installAllowedOn(pathname);

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
  };
  const install = async () => {
    if (!offer) return;
    consumeInstallOffer();
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'dismissed') dismiss();
  };

  return (
    <OfferSnackbar
      open={open}
      horizontal="left"
      message="Keep the portfolio one tap away, even offline."
      actionLabel="Install app"
      onAction={() => void install()}
      closeLabel="Not now"
      onClose={dismiss}
    />
  );
}
