import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import ButtonBase from '@mui/material/ButtonBase';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../../lib/format';
import type { AdminOrderSummary } from './api';
import {
  DisputeBadge,
  FulfillmentStatusSelect,
  PaymentStatusBadge,
  isCancelable,
  type FulfillmentStatus,
} from './order-status';
import { formatDate, formatShortDateTime, timeAgo } from '../shared/relative-time';
import { visuallyHidden } from '../shared/visually-hidden';

// The orders list: a table on wide screens, cards on a phone.

export type OrderListProps = {
  orders: AdminOrderSummary[];
  onOpen: (id: number) => void;
  onStatus: (order: AdminOrderSummary, status: FulfillmentStatus) => Promise<void>;
  /** Asks to cancel an unpaid order (only those show the button). */
  onCancel: (order: AdminOrderSummary) => void;
  updating: boolean;
};

/** 'Cancel order', for an order nobody has paid; its name says which order. */
function CancelOrderButton({
  order,
  onCancel,
  fullWidth,
}: {
  order: AdminOrderSummary;
  onCancel: (order: AdminOrderSummary) => void;
  fullWidth?: boolean;
}) {
  return (
    <Button
      size="small"
      color="error"
      variant={fullWidth ? 'outlined' : 'text'}
      fullWidth={fullWidth}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onCancel(order);
      }}
      aria-label={`Cancel order #${order.id}`}
      sx={fullWidth ? { whiteSpace: 'nowrap', minHeight: 40 } : { whiteSpace: 'nowrap', ml: -0.5, px: 0.5 }}
    >
      Cancel order
    </Button>
  );
}

// The dropdown lives inside a clickable row; its clicks (also from the menu portal) must not open the dialog.
const stop = (event: MouseEvent) => event.stopPropagation();

export function OrdersTable({ orders, onOpen, onStatus, onCancel, updating }: OrderListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Orders">
        <TableHead>
          <TableRow>
            <TableCell>Order #</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Payment Status</TableCell>
            <TableCell>Fulfillment Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover onClick={() => onOpen(order.id)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <Link
                  component="button"
                  type="button"
                  onClick={(event: MouseEvent) => {
                    event.stopPropagation();
                    onOpen(order.id);
                  }}
                  sx={{ fontWeight: 700 }}
                  aria-label={`Order #${order.id} details`}
                >
                  #{order.id}
                </Link>
              </TableCell>
              <TableCell>
                <OrderDate createdAt={order.createdAt} paidAt={order.paidAt} />
              </TableCell>
              <TableCell>
                <OrderCustomer order={order} emailTitle />
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatPrice(order.totalAmount)}
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <PaymentStatusBadge status={order.status} />
                  {order.dispute && <DisputeBadge dispute={order.dispute} />}
                  {isCancelable(order.status) && <CancelOrderButton order={order} onCancel={onCancel} />}
                </Stack>
              </TableCell>
              <TableCell onClick={stop}>
                <FulfillmentStatusSelect
                  label={`Fulfillment status of order #${order.id}`}
                  hideLabel
                  value={order.fulfillmentStatus}
                  onChange={(status) => void onStatus(order, status)}
                  disabled={updating}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function OrderCards({ orders, onOpen, onStatus, onCancel, updating }: OrderListProps) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Orders">
      {orders.map((order) => (
        <Card component="li" key={order.id} variant="outlined">
          {/* The whole upper card opens the details, but the button is only its title (its name
              is what it shows, 'Order #12', plus ' details' for screen readers): a label over
              the whole card would differ from the text a voice-control user sees. The title's
              overlay stretches over this upper part (the button itself is not positioned, so the
              overlay's box is the card content's): a tap on the name, date or total opens it. */}
          <CardContent
            sx={{ pb: 1, position: 'relative', '&:hover': { bgcolor: 'action.hover' }, cursor: 'pointer' }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <ButtonBase
                onClick={() => onOpen(order.id)}
                sx={{
                  font: 'inherit',
                  fontWeight: 700,
                  lineHeight: 1.7,
                  color: 'text.primary',
                  // not positioned (ButtonBase is, by default): the overlay below is laid over the
                  // card content, not over the title alone
                  position: 'static',
                  // Stretched over the card's upper part, so a tap anywhere there opens it.
                  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 1 },
                  '&.Mui-focusVisible::after': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: -2,
                  },
                }}
              >
                Order #{order.id}
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  details
                </Box>
              </ButtonBase>
              <PaymentStatusBadge status={order.status} />
            </Box>
            {order.dispute && (
              <Box sx={{ mt: 0.5 }}>
                <DisputeBadge dispute={order.dispute} />
              </Box>
            )}
            <Box sx={{ mt: 0.5 }}>
              <OrderDate createdAt={order.createdAt} paidAt={order.paidAt} />
            </Box>
            <Box
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1.5, alignItems: 'end' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <OrderCustomer order={order} />
              </Box>
              <Typography sx={{ fontWeight: 700 }}>{formatPrice(order.totalAmount)}</Typography>
            </Box>
          </CardContent>
          <CardContent sx={{ pt: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FulfillmentStatusSelect
                label="Fulfillment Status"
                id={`order-${order.id}-fulfillment`}
                value={order.fulfillmentStatus}
                onChange={(status) => void onStatus(order, status)}
                disabled={updating}
                fullWidth
              />
            </Box>
            {isCancelable(order.status) && (
              <Box sx={{ flexShrink: 0 }}>
                <CancelOrderButton order={order} onCancel={onCancel} fullWidth />
              </Box>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** When checkout began (the date and how long ago) and, once paid, when the payment came in. */
function OrderDate({ createdAt, paidAt }: { createdAt: string; paidAt: string | null }) {
  const date = new Date(createdAt);
  return (
    <>
      <Typography variant="body2" component="div">
        {formatDate(createdAt)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {Number.isNaN(date.getTime()) ? '' : timeAgo(date)}
      </Typography>
      {paidAt && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          Paid {formatShortDateTime(paidAt)}
        </Typography>
      )}
    </>
  );
}

/** Name over e-mail; a long e-mail is cut with an ellipsis (its full text as a tooltip when asked). */
function OrderCustomer({ order, emailTitle = false }: { order: AdminOrderSummary; emailTitle?: boolean }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {order.customerName}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        title={emailTitle ? order.customerEmail : undefined}
        sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {order.customerEmail}
      </Typography>
    </>
  );
}
