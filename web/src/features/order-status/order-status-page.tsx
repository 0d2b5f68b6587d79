import { MuiScope } from '../../components/mui-scope';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import NotFound from '../../components/not-found';
import { RefundRow } from '../../components/refund-row';
import { ResponsiveImage } from '../../components/responsive-image';
import { EditionPrint } from '../../components/edition-print';
import { LineLicenceBlock } from './line-licence';
import { LineGiftCardBlock, type LineGiftCard } from './line-gift-card';
import { formatPrice } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { useGetOrderByTokenQuery, type BuyerOrder } from './api';

const STATUS_TEXT: Record<string, string> = {
  received: 'Received',
  paid: 'Being prepared',
  shipped: 'Shipped',
  completed: 'Delivered',
  canceled: 'Canceled',
};
const PAYMENT_TEXT: Record<string, string> = {
  pending: 'Awaiting payment',
  processing: 'Payment processing',
  paid: 'Paid',
  failed: 'Payment failed',
  canceled: 'Payment canceled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
const REASONS: Record<string, string> = {
  requested_by_customer: 'Requested by you',
  damaged: 'Damaged in shipping',
  duplicate: 'Duplicate order',
  fraudulent: 'Fraudulent',
  other: 'Refund',
};
// in the shop's time zone: the server and the browser must write the same day (hydration)
const dateText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

/** A gift card line's facts (issue 47): null on other lines, and from a server before gift cards. */
const giftCardOf = (item: BuyerOrder['items'][number]): LineGiftCard | null =>
  (item as { giftCard?: LineGiftCard | null }).giftCard ?? null;

/** The buyer's order page, reached by the long random link in their e-mails; kept out of search. */
function OrderStatus() {
  const { token = '' } = useParams();
  const { data, isLoading, error, refetch } = useGetOrderByTokenQuery(token);
  // an unknown token: the server renders the not-found page from an empty answer, the browser
  // after a 404 from the API
  if (data === null || (isApiError(error) && error.status === 404)) return <NotFound />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {isLoading ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading your order">
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        >
          Your order could not be loaded. Please try again.
        </Alert>
      ) : (
        <OrderView order={data} />
      )}
    </Container>
  );
}

/** Amounts line up in one right-aligned column, digits of equal width. */
const amount = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const THUMB = 64;

/** A label and its value on one line, in a definition list (status, totals). */
function Entry({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents', '& > *': { m: 0, py: 0.25, fontWeight: strong ? 700 : undefined } }}>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography component="dd">{children}</Typography>
    </Box>
  );
}

function OrderView({ order }: { order: BuyerOrder }) {
  const { shipment } = order;
  const { timeZone } = useSite();
  // every shipment (an order made by two labs ships twice); the one the owner gave without a
  // tracking number (a carrier only) is the order's own
  const shipments = order.shipments.length
    ? order.shipments
    : shipment.carrier || shipment.trackingNumber
      ? [shipment]
      : [];
  return (
    <Stack spacing={3}>
      <title>{`Order ${order.orderNumber}`}</title>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Order {order.orderNumber}
        </Typography>
        <Typography color="text.secondary">Placed on {dateText(order.createdAt, timeZone)}</Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, mt: 1.5, mb: 0 }}
        >
          <Entry label="Payment">{PAYMENT_TEXT[order.status] ?? order.status}</Entry>
          <Entry label="Fulfillment">{STATUS_TEXT[order.fulfillmentStatus] ?? order.fulfillmentStatus}</Entry>
        </Box>
      </Box>

      {order.shippingNotice && (
        <Alert severity="info">
          {order.shippingNotice.line1}
          {order.shippingNotice.line2 ? <Box>{order.shippingNotice.line2}</Box> : null}
        </Alert>
      )}

      {shipments.length > 0 && (
        <Block title="Shipping">
          <Stack spacing={1.5}>
            {shipments.map((s, i) => (
              <Box key={s.trackingNumber ?? i}>
                <Typography>
                  {shipments.length > 1 ? `Package ${i + 1} of ${shipments.length}: ` : ''}
                  {s.carrier && s.carrier !== 'other' ? `${s.carrier} ` : ''}
                  {s.trackingNumber ? `tracking number ${s.trackingNumber}` : ''}
                </Typography>
                {s.trackingUrl && (
                  <Link href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {shipments.length > 1 ? `Track package ${i + 1}` : 'Track your package'}
                  </Link>
                )}
              </Box>
            ))}
          </Stack>
        </Block>
      )}

      <Block title="Items">
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.items.map((item, i) => (
            <Box
              component="li"
              key={i}
              sx={{
                display: 'grid',
                gridTemplateColumns: `${THUMB}px 1fr auto`,
                gap: 2,
                alignItems: 'start',
              }}
            >
              <Box sx={{ width: THUMB, borderRadius: 1, overflow: 'hidden' }}>
                <ResponsiveImage
                  photo={{ thumbnailUrl: item.thumbnailUrl, title: item.title }}
                  alt=""
                  ratio={1}
                  renderedWidth={THUMB}
                />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {/* a licence of a file (issue 46): "Editorial licence · Web, 2048 px" */}
                  {item.kind === 'licence'
                    ? `${item.format} licence · ${item.size}`
                    : item.kind === 'gift_card'
                      ? `${item.format} ${item.size}`
                      : `${item.size} · ${item.format} · Qty ${item.quantity}`}
                </Typography>
                {item.edition && (
                  <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                    <EditionPrint edition={item.edition!} />
                  </Typography>
                )}
                {item.licence && <LineLicenceBlock licence={item.licence} />}
                {giftCardOf(item) && <LineGiftCardBlock giftCard={giftCardOf(item)!} />}
                {item.quantity > 1 && (
                  <Typography variant="body2" color="text.secondary">
                    {formatPrice(item.price)} each
                  </Typography>
                )}
              </Box>
              <Typography sx={amount}>{formatPrice(item.price * item.quantity)}</Typography>
            </Box>
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            columnGap: 3,
            m: 0,
            '& dt': { textAlign: 'right' },
            '& dd': amount,
          }}
        >
          <Entry label="Subtotal">{formatPrice(order.subtotal)}</Entry>
          {order.discount > 0 && (
            <Entry label={order.promotion ? `Discount (${order.promotion.code})` : 'Discount'}>
              {formatPrice(-order.discount)}
            </Entry>
          )}
          <Entry label="Shipping">{formatPrice(order.shipping)}</Entry>
          {order.taxLine && <Entry label={order.taxLine.label}>{formatPrice(order.tax)}</Entry>}
          <Entry label="Total" strong>
            {formatPrice(order.total)}
          </Entry>
          {order.paidWithGiftCards > 0 && (
            <>
              <Entry label="Paid with gift cards">{formatPrice(-order.paidWithGiftCards)}</Entry>
              <Entry label="Paid by card">{formatPrice(order.amountDue)}</Entry>
            </>
          )}
          {order.refundedAmount > 0 && <Entry label="Refunded">{formatPrice(-order.refundedAmount)}</Entry>}
        </Box>
      </Block>

      {order.refunds.length > 0 && (
        <Block title="Refunds">
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {order.refunds.map((r, i) => (
              <RefundRow key={i} amount={r.amount}>
                <Typography variant="body2">
                  {REASONS[r.reason] ?? 'Refund'} · {dateText(r.createdAt, timeZone)}
                </Typography>
              </RefundRow>
            ))}
          </Stack>
        </Block>
      )}

      <Block title="Shipping address">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{order.shippingAddress}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The street is not shown here, as anyone with this page&apos;s link can open it. Your confirmation
          e-mail has the full address.
        </Typography>
      </Block>
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The page keeps MUI (components/mui-scope.tsx). */
export default function OrderStatusPage() {
  return (
    <MuiScope>
      <OrderStatus />
    </MuiScope>
  );
}
