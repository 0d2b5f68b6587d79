import { useState } from 'react';
import { useToast } from '../../components/toast';
import { UNEXPECTED_ERROR, UNEXPECTED_ERROR_TOAST } from './payment-session';

/**
 * A payment form's error for a payment the provider declined or one that broke: its sentence shows
 * once, in the form (above the button, or at the field it concerns). A declined card has no toast
 * besides (issue 51: two messages for one refusal); a broken payment's toast names what happened.
 */
export function usePaymentErrors() {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);

  /** The provider said no: its sentence (or a fallback) in the form, and nothing else. */
  const failed = (message: string, { shownAtField = false } = {}) => {
    setFormError(shownAtField ? null : message);
  };

  /** Anything else: logged, and the generic sentence. */
  const unexpected = (what: string, err: unknown) => {
    console.error(what, err);
    setFormError(UNEXPECTED_ERROR);
    toast({ title: 'Payment Error', description: UNEXPECTED_ERROR_TOAST, variant: 'destructive' });
  };

  return { formError, setFormError, failed, unexpected };
}
