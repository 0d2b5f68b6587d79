import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { failureToast } from './action-toast';
import { useSessionExpiryCheck } from './session';
import { useFocusAfterSave } from './use-focus-after-save';

/** A refused save's messages as the form places them: under its fields, the one to focus, the rest. */
export type PlacedErrors<F extends string> = {
  byField: Partial<Record<F, string>>;
  /** The element id of the first field refused, in the form's order. */
  focusId?: string;
  other: string[];
};

/**
 * The save flow the admin's settings forms share (print lab, tax, a promotion code): a refused
 * save's messages go under their fields (the first one focused once the form is enabled again) or
 * above the button; a failure without any message is a toast ("Could not <what>"); a 401 re-checks
 * the session. `save` answers what the server saved, or null when it refused.
 */
export function useSettingsForm<F extends string>(options: {
  saving: boolean;
  /** For the failure toast: 'save tax settings'. */
  failure: string;
  placeErrors: (errors: Record<string, string> | undefined) => PlacedErrors<F>;
}) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const focusAfterSaveRef = useFocusAfterSave(options.saving, errors);

  const clear = (...fields: F[]) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

  const save = async <T>(request: () => Promise<T>): Promise<T | null> => {
    setOtherErrors([]);
    try {
      const saved = await request();
      setErrors({});
      return saved;
    } catch (err) {
      checkSession(err);
      const { byField, focusId, other } = options.placeErrors(isApiError(err) ? err.errors : undefined);
      setErrors(byField);
      setOtherErrors(other);
      // the server's messages show where they belong, not in a toast
      if (focusId) focusAfterSaveRef.current = focusId;
      else if (Object.keys(byField).length === 0 && other.length === 0)
        toast(failureToast(options.failure, err));
      return null;
    }
  };

  return { errors, setErrors, otherErrors, clear, save };
}
