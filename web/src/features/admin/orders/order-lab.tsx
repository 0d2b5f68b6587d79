import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { useSessionExpiryCheck } from '../shared/session';
import { LAB_NAME } from '../shared/lab/lab-model';
import { useGetOrderLabQuery, useSendOrderToLabMutation } from './api';
import { labOrderMoving, labOrderStatusText, labSendAction } from './order-lab-model';
import { Section } from './detail-layout';
import { formatDateTime } from '../shared/relative-time';

const POLL_MS = 2000;

/**
 * The order's lab order, when some of its prints are made by the print lab: where it is, and the
 * button that sends it now (held) or again (failed). Nothing when the lab makes none of them.
 */
export function OrderLab({ orderId, lineCount }: { orderId: number; lineCount: number }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  // while the worker is sending it, asked again every few seconds until the lab has answered
  const [moving, setMoving] = useState(false);
  const { data: lab } = useGetOrderLabQuery(orderId, {
    refetchOnMountOrArgChange: true,
    pollingInterval: moving ? POLL_MS : 0,
  });
  const [send, { isLoading: sending }] = useSendOrderToLabMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setMoving(lab ? labOrderMoving(lab) : false), [lab]);

  if (!lab) return null;
  const action = labSendAction(lab);
  const failed = lab.status === 'failed';
  const rest = lineCount - lab.labLines;

  const onSend = async () => {
    setRefusal(null);
    try {
      await send(orderId).unwrap();
      toast({ title: 'Sending to the Lab', description: `Order #${orderId} goes to ${LAB_NAME} now.` });
    } catch (err) {
      checkSession(err);
      // 409 (not allowed now) or 503 (the lab is down): the server's sentence, here
      setRefusal(errorMessage(err));
    }
  };

  return (
    <Section title="Print lab">
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        {failed ? (
          <Alert severity="error" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
            {labOrderStatusText(lab)}
          </Alert>
        ) : (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {labOrderStatusText(lab)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {rest > 0
            ? `${LAB_NAME} makes ${lab.labLines} of the ${lineCount} items; you ship the other ${rest === 1 ? 'one' : rest}.`
            : `${LAB_NAME} makes every item in this order.`}
          {lab.sentAt ? ` Sent ${formatDateTime(lab.sentAt)}.` : ''}
          {lab.attempts > 1 ? ` Tried ${lab.attempts} times.` : ''}
        </Typography>
        {action && (
          <Button
            variant={failed ? 'contained' : 'outlined'}
            startIcon={<SendOutlinedIcon />}
            onClick={() => void onSend()}
            disabled={sending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {sending ? 'Sending...' : action}
          </Button>
        )}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ width: '100%' }}>
            {refusal}
          </Alert>
        )}
      </Box>
    </Section>
  );
}
