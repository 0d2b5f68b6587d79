import { MuiScope } from '../../components/mui-scope';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { TotalLine } from '../../components/total-line';
import { formatPrice } from '../../lib/format';
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
const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The buyer's order page, reached by the long random link in their e-mails; kept out of search. */
function OrderStatus() {
  const { token = '' } = useParams();
  const { data, isLoading, error, refetch } = useGetOrderByTokenQuery(token);
  if (isApiError(error) && error.status === 404) return <NotFound />;
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

function OrderView({ order }: { order: BuyerOrder }) {
  const { shipment } = order;
  return (
    <Stack spacing={3}>
      <title>{`Order ${order.orderNumber}`}</title>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Order {order.orderNumber}
        </Typography>
        <Typography color="text.secondary">Placed on {dateText(order.createdAt)}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <Chip label={STATUS_TEXT[order.fulfillmentStatus] ?? order.fulfillmentStatus} color="primary" />
          <Chip label={PAYMENT_TEXT[order.status] ?? order.status} variant="outlined" />
        </Stack>
      </Box>

      {order.shippingNotice && (
        <Alert severity="info">
          {order.shippingNotice.line1}
          {order.shippingNotice.line2 ? <Box>{order.shippingNotice.line2}</Box> : null}
        </Alert>
      )}

      {(shipment.carrier || shipment.trackingNumber) && (
        <Block title="Shipping">
          <Typography>
            {shipment.carrier && shipment.carrier !== 'other' ? `${shipment.carrier} ` : ''}
            {shipment.trackingNumber ? `tracking number ${shipment.trackingNumber}` : ''}
          </Typography>
          {shipment.trackingUrl && (
            <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              Track your package
            </Link>
          )}
        </Block>
      )}

      <Block title="Items">
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.items.map((item, i) => (
            <Box component="li" key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.size} · {item.format} · Qty {item.quantity}
                </Typography>
              </Box>
              <Typography sx={{ whiteSpace: 'nowrap' }}>{formatPrice(item.price * item.quantity)}</Typography>
            </Box>
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={{ m: 0, ml: 'auto', maxWidth: 280 }}>
          <TotalLine label="Subtotal" value={order.subtotal} />
          <TotalLine label="Shipping" value={order.shipping} />
          <TotalLine label="Total" value={order.total} strong />
          {order.refundedAmount > 0 && <TotalLine label="Refunded" value={-order.refundedAmount} />}
        </Box>
      </Block>

      {order.refunds.length > 0 && (
        <Block title="Refunds">
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {order.refunds.map((r, i) => (
              <RefundRow key={i} amount={r.amount}>
                <Typography variant="body2">
                  {REASONS[r.reason] ?? 'Refund'} · {dateText(r.createdAt)}
                </Typography>
              </RefundRow>
            ))}
          </Stack>
        </Block>
      )}

      <Block title="Shipping address">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{order.shippingAddress}</Typography>
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
