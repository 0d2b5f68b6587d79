export { ToastProvider } from './toast-provider';
export {
  toast,
  useToast,
  useDismissToasts,
  type ToastFn,
  type ToastOptions,
  type ToastVariant,
} from './toast-context';
