import { errorMessage } from '../../../lib/api';
import type { ToastOptions } from '../../../components/toast';

/** The toast of a failed admin action: "Failed to <action>: <why>". */
export function failureToast(action: string, err: unknown): ToastOptions {
  return { title: 'Error', description: `Failed to ${action}: ${errorMessage(err)}`, variant: 'destructive' };
}
