import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DemoChip } from '../shared/lab/demo-chip';
import { LabOrderLines } from '../shared/lab/lab-order-lines';
import { LabOrderActions } from '../shared/lab/lab-order-actions';
import type { LabOrderView, LabReviewOrder } from '../shared/lab/lab-orders-api';
import { formatDateTime } from '../shared/relative-time';

/** 'Waiting' for review, 'On hold' once the owner held it; other states are past review. */
function ReviewState({ lab }: { lab: LabOrderView }) {
  if (lab.status === 'review') return <Chip size="small" color="primary" label="To review" />;
  if (lab.status === 'on_hold') return <Chip size="small" variant="outlined" label="On hold" />;
  return null;
}

/** One lab's part of the order: its name, whether it waits or is held, and the prints it makes. */
function ReviewLab({ lab, orderId }: { lab: LabOrderView; orderId: number }) {
  const headingId = `review-${orderId}-${lab.provider}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {lab.name}
        </Typography>
        <ReviewState lab={lab} />
        {lab.demo && <DemoChip />}
      </Box>
      <LabOrderLines lines={lab.lines} label={`Prints made by ${lab.name}`} />
    </Box>
  );
}

/** A paid order waiting for the owner: each lab's prints, then approve (sent at once) or hold. */
export function ReviewOrderCard({ order }: { order: LabReviewOrder }) {
  const headingId = `review-order-${order.orderId}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id={headingId} component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          Order #{order.orderId} · {order.customerName}
        </Typography>
        {order.paidAt && (
          <Typography variant="body2" color="text.secondary">
            Paid {formatDateTime(order.paidAt)}
          </Typography>
        )}
      </Box>
      {order.labs.map((lab) => (
        <ReviewLab key={lab.provider} lab={lab} orderId={order.orderId} />
      ))}
      <LabOrderActions
        orderId={order.orderId}
        names={order.labs.map((l) => l.name).join(' and ')}
        send="Approve and send"
        hold={order.labs.some((l) => l.status === 'review')}
        namesOrder
      />
    </Paper>
  );
}
