import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { useState, type ReactNode } from 'react';
import { TotalLine } from '../../../components/total-line';
import { formatPrice, toCents } from '../../../lib/format';
import {
  REFUND_REASONS,
  useGetAdminOrderQuery,
  type AdminOrderDetail,
  type AdminOrderLineItem,
  type Carrier,
} from './api';
import { orderTotals } from './order-totals';
import { DisputeBadge, FulfillmentStatusSelect, PaymentStatusBadge } from './order-status';
import { RefundDialog } from './refund-dialog';
import { formatDateTime } from './relative-time';
import { DETAIL_TEXTS, useFulfillmentUpdate } from './use-fulfillment-update';

type Props = {
  orderId: number | null;
  open: boolean;
  onClose: () => void;
  fullScreen: boolean;
};

export function OrderDetailsDialog({ orderId, open, onClose, fullScreen }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="order-details-title"
      aria-describedby="order-details-description"
    >
      <DialogTitle id="order-details-title" sx={{ pr: 7 }}>
        Order Details
        <IconButton
          aria-label="Close order details"
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText id="order-details-description" sx={{ mb: 2 }}>
          Review and manage this order.
        </DialogContentText>
        {orderId !== null && <OrderDetailsBody orderId={orderId} onClose={onClose} compact={fullScreen} />}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetailsBody({
  orderId,
  onClose,
  compact,
}: {
  orderId: number;
  onClose: () => void;
  compact: boolean;
}) {
  const { data, isLoading, isError } = useGetAdminOrderQuery(orderId, { refetchOnMountOrArgChange: true });

  if (isLoading) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading order details">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onClose}>
            Close
          </Button>
        }
      >
        Failed to load order details
      </Alert>
    );
  }
  return <OrderDetailsContent detail={data} compact={compact} />;
}

const reasonLabel = (value: string) => REFUND_REASONS.find((r) => r.value === value)?.label ?? value;

function OrderDetailsContent({ detail, compact }: { detail: AdminOrderDetail; compact: boolean }) {
  const { order, lineItems } = detail;
  const { setStatus, updating, shippingDialog } = useFulfillmentUpdate(DETAIL_TEXTS, { fullScreen: compact });
  const [refunding, setRefunding] = useState(false);
  const totals = orderTotals(order.totalAmount, lineItems);
  const refunded = order.refundedAmount ?? 0;
  const left = toCents(order.totalAmount - refunded) / 100;
  const refundable = ['paid', 'partially_refunded'].includes(order.status) && left > 0;
  const shipment = order.shipment;

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Field label="Order Number">
          <Typography sx={{ fontWeight: 700 }}>#{order.id}</Typography>
        </Field>
        <Field label="Date">
          <Typography variant="body2">{formatDateTime(order.createdAt)}</Typography>
        </Field>
        <Field label="Payment Status">
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <PaymentStatusBadge status={order.status} />
            {order.dispute && <DisputeBadge dispute={order.dispute} />}
          </Stack>
        </Field>
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <FulfillmentStatusSelect
            id="order-details-fulfillment"
            label="Fulfillment Status"
            value={order.fulfillmentStatus}
            onChange={(status) =>
              void setStatus(order.id, status, {
                carrier: (shipment?.carrier as Carrier | null) ?? null,
                trackingNumber: shipment?.trackingNumber ?? null,
              })
            }
            disabled={updating}
            fullWidth
          />
        </Box>
      </Box>
      {shippingDialog}

      {(shipment?.carrier || shipment?.trackingNumber) && (
        <Section title="Shipping">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Field label="Carrier">
              <Typography>{shipment.carrier === 'other' ? 'Other' : (shipment.carrier ?? '—')}</Typography>
            </Field>
            <Field label="Tracking Number">
              {shipment.trackingUrl ? (
                <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipment.trackingNumber}
                </Link>
              ) : (
                <Typography>{shipment.trackingNumber ?? '—'}</Typography>
              )}
            </Field>
          </Box>
        </Section>
      )}

      <Section title="Customer Information">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Stack spacing={1.5}>
            <Field label="Name">
              <Typography>{order.customerName}</Typography>
            </Field>
            <Field label="Email">
              <Link href={`mailto:${order.customerEmail}`} sx={{ overflowWrap: 'anywhere' }}>
                {order.customerEmail}
              </Link>
            </Field>
          </Stack>
          <Field label="Shipping Address">
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {order.shippingAddress}
            </Typography>
          </Field>
        </Box>
      </Section>

      <Section title="Items">
        {lineItems.length === 0 ? (
          <Typography color="text.secondary">No items recorded for this order.</Typography>
        ) : compact ? (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {lineItems.map((item) => (
              <Paper component="li" key={item.id} variant="outlined" sx={{ p: 1.5 }}>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                  <ItemThumbnail item={item} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {itemTitle(item)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {optionText(item)}
                    </Typography>
                  </Box>
                </Box>
                <Box
                  sx={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    mt: 1,
                    typography: 'body2',
                    color: 'text.secondary',
                  }}
                >
                  <span>
                    {formatPrice(item.priceAtPurchase)} x {item.quantity}
                  </span>
                  <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                    {formatPrice(item.priceAtPurchase * item.quantity)}
                  </Box>
                </Box>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table size="small" aria-label="Order items">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell>Print Option</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">Subtotal</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lineItems.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                      <ItemThumbnail item={item} />
                      <span>{itemTitle(item)}</span>
                    </Box>
                  </TableCell>
                  <TableCell>{optionText(item)}</TableCell>
                  <TableCell align="right">{formatPrice(item.priceAtPurchase)}</TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                  <TableCell align="right">{formatPrice(item.priceAtPurchase * item.quantity)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Box component="dl" sx={{ m: 0, width: { xs: '100%', sm: 280 } }}>
          <TotalLine label="Subtotal" value={totals.subtotal} />
          <TotalLine label="Shipping" value={totals.shipping} />
          <Divider sx={{ my: 1 }} />
          <TotalLine label="Total" value={totals.total} strong />
          {refunded > 0 && (
            <>
              <TotalLine label="Refunded" value={-refunded} />
              <TotalLine label="Net" value={left} strong />
            </>
          )}
        </Box>
      </Box>

      {(refundable || (order.refunds?.length ?? 0) > 0) && (
        <Section title="Refunds">
          {(order.refunds ?? []).length > 0 && (
            <Stack
              component="ul"
              spacing={1}
              sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}
              aria-label="Refunds"
            >
              {(order.refunds ?? []).map((r) => (
                <Box
                  component="li"
                  key={r.id}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
                >
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {reasonLabel(r.reason)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(r.createdAt)}
                      {r.note ? ` · ${r.note}` : ''}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatPrice(r.amount)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
          {refundable && (
            <Button variant="outlined" color="error" onClick={() => setRefunding(true)}>
              Refund
            </Button>
          )}
          <RefundDialog
            orderId={order.id}
            left={left}
            open={refunding}
            fullScreen={compact}
            onClose={() => setRefunding(false)}
          />
        </Section>
      )}
    </Stack>
  );
}

function itemTitle(item: AdminOrderLineItem): string {
  return item.photo?.title ?? 'Unknown Item';
}

function optionText(item: AdminOrderLineItem): string {
  return item.itemOption ? `${item.itemOption.size} · ${item.itemOption.format}` : 'Unknown Option';
}

function ItemThumbnail({ item }: { item: AdminOrderLineItem }) {
  const size = 48;
  if (!item.photo) {
    return (
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        <ImageOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={item.photo.thumbnailUrl}
      alt={item.photo.title}
      loading="lazy"
      width={size}
      height={size}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}
