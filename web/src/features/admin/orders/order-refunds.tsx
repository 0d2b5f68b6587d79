import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RefundRow } from '../../../components/refund-row';
import { REFUND_REASONS, type AdminOrderDetail } from './api';
import { Section } from './detail-layout';
import { RefundDialog } from './refund-dialog';
import { formatDateTime } from '../shared/relative-time';
import type { RefundLicence } from './refund-dialog';

const reasonLabel = (value: string) => REFUND_REASONS.find((r) => r.value === value)?.label ?? value;

/** The refunds made so far and, while money is left, the button that refunds more. */
export function OrderRefunds({
  order,
  left,
  refundable,
  compact,
  licences = [],
}: {
  order: AdminOrderDetail['order'];
  /** The order's licence lines still standing, offered for revoking with the refund. */
  licences?: RefundLicence[];
  /** What is left to refund, in dollars. */
  left: number;
  refundable: boolean;
  compact: boolean;
}) {
  const [refunding, setRefunding] = useState(false);
  return (
    <Section title="Refunds">
      {(order.refunds ?? []).length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }} aria-label="Refunds">
          {(order.refunds ?? []).map((r) => (
            <RefundRow key={r.id} amount={r.amount}>
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {reasonLabel(r.reason)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(r.createdAt)}
                  {r.note ? ` · ${r.note}` : ''}
                </Typography>
              </Box>
            </RefundRow>
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
        refundTo={order.refundTo}
        licences={licences}
        open={refunding}
        fullScreen={compact}
        onClose={() => setRefunding(false)}
      />
    </Section>
  );
}
