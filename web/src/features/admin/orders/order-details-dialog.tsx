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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { TotalLine } from '../../../components/total-line';
import { useGetAdminOrderQuery, type AdminOrderDetail, type Carrier } from './api';
import { discountLabel, Field, Section } from './detail-layout';
import { OrderItems } from './order-items';
import { OrderLab } from './order-lab';
import { OrderRefunds } from './order-refunds';
import { DisputeBadge, FulfillmentStatusSelect, PaymentStatusBadge, isCancelable } from './order-status';
import { formatDateTime } from '../shared/relative-time';
import { DETAIL_TEXTS, useFulfillmentUpdate } from './use-fulfillment-update';
import { GridBox } from '../shared/grid-box';

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

function OrderDetailsContent({ detail, compact }: { detail: AdminOrderDetail; compact: boolean }) {
  const { order, lineItems } = detail;
  const { setStatus, updating, shippingDialog, cancelDialog, askCancel } = useFulfillmentUpdate(
    DETAIL_TEXTS,
    {
      fullScreen: compact,
    },
  );
  // the server's figures as they are: the lines are not added up again here
  const { money } = order;
  const left = money.net;
  const refundable = ['paid', 'partially_refunded'].includes(order.status) && left > 0;
  const shipment = order.shipment;

  return (
    <Stack spacing={3}>
      <GridBox columns={{ xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }} alignStart>
        <Field label="Order Number">
          <Typography sx={{ fontWeight: 700 }}>#{order.id}</Typography>
        </Field>
        <Field label="Date">
          <Typography variant="body2">{formatDateTime(order.createdAt)}</Typography>
          {order.paidAt && (
            <Typography variant="caption" color="text.secondary" component="p">
              Paid {formatDateTime(order.paidAt)}
            </Typography>
          )}
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
              void setStatus(order, status, {
                carrier: (shipment?.carrier as Carrier | null) ?? null,
                trackingNumber: shipment?.trackingNumber ?? null,
              })
            }
            disabled={updating}
            fullWidth
          />
        </Box>
      </GridBox>
      {shippingDialog}
      {cancelDialog}
      {isCancelable(order.status) && (
        <Alert
          severity="info"
          action={
            <Button
              color="error"
              variant="outlined"
              size="small"
              onClick={() => askCancel(order)}
              sx={{ whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
            >
              Cancel order
            </Button>
          }
          sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
        >
          {order.status === 'failed'
            ? "The buyer's payment was declined; they may still try again."
            : 'This order has not been paid yet.'}
        </Alert>
      )}

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

      <OrderLab orderId={order.id} lineCount={lineItems.length} />

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
            {order.phone && (
              // given at checkout for the carrier (it goes to the lab with the address)
              <Field label="Phone">
                <Link href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</Link>
              </Field>
            )}
          </Stack>
          <Field label="Shipping Address">
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {order.shippingAddress || 'Nothing to ship (licences only)'}
            </Typography>
            {order.licensee && (
              // who the order's licences are for (issue 46)
              <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {`Licence for: ${order.licensee.name} (${order.licensee.kind === 'organisation' ? 'an organisation' : 'a person'})`}
              </Typography>
            )}
            {order.addressNeedsReview && (
              // given as one text that could not be read into street, city, state and ZIP
              <Alert severity="warning" sx={{ mt: 1 }}>
                Address needs review: check it before shipping.
              </Alert>
            )}
          </Field>
        </Box>
      </Section>

      <Section title="Items">
        <OrderItems lineItems={lineItems} compact={compact} orderId={order.id} />
      </Section>

      {/* Two lists around the rule: a <dl> may hold only its terms and values (no <hr>). */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Box sx={{ width: { xs: '100%', sm: 280 }, '& dl': { m: 0 } }}>
          <dl>
            <TotalLine label="Subtotal" value={money.subtotal} />
            {money.discount > 0 && (
              <TotalLine label={discountLabel(order.promotion)} value={-money.discount} />
            )}
            <TotalLine label="Shipping" value={money.shipping} />
            {order.taxLine && <TotalLine label={order.taxLine.label} value={money.tax} />}
          </dl>
          <Divider sx={{ my: 1 }} />
          <dl>
            <TotalLine label="Total" value={money.total} strong />
            {money.refunded > 0 && (
              <>
                <TotalLine label="Refunded" value={-money.refunded} />
                <TotalLine label="Net" value={left} strong />
              </>
            )}
          </dl>
        </Box>
      </Box>

      {(refundable || (order.refunds?.length ?? 0) > 0) && (
        <OrderRefunds
          order={order}
          left={left}
          refundable={refundable}
          compact={compact}
          licences={lineItems.flatMap((l) => (l.licence && !l.licence.revoked ? [l.licence] : []))}
        />
      )}
    </Stack>
  );
}
