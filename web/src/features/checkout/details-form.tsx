import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Cart } from '../../lib/api-types';
import { isApiError, serverMessage } from '../../lib/api';
import { useToast } from '../../components/toast';
import { useCreateCheckoutMutation, useCreatePaymentIntentMutation, type PaymentProvider } from './api';
import {
  NAME_MAX,
  validateCheckoutDetails,
  type CheckoutDetails,
  type CheckoutErrors,
} from './checkout-validation';
import type { PaymentSession } from './payment-session';

const FIELDS = ['customerName', 'customerEmail', 'shippingAddress'] as const;

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
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // As for contact: validate on submit, then on every change.
  const [attempted, setAttempted] = useState(false);
  const busy = checkoutState.isLoading || intentState.isLoading;

  const onChange =
    (field: keyof CheckoutDetails) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [field]: event.target.value };
      onValuesChange(next);
      if (attempted) setErrors(validateCheckoutDetails(next));
    };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFormError(null);
    const found = validateCheckoutDetails(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`checkout-${firstInvalid}`)?.focus();
      return;
    }
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
      if (isApiError(err) && err.errors) {
        const serverErrors = err.errors;
        setErrors((current) => ({
          ...current,
          ...Object.fromEntries(FIELDS.filter((f) => serverErrors[f]).map((f) => [f, serverErrors[f]])),
        }));
      }
      if (isApiError(err) && err.status === 409) {
        onCartStale();
        setFormError(message ?? 'The prices in your cart have changed. Please review your order.');
      } else if (message) {
        setFormError(message);
      }
      toast({ title: 'Checkout Error', description: message ?? CHECKOUT_FALLBACK, variant: 'destructive' });
      return;
    }

    try {
      const intent = await createPaymentIntent({ orderId, amount }).unwrap();
      if (!intent.clientSecret) {
        const message = intent.message?.trim() || NO_SECRET;
        setFormError(message);
        toast({ title: 'Payment Processing Error', description: message, variant: 'destructive' });
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
        description: message ?? NO_SECRET_TOAST_FALLBACK,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Your details" spacing={3}>
      <TextField
        id="checkout-customerName"
        name="name"
        label="Full Name"
        autoComplete="shipping name"
        value={values.customerName}
        onChange={onChange('customerName')}
        error={Boolean(errors.customerName)}
        helperText={errors.customerName}
        disabled={busy}
        required
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <TextField
        id="checkout-customerEmail"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        value={values.customerEmail}
        onChange={onChange('customerEmail')}
        error={Boolean(errors.customerEmail)}
        helperText={errors.customerEmail ?? 'Your order confirmation is sent here.'}
        disabled={busy}
        required
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        id="checkout-shippingAddress"
        name="address"
        label="Shipping to US Only"
        autoComplete="shipping street-address"
        placeholder={'Street address\nCity, State ZIP'}
        multiline
        minRows={3}
        value={values.shippingAddress}
        onChange={onChange('shippingAddress')}
        error={Boolean(errors.shippingAddress)}
        helperText={errors.shippingAddress ?? 'Street, city, state and ZIP code.'}
        disabled={busy}
        required
      />
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
