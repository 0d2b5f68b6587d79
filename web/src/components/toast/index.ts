export { ToastProvider } from './toast-provider';
export {
  useToast,
  useDismissToasts,
  type ToastFn,
  type ToastOptions,
  type ToastVariant,
} from './toast-context';
