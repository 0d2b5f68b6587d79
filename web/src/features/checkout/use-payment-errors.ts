import { useState } from 'react';
import { useToast } from '../../components/toast';
import { UNEXPECTED_ERROR, UNEXPECTED_ERROR_TOAST } from './payment-session';

/** A payment form's error line (and toast) for a payment the provider declined or one that broke. */
export function usePaymentErrors() {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);

  /** The provider said no: its sentence, or a fallback. */
  const failed = (message: string) => {
    setFormError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  /** Anything else: logged, and the generic sentence. */
  const unexpected = (what: string, err: unknown) => {
    console.error(what, err);
    setFormError(UNEXPECTED_ERROR);
    toast({ title: 'Payment Error', description: UNEXPECTED_ERROR_TOAST, variant: 'destructive' });
  };

  return { formError, setFormError, failed, unexpected };
}
