import { MuiScope } from '../../components/mui-scope';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { useToast } from '../../components/toast';
import { useClearCart, useGetCartQuery } from '../cart';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { useGetSiteQuery } from '../../lib/content-api';
import { DetailsForm } from './details-form';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import type { CheckoutDetails } from './checkout-validation';
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentSession } from './payment-session';
import { useOnline } from '../../components/use-online';

const EMPTY_DETAILS: CheckoutDetails = { customerName: '', customerEmail: '', shippingAddress: '' };

/** /checkout: the Order Summary and the two-phase 'Complete Your Purchase' form. */
function Checkout() {
  const { data: site } = useGetSiteQuery();
  const toast = useToast();
  const navigate = useNavigate();
  const clearCart = useClearCart();
  const online = useOnline();
  const { data: cart, isSuccess, isFetching, isError, refetch } = useGetCartQuery();
  const [details, setDetails] = useState<CheckoutDetails>(EMPTY_DETAILS);
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [paid, setPaid] = useState(false);
  const finishing = useRef(false);
  const emptyHandled = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  // Only once the server's cart has loaded (not while a refetch is in flight) is "empty" a fact.
  const cartIsEmpty = isSuccess && !isFetching && (cart?.items.length ?? 0) === 0;
  useEffect(() => {
    if (!cartIsEmpty || finishing.current || emptyHandled.current) return;
    emptyHandled.current = true;
    toast({ title: 'Empty Cart', description: 'Add a print to your cart before checking out.' });
    navigate('/portfolio', { replace: true });
  }, [cartIsEmpty, navigate, toast]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onPaid = useCallback(async () => {
    if (finishing.current) return;
    finishing.current = true; // the cart empties next: that is not an 'Empty Cart' visit
    setPaid(true);
    toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
    await clearCart(); // empties the list at once, waits at most 1.5 s for the server, never fails
    redirectTimer.current = window.setTimeout(() => navigate('/'), PAYMENT_REDIRECT_DELAY_MS);
  }, [clearCart, navigate, toast]);

  const title = (
    <SitePageMeta page="Checkout" description="Complete your purchase." path="/checkout" noindex />
  );

  if (paid) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
        {title}
        <Stack spacing={2} role="status" sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleOutlineIcon sx={{ fontSize: 64, color: 'primary.main' }} aria-hidden />
          <Typography variant="h3" component="h1">
            Payment Successful
          </Typography>
          <Typography color="text.secondary">Thank you for your purchase!</Typography>
        </Stack>
      </Container>
    );
  }

  if (!cart) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }}>
        {title}
        {isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                Try again
              </Button>
            }
          >
            Failed to load your cart. Please try again.
          </Alert>
        ) : (
          <CheckoutSkeleton />
        )}
      </Container>
    );
  }

  if (cart.items.length === 0) {
    // Redirecting to the portfolio (or confirming the empty cart with the server).
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }}>
        {title}
        <CheckoutSkeleton />
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }}>
      {title}
      <Typography
        variant="h2"
        component="h1"
        sx={{ fontSize: 'clamp(1.9rem, 2.5vw + 1rem, 2.75rem)', mb: { xs: 2.5, md: 4 } }}
      >
        Checkout
      </Typography>
      <SplitColumns fr={[7, 5]} gap={{ xs: 2.5, md: 5 }} phone="minmax(0, 1fr)">
        {/* First in the DOM (above the form on a phone); the right-hand column on a desktop. */}
        <Box sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 }, position: { md: 'sticky' }, top: { md: 100 } }}>
          <OrderSummary cart={cart} />
        </Box>
        <Paper
          component="section"
          aria-labelledby="complete-purchase-heading"
          elevation={0}
          sx={{
            gridColumn: { md: 1 },
            gridRow: { md: 1 },
            p: { xs: 2.5, sm: 4 },
            borderRadius: 2,
            border: '1px solid',
            borderColor: 'divider',
          }}
        >
          <Typography id="complete-purchase-heading" variant="h5" component="h2">
            Complete Your Purchase
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {session ? 'Step 2 of 2: Payment' : 'Step 1 of 2: Your details'}
          </Typography>
          <ShippingNoticeBanner style={{ marginBottom: 24 }} />
          {!online && (
            <Alert severity="warning" role="status" sx={{ mb: 3 }}>
              You are offline. Checkout needs a connection: your cart is kept, so you can continue when you
              are back online.
            </Alert>
          )}
          {session ? (
            <PaymentStep
              session={session}
              publishableKey={site?.payments.publishableKey ?? null}
              onPaid={onPaid}
              offline={!online}
              onEditDetails={() => setSession(null)}
            />
          ) : (
            <DetailsForm
              cart={cart}
              values={details}
              onValuesChange={setDetails}
              defaultProvider={site?.payments.provider === 'stripe' ? 'stripe' : 'test'}
              onCartStale={() => void refetch()}
              onPaymentReady={setSession}
              offline={!online}
            />
          )}
        </Paper>
      </SplitColumns>
    </Container>
  );
}

function CheckoutSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading checkout">
      <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: 220, mb: 3 }} />
      <SplitColumns fr={[7, 5]} gap={{ xs: 2.5, md: 5 }} phone="minmax(0, 1fr)">
        <Skeleton variant="rounded" height={120} sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 } }} />
        <Skeleton variant="rounded" height={420} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }} />
      </SplitColumns>
    </Box>
  );
}

/** The page keeps MUI (components/mui-scope.tsx). */
export default function CheckoutPage() {
  return (
    <MuiScope>
      <Checkout />
    </MuiScope>
  );
}
