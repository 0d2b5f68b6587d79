import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A group of toasts a page may close together (useDismissToasts), e.g. the cart's. */
  scope?: string;
};

export type ToastFn = (options: ToastOptions) => void;

export type ActiveToast = Required<Pick<ToastOptions, 'title' | 'variant'>> & {
  id: number;
  description?: string;
  scope?: string;
  open: boolean;
};

// The toast showing lives outside React: a storefront page's islands are separate React roots
// (web/src/islands), and any of them (the cart, a form) may raise the one toast the <Toaster>
// root shows. A toast raised before the toaster has mounted shows when it does.
let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

/** Replaces the toast showing (the toaster's own transitions use it too). */
export function setCurrentToast(update: (value: ActiveToast | null) => ActiveToast | null): void {
  const next = update(current);
  if (next === current) return;
  current = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toast showing, for the toaster. */
export function useCurrentToast(): ActiveToast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Shows a toast: one shows at a time, a new one replaces it. */
export const toast: ToastFn = (options) =>
  setCurrentToast(() => ({
    id: nextId++,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    scope: options.scope,
    open: true,
  }));

/** Closes the toast showing, if it belongs to `scope`. */
export const dismissToastScope = (scope: string): void =>
  setCurrentToast((value) => (value?.open && value.scope === scope ? { ...value, open: false } : value));

/** `const toast = useToast(); toast({ title, description, variant })`: one toast shows at a time. */
export function useToast(): ToastFn {
  return toast;
}

/** For a page a scope's toasts would cover, stale once it opens: the cart's on checkout. */
export function useDismissToasts(): (scope: string) => void {
  return dismissToastScope;
}
