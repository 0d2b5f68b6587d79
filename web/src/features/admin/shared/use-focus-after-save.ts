import { useEffect, useRef } from 'react';

/**
 * The field (by element id) to focus once a refused save has finished and the form is enabled
 * again: set `.current` when the server's errors arrive; it is focused and scrolled to once.
 */
export function useFocusAfterSave(saving: boolean, errors: unknown) {
  const focusAfterSaveRef = useRef<string | null>(null);
  useEffect(() => {
    if (saving || !focusAfterSaveRef.current) return;
    const field = document.getElementById(focusAfterSaveRef.current);
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
    focusAfterSaveRef.current = null;
  }, [saving, errors]);
  return focusAfterSaveRef;
}
