import { MuiScope } from '../../components/mui-scope';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import type { Cart } from '../../lib/api-types';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { useGetSiteQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import { DetailsForm } from './details-form';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import type { CheckoutDetails } from './checkout-validation';
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentSession } from './payment-session';
import { useOnline } from '../../components/use-online';
import { Alert as PlainAlert, ButtonLink } from '../../components/ui';
import { handOverConfirmation } from '../order-confirmation/confirmation-handoff';
import { useGetOrderPaymentStatusMutation } from './api';
import { clearCheckout, loadCheckout, saveCheckout } from './checkout-storage';
import { draftSummaryMoney, orderSummaryMoney } from './checkout-money';
import { PromotionCode } from './promotion-code';
import { useCheckoutQuote } from './use-checkout-quote';

const EMPTY_DETAILS: CheckoutDetails = {
  customerName: '',
  customerEmail: '',
  addressLine1: '',
  addressLine2: '',
  addressCity: '',
  addressState: '',
  addressZip: '',
};

const EMPTY_CART: Cart = { items: [], subtotal: 0, shipping: 0, total: 0, count: 0 };

/** /checkout: the Order Summary and the two-phase 'Complete Your Purchase' form. */
function Checkout() {
  const { data: site } = useGetSiteQuery();
  const { takingOrders } = useSite();
  const toast = useToast();
  const navigate = useNavigate();
  const clearCart = useClearCart();
  const online = useOnline();
  const { data: cart, isSuccess, isFetching, isError, refetch } = useGetCartQuery();
  const [details, setDetails] = useState<CheckoutDetails>(EMPTY_DETAILS);
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [paid, setPaid] = useState(false);
  const [getPaymentStatus] = useGetOrderPaymentStatusMutation();
  const finishing = useRef(false);
  const emptyHandled = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  /** The payment step as it was before a reload, resumed once the cart is known to be unchanged. */
  const storedSession = useRef<PaymentSession | null>(null);
  /** The applied promotion code (as the server spelled it); kept in storage with the details. */
  const [promotionCode, setPromotionCode] = useState<string | null>(null);
  /**
   * A code the server refused after it was applied: the summary's field reopens with it and its
   * reason, and (while `active`: until she applies or removes a code) the form says, above its
   * button, that the total is without it, so she never pays without the code unawares.
   */
  const [refusedCode, setRefusedCode] = useState<{
    code: string;
    message: string;
    n: number;
    active: boolean;
  } | null>(null);
  const settleRefusal = useCallback(
    () => setRefusedCode((prev) => (prev?.active ? { ...prev, active: false } : prev)),
    [],
  );
  const codeRef = useRef<string | null>(null);
  useEffect(() => {
    codeRef.current = promotionCode;
  }, [promotionCode]);

  // Read after hydration (the server's HTML has no storage), then kept up to date by the handlers.
  useEffect(() => {
    const stored = loadCheckout();
    if (!stored) return;
    setDetails(stored.details);
    setPromotionCode(stored.promotionCode);
    storedSession.current = stored.session;
  }, []);
  useEffect(() => {
    const resumed = storedSession.current;
    if (!resumed || !cart || isFetching) return;
    storedSession.current = null;
    // The order was placed from this cart: a cart that changed since then starts the payment again.
    // (The order's own total has its discount and tax: the cart's total then is what is compared.)
    if (cart.items.length > 0 && Math.abs(cart.total - resumed.cartTotal) < 0.005) setSession(resumed);
    else saveCheckout({ details: resumed.details, session: null, promotionCode: codeRef.current });
  }, [cart, isFetching]);

  const changeDetails = useCallback((values: CheckoutDetails) => {
    setDetails(values);
    saveCheckout({ details: values, session: null, promotionCode: codeRef.current });
  }, []);
  const startPayment = useCallback((next: PaymentSession) => {
    setSession(next);
    saveCheckout({ details: next.details, session: next, promotionCode: codeRef.current });
  }, []);
  const editDetails = useCallback(() => {
    setSession(null);
    saveCheckout({ details, session: null, promotionCode: codeRef.current });
  }, [details]);
  const changeCode = useCallback(
    (code: string | null) => {
      codeRef.current = code;
      setPromotionCode(code);
      saveCheckout({ details, session: null, promotionCode: code });
    },
    [details],
  );
  /**
   * The server refused the applied code (on a later quote, or when the order was placed): it goes,
   * and the code field opens with it and the reason under it, where she typed it.
   */
  const codeRefused = useCallback(
    (message: string) => {
      const code = codeRef.current;
      changeCode(null);
      if (code) setRefusedCode((prev) => ({ code, message, n: (prev?.n ?? 0) + 1, active: true }));
    },
    [changeCode],
  );

  const quote = useCheckoutQuote({
    cart: cart ?? EMPTY_CART,
    ask: {
      code: promotionCode,
      email: details.customerEmail,
      state: details.addressState,
      zip: details.addressZip,
    },
    paused: !cart || session !== null || !takingOrders,
    onCodeRefused: codeRefused,
  });
  const money = useMemo(
    () =>
      session?.order
        ? orderSummaryMoney(session.order)
        : draftSummaryMoney({
            cart: cart ?? EMPTY_CART,
            quote: quote.quote,
            quoteState: quote.quoteState,
            status: quote.status,
            code: promotionCode,
            state: details.addressState,
            zip: details.addressZip,
            taxCollected: quote.taxCollected,
          }),
    [
      session,
      cart,
      quote.quote,
      quote.quoteState,
      quote.status,
      quote.taxCollected,
      promotionCode,
      details.addressState,
      details.addressZip,
    ],
  );

  // Only once the server's cart has loaded (not while a refetch is in flight) is "empty" a fact.
  const cartIsEmpty = isSuccess && !isFetching && (cart?.items.length ?? 0) === 0;
  useEffect(() => {
    // a shop that takes no orders says so here, cart or not
    if (!takingOrders || !cartIsEmpty || finishing.current || emptyHandled.current) return;
    emptyHandled.current = true;
    toast({ title: 'Empty Cart', description: 'Add a print to your cart before checking out.' });
    navigate('/portfolio', { replace: true });
  }, [cartIsEmpty, navigate, toast, takingOrders]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  /** The provider said paid; `orderPageToken` when its answer carried it (the test provider's). */
  const onPaid = useCallback(
    async (orderPageToken?: string | null) => {
      if (finishing.current || !session) return;
      finishing.current = true; // the cart empties next: that is not an 'Empty Cart' visit
      setPaid(true);
      clearCheckout();
      toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
      // Stripe confirms in the browser: our server gives the order page's token to the secret's holder.
      const token =
        orderPageToken !== undefined
          ? Promise.resolve(orderPageToken)
          : getPaymentStatus({ orderId: session.orderId, secret: session.clientSecret })
              .unwrap()
              .then((status) => status.orderPageToken)
              .catch(() => null);
      // empties the list at once, waits at most 1.5 s for the server, never fails
      const [pageToken] = await Promise.all([token, clearCart()]);
      handOverConfirmation({
        orderId: session.orderId,
        email: session.details.customerEmail,
        orderPageToken: pageToken,
      });
      redirectTimer.current = window.setTimeout(() => navigate('/'), PAYMENT_REDIRECT_DELAY_MS);
    },
    [clearCart, getPaymentStatus, navigate, session, toast],
  );

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

  if (!takingOrders) {
    // Rendered by the server as it is: no cart, form or script needed to say it.
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 7 } }}>
        {title}
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: 'clamp(1.9rem, 2.5vw + 1rem, 2.75rem)', mb: { xs: 2.5, md: 4 } }}
        >
          Checkout
        </Typography>
        <ClosedShopNotice />
        <Box sx={{ mt: 3 }}>
          <ButtonLink to="/portfolio" variant="outlined">
            Browse the Portfolio
          </ButtonLink>
        </Box>
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
          <OrderSummary
            cart={cart}
            money={money}
            promotion={
              <PromotionCode
                key={refusedCode?.n ?? 0}
                applied={
                  session?.order
                    ? session.order.promotion
                    : money.promotion && { code: money.promotion.code, summary: money.promotion.summary }
                }
                locked={session !== null}
                onApply={async (typed) => {
                  const result = await quote.apply(typed);
                  if (result.ok) {
                    changeCode(result.code);
                    settleRefusal();
                  }
                  return result;
                }}
                onRemove={() => {
                  changeCode(null);
                  settleRefusal();
                }}
                refused={refusedCode?.active ? refusedCode : null}
              />
            }
          />
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
              onEditDetails={editDetails}
            />
          ) : (
            <DetailsForm
              cart={cart}
              values={details}
              onValuesChange={changeDetails}
              defaultProvider={site?.payments.provider === 'stripe' ? 'stripe' : 'test'}
              onCartStale={() => void refetch()}
              onPaymentReady={startPayment}
              offline={!online}
              promotionCode={promotionCode}
              checkoutTotal={money.checkoutTotal}
              onPromotionRefused={codeRefused}
              refusedCode={refusedCode?.active ? refusedCode.code : null}
            />
          )}
        </Paper>
      </SplitColumns>
    </Container>
  );
}

/** Marks the loading placeholder and the no-script message, which the no-script style swaps. */
const LOADING_ATTR = 'data-checkout-loading';
const NO_SCRIPT_ATTR = 'data-checkout-needs-javascript';

function CheckoutSkeleton() {
  return (
    <Box role="status" {...{ [LOADING_ATTR]: '' }}>
      <span className="visually-hidden">Loading checkout...</span>
      <Box aria-hidden>
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: 220, mb: 3 }} />
        <SplitColumns fr={[7, 5]} gap={{ xs: 2.5, md: 5 }} phone="minmax(0, 1fr)">
          <Skeleton variant="rounded" height={120} sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 } }} />
          <Skeleton variant="rounded" height={420} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }} />
        </SplitColumns>
      </Box>
    </Box>
  );
}

/**
 * Without JavaScript the cart and the payment form never load: the server's HTML says so instead
 * of showing the loading placeholder forever. The message is a hidden element that a <noscript>
 * style reveals (text inside <noscript> itself is not in the page for every reader and tool).
 */
function NeedsJavaScript() {
  return (
    <>
      <noscript>
        <style>{`[${LOADING_ATTR}]{display:none}[${NO_SCRIPT_ATTR}]{display:block!important}`}</style>
      </noscript>
      <div className="container" style={{ display: 'none', paddingBlock: 24 }} {...{ [NO_SCRIPT_ATTR]: '' }}>
        <PlainAlert severity="warning" role="note" title="Checkout needs JavaScript">
          Please turn on JavaScript in your browser to check out. Your cart is kept until you come back.
        </PlainAlert>
      </div>
    </>
  );
}

/** The page keeps MUI (components/mui-scope.tsx). */
export default function CheckoutPage() {
  const { takingOrders } = useSite();
  return (
    <MuiScope>
      {takingOrders && <NeedsJavaScript />}
      <Checkout />
    </MuiScope>
  );
}
