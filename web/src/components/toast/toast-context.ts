import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A group of toasts a page may close together (useDismissToasts), e.g. the cart's. */
  scope?: string;
};

export type ToastFn = (options: ToastOptions) => void;

export const ToastContext = createContext<ToastFn | null>(null);

/** Closes the toast showing, if it belongs to `scope`. */
export const DismissToastsContext = createContext<(scope: string) => void>(() => undefined);

/** `const toast = useToast(); toast({ title, description, variant })`: one toast shows at a time. */
export function useToast(): ToastFn {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}

/** For a page a scope's toasts would cover, stale once it opens: the cart's on checkout. */
export function useDismissToasts(): (scope: string) => void {
  return useContext(DismissToastsContext);
}
