import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Cart } from '../../lib/api-types';
import { isApiError, serverMessage } from '../../lib/api';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { useToast } from '../../components/toast';
import { useValidatedFields } from '../../components/use-validated-fields';
import { useCreateCheckoutMutation, useCreatePaymentIntentMutation, type PaymentProvider } from './api';
import { NAME_MAX, validateCheckoutDetails, type CheckoutDetails } from './checkout-validation';
import type { PaymentSession } from './payment-session';

const DETAIL_FIELDS: readonly TextFieldSpec<keyof CheckoutDetails>[] = [
  {
    field: 'customerName',
    name: 'name',
    label: 'Full Name',
    autoComplete: 'shipping name',
    slotProps: { htmlInput: { maxLength: NAME_MAX } },
  },
  {
    field: 'customerEmail',
    name: 'email',
    type: 'email',
    label: 'Email',
    autoComplete: 'email',
    hint: 'Your order confirmation is sent here.',
    slotProps: { htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } },
  },
  {
    field: 'shippingAddress',
    name: 'address',
    label: 'Shipping to US Only',
    autoComplete: 'shipping street-address',
    placeholder: 'Street address\nCity, State ZIP',
    multiline: true,
    minRows: 3,
    hint: 'Street, city, state and ZIP code.',
  },
];
const FIELDS = DETAIL_FIELDS.map(({ field }) => field);

const CHECKOUT_FALLBACK = 'There was a problem with your checkout. Please try again.';
const NO_SECRET = 'Unable to process payment';
const NO_SECRET_TOAST_FALLBACK = 'There was a problem processing your payment';

type Props = {
  cart: Cart;
  values: CheckoutDetails;
  onValuesChange: (values: CheckoutDetails) => void;
  /** The provider /api/site announced; the payment-intent answer may name it too. */
  defaultProvider: PaymentProvider;
  /** The cart changed on the server (a 409): fetch it again so the summary shows the new prices. */
  onCartStale: () => void;
  onPaymentReady: (session: PaymentSession) => void;
  /** No network: submitting is disabled (the page explains why). */
  offline: boolean;
};

/** Phase 1: name, e-mail and US shipping address; creates the order and asks for a payment secret. */
export function DetailsForm({
  cart,
  values,
  onValuesChange,
  defaultProvider,
  onCartStale,
  onPaymentReady,
  offline,
}: Props) {
  const toast = useToast();
  const [createCheckout, checkoutState] = useCreateCheckoutMutation();
  const [createPaymentIntent, intentState] = useCreatePaymentIntentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const busy = checkoutState.isLoading || intentState.isLoading;

  // As for contact: validate on submit, then on every change.
  const { setErrors, validateAll, fieldProps } = useValidatedFields({
    idPrefix: 'checkout',
    fields: DETAIL_FIELDS,
    values,
    onValuesChange,
    validate: validateCheckoutDetails,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!validateAll()) return;
    const details: CheckoutDetails = {
      customerName: values.customerName.trim(),
      customerEmail: values.customerEmail.trim(),
      shippingAddress: values.shippingAddress.trim(),
    };

    let orderId: number;
    let amount: number;
    try {
      const order = await createCheckout({ ...details, totalAmount: cart.total }).unwrap();
      orderId = order.orderId;
      amount = order.total;
    } catch (err) {
      console.error('Checkout failed', err);
      const message = serverMessage(err);
      const serverErrors = (isApiError(err) && err.errors) || {};
      const atFields = Object.fromEntries(
        FIELDS.filter((f) => serverErrors[f]).map((f) => [f, serverErrors[f]]),
      );
      setErrors((current) => ({ ...current, ...atFields }));
      // Each sentence shows once: at its field, else above the button; the toast says what failed.
      const shownAtField = message !== undefined && Object.values(atFields).includes(message);
      if (isApiError(err) && err.status === 409) {
        onCartStale();
        setFormError(message ?? 'The prices in your cart have changed. Please review your order.');
      } else if (message && !shownAtField) {
        setFormError(message);
      }
      toast({ title: 'Checkout Error', description: CHECKOUT_FALLBACK, variant: 'destructive' });
      return;
    }

    try {
      const intent = await createPaymentIntent({ orderId, amount }).unwrap();
      if (!intent.clientSecret) {
        setFormError(intent.message?.trim() || NO_SECRET);
        toast({
          title: 'Payment Processing Error',
          description: NO_SECRET_TOAST_FALLBACK,
          variant: 'destructive',
        });
        return;
      }
      onPaymentReady({
        orderId,
        clientSecret: intent.clientSecret,
        provider: intent.provider ?? defaultProvider,
        amount,
        details,
      });
    } catch (err) {
      console.error('Creating the payment failed', err);
      const message = serverMessage(err);
      if (isApiError(err) && err.status === 409) onCartStale();
      setFormError(message ?? NO_SECRET);
      toast({
        title: 'Payment Processing Error',
        description: NO_SECRET_TOAST_FALLBACK,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Your details" spacing={3}>
      <RequiredTextFields {...fieldProps} disabled={busy} />
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || offline} sx={{ py: 1.5 }}>
        {busy ? 'Processing...' : 'Continue to Payment'}
      </Button>
    </Stack>
  );
}
