import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetOrderPaymentStatusMutation } from './api';
import type { PaymentFormProps, PaymentSession } from './payment-session';
import { TestPaymentForm } from './test-payment-form';
import { BreakableEmail } from '../order-confirmation';
import { composedAddress } from './checkout-validation';

// Stripe.js and its React bindings live only in this lazy chunk (Stripe is loaded only on checkout).
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

const STATUS_POLL_MS = 2000;
const STATUS_POLL_ATTEMPTS = 15;

type Props = {
  session: PaymentSession;
  publishableKey: string | null;
  onPaid: PaymentFormProps['onPaid'];
  onEditDetails: () => void;
  offline: boolean;
};

/** Phase 2: the visitor's details as entered, then the provider's payment form. */
export function PaymentStep({ session, publishableKey, onPaid, onEditDetails, offline }: Props) {
  const [processingNotice, setProcessingNotice] = useState(false);
  const [getStatus] = useGetOrderPaymentStatusMutation();
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  }, [onPaid]);

  // The provider said 'processing': ask our server (which reconciles with the provider) until paid.
  useEffect(() => {
    if (!processingNotice) return;
    let cancelled = false;
    let attempts = 0;
    let timer: number | undefined;
    const poll = async () => {
      attempts += 1;
      try {
        const { status, orderPageToken } = await getStatus({
          orderId: session.orderId,
          secret: session.clientSecret,
        }).unwrap();
        if (cancelled) return;
        if (status === 'paid') {
          await onPaidRef.current(orderPageToken);
          return;
        }
      } catch (err) {
        console.warn('Order status check failed', err);
      }
      if (!cancelled && attempts < STATUS_POLL_ATTEMPTS) timer = window.setTimeout(poll, STATUS_POLL_MS);
    };
    timer = window.setTimeout(poll, STATUS_POLL_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [processingNotice, getStatus, session.orderId, session.clientSecret]);

  const formProps = { session, onPaid, offline, onProcessing: () => setProcessingNotice(true) };

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          p: { xs: 1.5, sm: 2 },
          borderRadius: 1.5,
          bgcolor: 'background.default',
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        {/* Stacked on a phone: the button beside the text would squeeze an address mid-word. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: { xs: 1, sm: 2 } }}
        >
          <Box sx={{ minWidth: 0, flex: 1, maxWidth: '100%' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
              {session.details.customerName}
            </Typography>
            {/* it wraps before '@' or a dot; break-word only for a part longer than the whole line */}
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
              <BreakableEmail email={session.details.customerEmail} />
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: 'pre-line', overflowWrap: 'break-word', mt: 0.5 }}
            >
              {composedAddress(session.details)}
            </Typography>
          </Box>
          <Button size="small" variant="outlined" onClick={onEditDetails} sx={{ flexShrink: 0 }}>
            Edit details
          </Button>
        </Stack>
      </Box>

      {processingNotice && (
        <Alert severity="info" role="status">
          Your payment is processing. You will receive a confirmation e-mail as soon as it completes.
        </Alert>
      )}

      {session.provider === 'test' ? (
        <TestPaymentForm {...formProps} />
      ) : publishableKey ? (
        <Suspense fallback={<PaymentFormSkeleton />}>
          <StripePaymentForm {...formProps} publishableKey={publishableKey} />
        </Suspense>
      ) : (
        <Alert severity="error" role="alert">
          Card payments are not available right now. Please try again later.
        </Alert>
      )}
    </Stack>
  );
}

function PaymentFormSkeleton() {
  return (
    <Box role="status">
      <span className="visually-hidden">Loading the payment form...</span>
      <Stack spacing={1.5} aria-hidden>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={52} />
      </Stack>
    </Box>
  );
}
