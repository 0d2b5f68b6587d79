import { useCallback, useState } from 'react';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * A notice the owner hid stays hidden, across reloads and sign-ins on this browser, until what it
 * is about changes: the dismissal is kept (localStorage) with a fingerprint of the state it was
 * about, and a different state shows the notice again. No fingerprint (not loaded yet): not hidden.
 */
export function useDismissal(key: string, fingerprint: string | null) {
  const [stored, setStored] = useState<string | null>(() => read(key));
  const hidden = fingerprint !== null && stored === fingerprint;
  const hide = useCallback(() => {
    if (fingerprint === null) return;
    try {
      localStorage.setItem(key, fingerprint);
    } catch {
      // private mode: hidden until the next page load
    }
    setStored(fingerprint);
  }, [key, fingerprint]);
  const show = useCallback(() => {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing kept, nothing to forget
    }
    setStored(null);
  }, [key]);
  return { hidden, hide, show };
}
