import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PauseOutlinedIcon from '@mui/icons-material/PauseOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { useSessionExpiryCheck } from '../session';
import { useHoldOrderLabMutation, useSendOrderToLabMutation } from './lab-orders-api';

type Props = {
  orderId: number;
  /** The labs the order goes to, in words ('Lumaprints and Prodigi'). */
  names: string;
  /** The send button's text ('Approve and send', 'Send to lab now', 'Send again'); null: none. */
  send: string | null;
  hold: boolean;
  /** Each button names the order (a list of orders: the review page). */
  namesOrder?: boolean;
};

/**
 * Send an order's lab orders now, or hold them for the owner (Order Details and the review page):
 * a toast says what happened, a refusal (409 not allowed now, 503 the lab down) shows here in the
 * server's words.
 */
export function LabOrderActions({ orderId, names, send, hold, namesOrder = false }: Props) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [sendNow, { isLoading: sending }] = useSendOrderToLabMutation();
  const [holdNow, { isLoading: holding }] = useHoldOrderLabMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = sending || holding;

  const run = async (move: 'send' | 'hold') => {
    setRefusal(null);
    try {
      if (move === 'send') {
        await sendNow(orderId).unwrap();
        toast({ title: 'Sending to the Lab', description: `Order #${orderId} goes to ${names} now.` });
      } else {
        await holdNow(orderId).unwrap();
        toast({ title: 'Order On Hold', description: `Order #${orderId} waits until you approve it.` });
      }
    } catch (err) {
      checkSession(err);
      setRefusal(errorMessage(err));
    }
  };

  const button = (move: 'send' | 'hold', text: string, label: string) => (
    <Button
      variant={move === 'send' ? 'contained' : 'outlined'}
      startIcon={move === 'send' ? <SendOutlinedIcon /> : <PauseOutlinedIcon />}
      onClick={() => void run(move)}
      disabled={busy}
      aria-label={namesOrder ? `${label} order #${orderId}` : undefined}
      sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      {text}
    </Button>
  );
  return (
    <>
      {(send || hold) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {send && button('send', sending ? 'Sending...' : send, send)}
          {hold && button('hold', holding ? 'Holding...' : 'Hold', 'Hold')}
        </Box>
      )}
      {refusal && (
        <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
          {refusal}
        </Alert>
      )}
    </>
  );
}
