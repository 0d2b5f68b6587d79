import { MuiScope } from '../../components/mui-scope';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { useDismissToasts, useToast } from '../../components/toast';
import { CART_TOASTS, itemCount, useCartQuery } from '../cart';
import type { Cart } from '../../lib/api-types';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { activeNoticeLines, useGetShippingNoticeQuery, useGetSiteQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import { DetailsForm } from './details-form';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { useOnline } from '../../components/use-online';
import { draftSummaryMoney, orderSummaryMoney } from './checkout-money';
import { PromotionCode } from './promotion-code';
import { GiftCardCodes } from './gift-card-codes';
import { giftCardFigures } from './gift-card-money';
import { useCheckoutQuote } from './use-checkout-quote';
import { useCheckoutDetails } from './use-checkout-details';
import { useFinishPayment } from './use-finish-payment';
import { ClosedCheckout } from './checkout-closed';
import { CheckoutHeading, CheckoutSkeleton, NeedsJavaScript, PaymentSuccessful } from './checkout-views';

const EMPTY_CART: Cart = {
  items: [],
  licences: [],
  giftCards: [],
  subtotal: 0,
  shipping: 0,
  total: 0,
  count: 0,
};

/** /checkout: the Order Summary and the two-phase 'Complete Your Purchase' form. */
function Checkout() {
  const { data: site } = useGetSiteQuery();
  const { data: notice } = useGetShippingNoticeQuery();
  const { takingOrders } = useSite();
  const toast = useToast();
  const dismissToasts = useDismissToasts();
  const navigate = useNavigate();
  const online = useOnline();
  // 'Added to cart' and the like would sit over the summary or a field here: they are done with
  useEffect(() => dismissToasts(CART_TOASTS), [dismissToasts]);
  const { data: cart, isSuccess, isFetching, isError, refetch } = useCartQuery();
  const checkout = useCheckoutDetails({ cart, isFetching });
  const { details, session, promotionCode, refusedCode } = checkout;
  const { paid, onPaid, onPaidAtCheckout, finishing } = useFinishPayment(session);
  const emptyHandled = useRef(false);
  // the gift cards applied (issue 47), normalised; a later quote that refuses them drops them, saying why
  const [giftCardCodes, setGiftCardCodes] = useState<string[]>([]);
  const [giftCardRefusal, setGiftCardRefusal] = useState<{ message: string; n: number } | null>(null);
  const giftCardsRefused = useCallback((message: string) => {
    setGiftCardCodes([]);
    setGiftCardRefusal((prev) => ({ message, n: (prev?.n ?? 0) + 1 }));
  }, []);

  const quote = useCheckoutQuote({
    cart: cart ?? EMPTY_CART,
    ask: {
      code: promotionCode,
      giftCardCodes,
      email: details.customerEmail,
      state: details.addressState,
      zip: details.addressZip,
    },
    paused: !cart || session !== null || !takingOrders,
    onCodeRefused: checkout.codeRefused,
    onGiftCardsRefused: giftCardsRefused,
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

  // the placed order's cards on the payment step, else the quote's for the codes applied now
  const giftCards = session?.order
    ? session.order.giftCards?.length
      ? { giftCards: session.order.giftCards, amountDue: session.order.amountDue ?? session.amount }
      : null
    : giftCardFigures({
        codes: giftCardCodes,
        answer: quote.quote,
        status: quote.status,
        total: money.total,
      });

  // Only once the server's cart has loaded (not while a refetch is in flight) is "empty" a fact.
  const cartIsEmpty = isSuccess && !isFetching && itemCount(cart) === 0;
  useEffect(() => {
    // a shop that takes no orders says so here, cart or not
    if (!takingOrders || !cartIsEmpty || finishing.current || emptyHandled.current) return;
    emptyHandled.current = true;
    toast({ title: 'Empty Cart', description: 'Add a print to your cart before checking out.' });
    navigate('/portfolio', { replace: true });
  }, [cartIsEmpty, finishing, navigate, toast, takingOrders]);

  const title = (
    <SitePageMeta page="Checkout" description="Complete your purchase." path="/checkout" noindex />
  );

  if (paid) return <PaymentSuccessful meta={title} />;

  if (!takingOrders) return <ClosedCheckout meta={title} />;

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

  if (itemCount(cart) === 0) {
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
      <CheckoutHeading />
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
                    checkout.changeCode(result.code);
                    checkout.settleRefusal();
                  }
                  return result;
                }}
                onRemove={() => {
                  checkout.changeCode(null);
                  checkout.settleRefusal();
                }}
                refused={refusedCode?.active ? refusedCode : null}
              />
            }
            giftCardCodes={
              <GiftCardCodes
                key={`gift-cards-${giftCardRefusal?.n ?? 0}`}
                codes={session?.order ? (giftCards?.giftCards.map((c) => c.last4) ?? []) : giftCardCodes}
                applied={giftCards?.giftCards ?? []}
                locked={session !== null}
                onApply={async (code) => {
                  const result = await quote.applyGiftCard(code);
                  if (result.ok) setGiftCardCodes((codes) => [...codes, code]);
                  return result;
                }}
                onRemove={(code) => setGiftCardCodes((codes) => codes.filter((c) => c !== code))}
                refusal={giftCardRefusal?.message ?? null}
              />
            }
            giftCards={giftCards}
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
          <ShippingNoticeBanner lines={activeNoticeLines(notice)} style={{ marginBottom: 24 }} />
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
              onEditDetails={checkout.editDetails}
            />
          ) : (
            <DetailsForm
              cart={cart}
              values={details}
              onValuesChange={checkout.changeDetails}
              defaultProvider={site?.payments.provider === 'stripe' ? 'stripe' : 'test'}
              onCartStale={() => void refetch()}
              onPaymentReady={checkout.startPayment}
              offline={!online}
              promotionCode={promotionCode}
              checkoutTotal={money.checkoutTotal}
              onPromotionRefused={checkout.codeRefused}
              refusedCode={refusedCode?.active ? refusedCode.code : null}
              taxCollected={quote.taxCollected}
              giftCardCodes={giftCardCodes}
              amountDue={giftCards?.amountDue ?? null}
              onPaidAtCheckout={onPaidAtCheckout}
            />
          )}
        </Paper>
      </SplitColumns>
    </Container>
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
