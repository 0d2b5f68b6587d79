export { ToastProvider } from './toast-provider';
export { useToast, type ToastFn, type ToastOptions, type ToastVariant } from './toast-context';
