import { useState } from 'react';
import { useToast } from '../../components/toast';
import { UNEXPECTED_ERROR, UNEXPECTED_ERROR_TOAST } from './payment-session';

/**
 * A payment form's error for a payment the provider declined or one that broke: its sentence shows
 * once, in the form (above the button, or at the field it concerns); the toast only names what
 * happened (the spec's 'Payment Failed'), so the sentence is not shown or read out twice.
 */
export function usePaymentErrors() {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);

  /** The provider said no: its sentence (or a fallback) in the form, 'Payment Failed' as a toast. */
  const failed = (message: string, { shownAtField = false } = {}) => {
    setFormError(shownAtField ? null : message);
    toast({ title: 'Payment Failed', variant: 'destructive' });
  };

  /** Anything else: logged, and the generic sentence. */
  const unexpected = (what: string, err: unknown) => {
    console.error(what, err);
    setFormError(UNEXPECTED_ERROR);
    toast({ title: 'Payment Error', description: UNEXPECTED_ERROR_TOAST, variant: 'destructive' });
  };

  return { formError, setFormError, failed, unexpected };
}
