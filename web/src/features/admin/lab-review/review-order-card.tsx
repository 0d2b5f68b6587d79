import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PauseOutlinedIcon from '@mui/icons-material/PauseOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { DemoChip } from '../shared/lab/demo-chip';
import { LabOrderLines } from '../shared/lab/lab-order-lines';
import {
  useHoldOrderLabMutation,
  useSendOrderToLabMutation,
  type LabOrderView,
  type LabReviewOrder,
} from '../shared/lab/lab-orders-api';
import { formatDateTime } from '../shared/relative-time';
import { useSessionExpiryCheck } from '../shared/session';

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
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [send, { isLoading: sending }] = useSendOrderToLabMutation();
  const [hold, { isLoading: holding }] = useHoldOrderLabMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = `review-order-${order.orderId}`;
  const canHold = order.labs.some((l) => l.status === 'review');
  const busy = sending || holding;

  const run = async (move: 'send' | 'hold') => {
    setRefusal(null);
    try {
      if (move === 'send') {
        await send(order.orderId).unwrap();
        const names = order.labs.map((l) => l.name).join(' and ');
        toast({ title: 'Sending to the Lab', description: `Order #${order.orderId} goes to ${names} now.` });
      } else {
        await hold(order.orderId).unwrap();
        toast({ title: 'Order On Hold', description: `Order #${order.orderId} waits until you approve it.` });
      }
    } catch (err) {
      checkSession(err);
      setRefusal(errorMessage(err));
    }
  };

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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<SendOutlinedIcon />}
          onClick={() => void run('send')}
          disabled={busy}
          aria-label={`Approve and send order #${order.orderId}`}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {sending ? 'Sending...' : 'Approve and send'}
        </Button>
        {canHold && (
          <Button
            variant="outlined"
            startIcon={<PauseOutlinedIcon />}
            onClick={() => void run('hold')}
            disabled={busy}
            aria-label={`Hold order #${order.orderId}`}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {holding ? 'Holding...' : 'Hold'}
          </Button>
        )}
      </Box>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
          {refusal}
        </Alert>
      )}
    </Paper>
  );
}
