import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../../lib/format';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { DemoChip } from '../shared/lab/demo-chip';
import { LabOrderLines } from '../shared/lab/lab-order-lines';
import { labOrderStatusText, labSaidText } from '../shared/lab/lab-order-model';
import { LabOrderActions } from '../shared/lab/lab-order-actions';
import { useGetOrderLabQuery, type LabOrderView } from '../shared/lab/lab-orders-api';
import { formatDateTime } from '../shared/relative-time';
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
  const dispatch = useAppDispatch();
  // asked again while a worker is sending (until the lab has answered), and while a demo lab is
  // about to ship; a hold's end is waited for, then asked
  const [pollMs, setPollMs] = useState(0);
  const { data: labs } = useGetOrderLabQuery(orderId, {
    refetchOnMountOrArgChange: true,
    pollingInterval: pollMs,
  });
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
        <LabOrderActions orderId={orderId} names={names} send={actions.send} hold={actions.hold} />
      </Box>
    </Section>
  );
}
