import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { isApiError, serverMessage } from '../../lib/api';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { useConfirmTestPaymentMutation } from './api';
import { formatCardNumber, formatCvc, formatExpiry, validateCard, type CardErrors } from './card-format';
import { PayButton } from './pay-button';
import { usePaymentErrors } from './use-payment-errors';
import { PAYMENT_FAILED_FALLBACK, type PaymentFormProps } from './payment-session';

type CardValues = { cardNumber: string; expiry: string; cvc: string };

const CARD_NUMBER: readonly TextFieldSpec<keyof CardValues>[] = [
  {
    field: 'cardNumber',
    name: 'cardNumber',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 23 } },
  },
];
const CARD_EXPIRY_CVC: readonly TextFieldSpec<keyof CardValues>[] = [
  {
    field: 'expiry',
    name: 'expiry',
    label: 'Expiry',
    autoComplete: 'cc-exp',
    // the format as helper text only: a placeholder saying it too was read twice, and it goes
    // away as soon as one types
    hint: 'MM/YY',
    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } },
  },
  {
    field: 'cvc',
    name: 'cvc',
    label: 'CVC',
    autoComplete: 'cc-csc',
    placeholder: '123',
    hint: '3 or 4 digits',
    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } },
  },
];
const CARD_FIELDS = [...CARD_NUMBER, ...CARD_EXPIRY_CVC].map(({ field }) => field);

/** How each field's input is tidied as it is typed. */
const FORMAT: Record<keyof CardValues, (raw: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

/** Phase 2 with the built-in test provider (no Stripe key configured): no real card is charged. */
export function TestPaymentForm({ session, onPaid, offline }: PaymentFormProps) {
  const [confirm] = useConfirmTestPaymentMutation();
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const { formError, setFormError, failed, unexpected } = usePaymentErrors();
  const [processing, setProcessing] = useState(false);

  const fieldProps = {
    values,
    errors,
    onChange: (field: keyof CardValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: FORMAT[field](event.target.value) })),
    disabled: processing,
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
      const { orderPageToken } = await confirm({
        clientSecret: session.clientSecret,
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry,
        cvc: values.cvc,
        name: session.details.customerName,
        email: session.details.customerEmail,
      }).unwrap();
      await onPaid(orderPageToken ?? null);
      return; // the page moves on; the button stays in 'Processing...'
    } catch (err) {
      if (isApiError(err) && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
        // 402 declined, 400 bad card fields, 409 already paid...: the provider's own sentence.
        const fieldErrors = err.errors ?? {};
        const atFields = Object.fromEntries(
          CARD_FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]]),
        );
        setErrors(atFields);
        const message = serverMessage(err) ?? PAYMENT_FAILED_FALLBACK;
        // a message a field already shows is not repeated above the button
        failed(message, { shownAtField: Object.values(atFields).includes(message) });
      } else {
        unexpected('Test payment failed unexpectedly', err);
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
      <RequiredTextFields idPrefix="test-card" fields={CARD_NUMBER} {...fieldProps} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <RequiredTextFields idPrefix="test-card" fields={CARD_EXPIRY_CVC} {...fieldProps} />
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
