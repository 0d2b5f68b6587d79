import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isApiError, serverMessage } from '../../lib/api';
import { useToast } from '../../components/toast';
import { useConfirmTestPaymentMutation } from './api';
import { formatCardNumber, formatCvc, formatExpiry, validateCard, type CardErrors } from './card-format';
import { PayButton } from './pay-button';
import {
  PAYMENT_FAILED_FALLBACK,
  UNEXPECTED_ERROR,
  UNEXPECTED_ERROR_TOAST,
  type PaymentFormProps,
} from './payment-session';

const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/** Phase 2 with the built-in test provider (no Stripe key configured): no real card is charged. */
export function TestPaymentForm({ session, onPaid, offline }: PaymentFormProps) {
  const toast = useToast();
  const [confirm] = useConfirmTestPaymentMutation();
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const failed = (message: string) => {
    setFormError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    setFormError(null);
    const found = validateCard(values);
    setErrors(found);
    const firstInvalid = CARD_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`test-card-${firstInvalid}`)?.focus();
      return;
    }
    setProcessing(true);
    try {
      // 2xx is always 'succeeded'; a declined card or bad fields answer an error status (below)
      await confirm({
        clientSecret: session.clientSecret,
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry,
        cvc: values.cvc,
        name: session.details.customerName,
        email: session.details.customerEmail,
      }).unwrap();
      await onPaid();
      return; // the page moves on; the button stays in 'Processing...'
    } catch (err) {
      if (isApiError(err) && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
        // 402 declined, 400 bad card fields, 409 already paid...: the provider's own sentence.
        const fieldErrors = err.errors;
        if (fieldErrors) {
          setErrors(
            Object.fromEntries(CARD_FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]])),
          );
        }
        failed(serverMessage(err) ?? PAYMENT_FAILED_FALLBACK);
      } else {
        console.error('Test payment failed unexpectedly', err);
        setFormError(UNEXPECTED_ERROR);
        toast({ title: 'Payment Error', description: UNEXPECTED_ERROR_TOAST, variant: 'destructive' });
      }
    }
    setProcessing(false);
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Payment" spacing={2.5}>
      <Alert severity="info" variant="outlined" role="note" sx={{ bgcolor: 'background.paper' }}>
        <AlertTitle>Test mode</AlertTitle>
        No real card is charged. Use the card 4242 4242 4242 4242 with any future expiry and any CVC.
      </Alert>
      <TextField
        id="test-card-cardNumber"
        name="cardNumber"
        label="Card number"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.cardNumber}
        onChange={(event) => setValues((v) => ({ ...v, cardNumber: formatCardNumber(event.target.value) }))}
        error={Boolean(errors.cardNumber)}
        helperText={errors.cardNumber}
        disabled={processing}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          id="test-card-expiry"
          name="expiry"
          label="Expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={values.expiry}
          onChange={(event) => setValues((v) => ({ ...v, expiry: formatExpiry(event.target.value) }))}
          error={Boolean(errors.expiry)}
          helperText={errors.expiry ?? 'MM/YY'}
          disabled={processing}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          id="test-card-cvc"
          name="cvc"
          label="CVC"
          autoComplete="cc-csc"
          placeholder="123"
          value={values.cvc}
          onChange={(event) => setValues((v) => ({ ...v, cvc: formatCvc(event.target.value) }))}
          error={Boolean(errors.cvc)}
          helperText={errors.cvc ?? '3 or 4 digits'}
          disabled={processing}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <PayButton amount={session.amount} processing={processing} disabled={offline} />
    </Stack>
  );
}
