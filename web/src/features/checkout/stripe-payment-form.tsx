// Loaded only through React.lazy from payment-step.tsx: this module and the two Stripe packages
// form their own chunk, so no storefront page downloads Stripe (Stripe is loaded only on checkout).
import { useState, type FormEvent } from 'react';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { PayButton } from './pay-button';
import { usePaymentErrors } from './use-payment-errors';
import { PAYMENT_FAILED_FALLBACK, UNEXPECTED_ERROR, type PaymentFormProps } from './payment-session';

// Elements' `stripe` prop may not change once set: one Stripe instance per publishable key.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  const { publishableKey, ...formProps } = props;
  const theme = useTheme();
  const appearance: Appearance = {
    theme: 'stripe',
    variables: {
      colorPrimary: theme.palette.primary.main,
      colorText: theme.palette.text.primary,
      colorDanger: theme.palette.error.main,
      fontFamily: String(theme.typography.fontFamily),
      borderRadius: `${theme.shape.borderRadius}px`,
    },
  };
  return (
    <Elements
      // a new secret (details edited and submitted again) needs a fresh Elements instance
      key={formProps.session.clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: formProps.session.clientSecret, appearance }}
    >
      <StripeForm {...formProps} />
    </Elements>
  );
}

function StripeForm({ session, onPaid, onProcessing, offline }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const { formError, setFormError, failed, unexpected } = usePaymentErrors();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setFormError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          payment_method_data: {
            billing_details: { name: session.details.customerName, email: session.details.customerEmail },
          },
          return_url: `${window.location.origin}/`,
        },
        redirect: 'if_required',
      });
      if (error) {
        failed(error.message?.trim() || PAYMENT_FAILED_FALLBACK);
      } else if (paymentIntent?.status === 'succeeded') {
        await onPaid();
        return; // the page moves on; the button stays in 'Processing...'
      } else if (paymentIntent?.status === 'processing') {
        onProcessing();
      } else {
        failed(PAYMENT_FAILED_FALLBACK);
      }
    } catch (err) {
      unexpected('Stripe payment failed unexpectedly', err);
    }
    setProcessing(false);
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Payment" spacing={2.5}>
      <Box sx={{ minHeight: 220 }}>
        {!ready && (
          <Stack spacing={1.5} aria-hidden>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        )}
        <PaymentElement
          onReady={() => setReady(true)}
          onLoadError={(event) => {
            console.error('The Stripe payment form failed to load', event.error);
            setFormError(event.error.message?.trim() || UNEXPECTED_ERROR);
          }}
          options={{
            layout: 'tabs',
            fields: { billingDetails: { name: 'never', email: 'never' } },
          }}
        />
      </Box>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <PayButton
        amount={session.amount}
        processing={processing}
        disabled={!stripe || !elements || !ready || offline}
      />
    </Stack>
  );
}
