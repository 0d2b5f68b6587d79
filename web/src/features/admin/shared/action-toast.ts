import { errorMessage } from '../../../lib/api';
import { useToast, type ToastOptions } from '../../../components/toast';

/** The toast of a failed admin action: "Failed to <action>: <why>". */
export function failureToast(action: string, err: unknown): ToastOptions {
  return { title: 'Error', description: `Failed to ${action}: ${errorMessage(err)}`, variant: 'destructive' };
}

export type Outcome<T> = {
  /** The toast once it worked, from what the server answered if need be. */
  done: ToastOptions | ((result: T) => ToastOptions);
  /** What failed, for "Failed to <failure>: <why>". */
  failure: string;
  /** Runs before the failure toast, e.g. to notice an expired session. */
  onError?: (err: unknown) => void;
};

/** Runs an admin action and toasts how it went; the promise says whether it worked. */
export function useActionToast() {
  const toast = useToast();
  return async <T>(run: () => Promise<T>, { done, failure, onError }: Outcome<T>): Promise<boolean> => {
    try {
      const result = await run();
      toast(typeof done === 'function' ? done(result) : done);
      return true;
    } catch (err) {
      onError?.(err);
      toast(failureToast(failure, err));
      return false;
    }
  };
}

type SaveEntryOptions<E, I> = {
  /** Adds a new entry. */
  create: (input: I) => Promise<unknown>;
  /** Updates the entry being edited. */
  update: (entry: E, input: I) => Promise<unknown>;
  /** How adding and updating are toasted. */
  added: Outcome<unknown>;
  updated: Outcome<unknown>;
  /** Closes the dialog once saved. */
  onClose: () => void;
};

/**
 * Saves the form of an add/edit dialog: updates the entry, or adds one when there is none,
 * toasts how it went and closes the dialog once it worked.
 */
export function useSaveEntry<E, I>(
  entry: E | null,
  { create, update, added, updated, onClose }: SaveEntryOptions<E, I>,
) {
  const withToast = useActionToast();
  return async (input: I) => {
    const saved = await withToast(
      () => (entry ? update(entry, input) : create(input)),
      entry ? updated : added,
    );
    if (saved) onClose();
  };
}
