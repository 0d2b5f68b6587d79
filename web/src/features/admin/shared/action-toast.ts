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
