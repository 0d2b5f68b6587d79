import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../lib/format';

/** One entry of a list of refunds (<li>): what it was on the left, the amount in bold on the right. */
export function RefundRow({ amount, children }: { amount: number; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      {children}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatPrice(amount)}
      </Typography>
    </Box>
  );
}
