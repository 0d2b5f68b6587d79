import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { useSessionExpiryCheck } from '../shell/session';
import { useGetOrderLabQuery, useSendOrderToLabMutation } from '../print-lab/api';
import { labOrderStatusText, labSendAction, LAB_NAME } from '../print-lab/print-lab-model';
import { Section } from './detail-layout';

/**
 * The order's lab order, when some of its prints are made by the print lab: where it is, and the
 * button that sends it now (held) or again (failed). Nothing when the lab makes none of them.
 */
export function OrderLab({ orderId, lineCount }: { orderId: number; lineCount: number }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const { data: lab } = useGetOrderLabQuery(orderId, { refetchOnMountOrArgChange: true });
  const [send, { isLoading: sending }] = useSendOrderToLabMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!lab) return null;
  const action = labSendAction(lab);
  const failed = lab.status === 'failed';
  const rest = lineCount - lab.labLines;

  const onSend = async () => {
    setRefusal(null);
    try {
      const answer = await send(orderId).unwrap();
      toast({
        title:
          answer.status === 'failed'
            ? 'Not Sent to the Lab'
            : answer.status === 'sent'
              ? 'Sent to the Lab'
              : 'Sending to the Lab',
        description: labOrderStatusText(answer),
        variant: answer.status === 'failed' ? 'destructive' : undefined,
      });
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
          {LAB_NAME} makes {lab.labLines} of the {lineCount} {lineCount === 1 ? 'line' : 'lines'}
          {rest > 0 ? `; you ship the other ${rest === 1 ? 'one' : rest}.` : '.'}
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
