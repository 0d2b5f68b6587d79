import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PauseOutlinedIcon from '@mui/icons-material/PauseOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { DemoChip } from '../shared/lab/demo-chip';
import { LabOrderLines } from '../shared/lab/lab-order-lines';
import { labOrderStatusText, labSaidText } from '../shared/lab/lab-order-model';
import {
  useGetOrderLabQuery,
  useHoldOrderLabMutation,
  useSendOrderToLabMutation,
  type LabOrderView,
} from '../shared/lab/lab-orders-api';
import { formatDateTime } from '../shared/relative-time';
import { useSessionExpiryCheck } from '../shared/session';
import { Section } from './detail-layout';
import { labPollMs, msToHoldEnd, orderLabActions } from './order-lab-model';

/** One lab's order: its name, where it is, what it costs to ship, the tracking, the prints it makes. */
function LabOrderPanel({ lab }: { lab: LabOrderView }) {
  const headingId = `order-lab-${lab.provider}`;
  const said = labSaidText(lab);
  const facts = [
    lab.labShipping === null ? null : `Lab shipping ${formatPrice(lab.labShipping)}.`,
    lab.sentAt ? `Sent ${formatDateTime(lab.sentAt)}.` : null,
    lab.attempts > 1 ? `Tried ${lab.attempts} times.` : null,
  ].filter(Boolean);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 1.25, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {lab.name}
        </Typography>
        {lab.demo && <DemoChip />}
      </Box>
      {lab.status === 'failed' ? (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {labOrderStatusText(lab)}
          {said && <Box sx={{ mt: 0.5 }}>{said}</Box>}
        </Alert>
      ) : (
        <Box>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {labOrderStatusText(lab)}
          </Typography>
          {said && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {said}
            </Typography>
          )}
        </Box>
      )}
      {lab.trackingNumber && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {lab.carrier ? `${lab.carrier} tracking` : 'Tracking'} {lab.trackingNumber}
        </Typography>
      )}
      {facts.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {facts.join(' ')}
        </Typography>
      )}
      <LabOrderLines lines={lab.lines} label={`Prints made by ${lab.name}`} />
    </Box>
  );
}

/**
 * The order's lab orders, one per lab that makes some of its prints: where each is, and the
 * owner's moves on them (approve, hold, send now, send again). Nothing when no lab makes any.
 */
export function OrderLab({ orderId, lineCount }: { orderId: number; lineCount: number }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const dispatch = useAppDispatch();
  // asked again while a worker is sending (until the lab has answered), and while a demo lab is
  // about to ship; a hold's end is waited for, then asked
  const [pollMs, setPollMs] = useState(0);
  const { data: labs } = useGetOrderLabQuery(orderId, {
    refetchOnMountOrArgChange: true,
    pollingInterval: pollMs,
  });
  const [send, { isLoading: sending }] = useSendOrderToLabMutation();
  const [hold, { isLoading: holding }] = useHoldOrderLabMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    setPollMs(labs ? labPollMs(labs) : 0);
    const wait = labs ? msToHoldEnd(labs) : null;
    if (wait === null) return;
    const timer = setTimeout(() => setPollMs(labPollMs(labs!)), wait + 500);
    return () => clearTimeout(timer);
  }, [labs]);
  // a lab order that moves on moves the order (its status, its shipments): read again
  const statuses = labs?.map((l) => `${l.provider}:${l.status}`).join(' ');
  const seen = useRef(statuses);
  useEffect(() => {
    if (seen.current !== undefined && statuses !== seen.current)
      dispatch(api.util.invalidateTags([{ type: 'Order', id: orderId }, 'Orders']));
    seen.current = statuses;
  }, [statuses, orderId, dispatch]);

  if (!labs?.length) return null;
  const actions = orderLabActions(labs);
  const labLines = labs.reduce((n, l) => n + l.lines.length, 0);
  const rest = lineCount - labLines;
  const names = labs.map((l) => l.name).join(' and ');
  const busy = sending || holding;

  const run = async (move: 'send' | 'hold') => {
    setRefusal(null);
    try {
      if (move === 'send') {
        await send(orderId).unwrap();
        toast({ title: 'Sending to the Lab', description: `Order #${orderId} goes to ${names} now.` });
      } else {
        await hold(orderId).unwrap();
        toast({ title: 'Order On Hold', description: `Order #${orderId} waits until you approve it.` });
      }
    } catch (err) {
      checkSession(err);
      // 409 (not allowed now) or 503 (the lab is down): the server's sentence, here
      setRefusal(errorMessage(err));
    }
  };

  return (
    <Section title="Print lab">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {rest > 0
            ? `${names} ${labs.length > 1 ? 'make' : 'makes'} ${labLines} of the ${lineCount} items; you ship the other ${rest === 1 ? 'one' : rest}.`
            : `${names} ${labs.length > 1 ? 'make' : 'makes'} every item in this order.`}
        </Typography>
        {labs.map((lab) => (
          <LabOrderPanel key={lab.provider} lab={lab} />
        ))}
        {(actions.send || actions.hold) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {actions.send && (
              <Button
                variant="contained"
                startIcon={<SendOutlinedIcon />}
                onClick={() => void run('send')}
                disabled={busy}
                sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
              >
                {sending ? 'Sending...' : actions.send}
              </Button>
            )}
            {actions.hold && (
              <Button
                variant="outlined"
                startIcon={<PauseOutlinedIcon />}
                onClick={() => void run('hold')}
                disabled={busy}
                sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
              >
                {holding ? 'Holding...' : 'Hold'}
              </Button>
            )}
          </Box>
        )}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
            {refusal}
          </Alert>
        )}
      </Box>
    </Section>
  );
}
